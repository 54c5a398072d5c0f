import Testing
@testable import SpecKit

/// The reader keeps where it found each row's states (`StateHints`) and its index of state names (`StateNameIndex`),
/// so that the model need not hash the names again; `StateResolver` must give exactly the answers a look-up by name
/// gives, whatever was changed after reading, and the caches must never make two equal machines differ.
@Suite("State resolver")
struct StateResolverTests {
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

    @Test("the reader records the index of a row's one 'from' state and of its 'to', and none for several or any")
    func readerHints() throws {
        let m = try machine()
        for r in 0..<9 {
            #expect(m.rows[r].stateHints.from == Int32(r))
            #expect(m.rows[r].stateHints.to == Int32(r + 1))
        }
        #expect(m.rows[9].stateHints.from == -1)
        #expect(m.rows[9].stateHints.to == 2)
        #expect(m.rows[10].stateHints.from == -1)
        #expect(m.nameIndex.index == firstIndex(m))
    }

    @Test("on the machine as read, every name resolves to the index a look-up gives")
    func asRead() throws {
        let m = try machine()
        let resolve = StateResolver(m)
        #expect(resolve.index == firstIndex(m))
        for row in m.rows {
            if row.from.count == 1 { #expect(resolve(row.from[0], hint: row.stateHints.from) == firstIndex(m)[row.from[0]]) }
            if let to = row.to { #expect(resolve(to, hint: row.stateHints.to) == firstIndex(m)[to]) }
        }
        #expect(resolve("Nowhere", hint: 3) == nil)
    }

    @Test("once the states change, a hint that still names its state is not trusted: a repeated name resolves to its first place")
    func changedStates() throws {
        var m = try machine()
        // S5 now also stands at index 2: row R-5's hint (5) still holds the name S5, but a look-up gives 2.
        m.states[2] = Named(name: "S5", location: m.states[2].location)
        let resolve = StateResolver(m)
        #expect(resolve.index == firstIndex(m))
        #expect(resolve("S5", hint: m.rows[5].stateHints.from) == 2)
        #expect(resolve("S2", hint: 2) == nil)
        // A model over the changed machine starts R-5 where a look-up says, not where the hint pointed.
        let model = MachineModel(machine: m, maximumInputCombinations: 16)
        #expect(model.stateIndex["S5"] == 2)
    }

    @Test("a row whose names changed after reading falls back to a look-up")
    func changedRow() throws {
        var m = try machine()
        m.rows[3].to = "S8"
        m.rows[4].from = ["S0"]
        let resolve = StateResolver(m)
        #expect(resolve(m.rows[3].to ?? "", hint: m.rows[3].stateHints.to) == 8)
        #expect(resolve(m.rows[4].from[0], hint: m.rows[4].stateHints.from) == 0)
    }

    @Test("the caches take no part in equality or hashing")
    func notPartOfTheValue() throws {
        let m = try machine()
        var bare = m
        bare.nameIndex = StateNameIndex()
        for r in bare.rows.indices { bare.rows[r].stateHints = StateHints() }
        #expect(bare == m)
        #expect(bare.hashValue == m.hashValue)
        #expect(bare.rows[0] == m.rows[0])
        // Without the caches the model resolves the same rows to the same states.
        let (a, b) = (MachineModel(machine: m, maximumInputCombinations: 16), MachineModel(machine: bare, maximumInputCombinations: 16))
        #expect(a.stateIndex == b.stateIndex)
        let events = m.events.map(\.name)
        let withHints = MachineModel.rowsByStateAndEvent(m, events: events, resolve: a.stateResolver)
        let withoutHints = MachineModel.rowsByStateAndEvent(bare, events: events, resolve: b.stateResolver)
        #expect(withHints.starts == withoutHints.starts)
        #expect(withHints.list == withoutHints.list)
    }
}
