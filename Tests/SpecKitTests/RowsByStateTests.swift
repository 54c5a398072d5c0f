import Testing
@testable import SpecKit

/// The rows by state and event, the table the search and the region checks find a situation's rows in, each row's
/// states and events looked up once.
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

    @Test("a row lands in the cell of every state it starts from and its event")
    func cells() throws {
        let m = try machine()
        let events = m.events.map(\.name) + [Machine.relaunchEvent]
        let (starts, list) = MachineModel.rowsByStateAndEvent(m, states: m.states.enumerated().firstByKey { ($1.name, $0) })
        #expect(starts.count == m.states.count * events.count + 1)
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

    @Test("the reader gives the initial state's position and the inputs a condition may test besides the variables")
    func positions() throws {
        let text = SpecSources.machine(rows: """
          - {id: R1, source: doc.md §1, from: Locked, on: active, when: {away: ">= 1h", failures: "< 3"}, then: {failures: 0, enabled: true}, to: Open}
          - {id: R2, source: doc.md §1, on: [appear, relaunch], effects: [startAuth]}
        """)
        let compilation = SpecSources.compile(text)
        #expect(!compilation.failed(strict: false), "\(compilation.diagnostics)")
        guard case .machine(let m) = try #require(compilation.specs.first).body else { Issue.record("not a machine"); return }
        #expect(m.states.map(\.name) == ["Open", "Locked"])
        #expect(m.initialIndex == 0)
        #expect(m.inputNames == ["away"])
    }
}
