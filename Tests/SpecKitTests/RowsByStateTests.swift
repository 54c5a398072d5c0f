import Testing
@testable import SpecKit

/// The machine model's index of state names and its rows by state and event: the table the search and the region
/// checks find a situation's rows in.
@Suite("Rows by state and event")
struct RowsByStateTests {
    /// A machine of ten states S0...S9: rows from S(r) to S(r+1) on `go`, one row from two states, one from any state.
    private func machine() throws -> Machine {
        var text = "id: t.chain\nkind: machine\ntitle: T\nsource: doc.md §1\nfixture: fx\n"
        text += "states: [" + (0...9).map { "S\($0)" }.joined(separator: ", ") + "]\ninitial: S0\n"
        text += "events:\n  go:\n  back:\n  reset:\nrows:\n"
        for r in 0..<9 { text += "  - {id: R-\(r), source: doc.md §1, from: S\(r), on: go, to: S\(r + 1)}\n" }
        text += "  - {id: B, source: doc.md §1, from: [S5, S7], on: back, to: S2}\n"
        text += "  - {id: Z, source: doc.md §1, from: any, on: reset, to: S0}\n"
        let compilation = SpecSources.compile(text)
        #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics)")
        guard case .machine(let m) = try #require(compilation.specs.first).body else {
            Issue.record("not a machine")
            throw CancellationError()
        }
        return m
    }

    /// Each state's first index by name, worked out here from the states alone.
    private func firstIndex(_ machine: Machine) -> [String: Int] {
        var index: [String: Int] = [:]
        for (s, state) in machine.states.enumerated() where index[state.name] == nil { index[state.name] = s }
        return index
    }

    @Test("each state's index is its first place, and a row lands in the cell of every state it starts from and its event")
    func cells() throws {
        let m = try machine()
        let model = MachineModel(machine: m, maximumInputCombinations: 16)
        for (name, index) in firstIndex(m) { #expect(model.stateIndex[name] == index, "\(name)") }
        #expect(model.stateIndex["Nowhere"] == nil)
        let events = m.events.map(\.name)
        let (starts, list) = MachineModel.rowsByStateAndEvent(m, events: events, resolve: model.stateIndex)
        func cell(_ state: Int, _ event: String) -> [String] {
            let c = state * events.count + (events.firstIndex(of: event) ?? -1)
            return list[starts[c]..<starts[c + 1]].map { m.rows[$0].identity.id }
        }
        for s in 0..<9 { #expect(cell(s, "go") == ["R-\(s)"]) }
        #expect(cell(9, "go").isEmpty)
        #expect((0...9).filter { !cell($0, "back").isEmpty } == [5, 7])
        #expect(cell(5, "back") == ["B"])
        #expect((0...9).allSatisfy { cell($0, "reset") == ["Z"] })
    }

    @Test("a state listed twice resolves to its first place")
    func repeatedName() throws {
        var m = try machine()
        m.states[2] = Named(name: "S5", location: m.states[2].location)
        let model = MachineModel(machine: m, maximumInputCombinations: 16)
        for (name, index) in firstIndex(m) { #expect(model.stateIndex[name] == index, "\(name)") }
        #expect(model.stateIndex["S5"] == 2)
        #expect(model.stateIndex["S2"] == nil)
    }
}
