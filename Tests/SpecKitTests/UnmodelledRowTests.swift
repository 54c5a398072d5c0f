import Testing
@testable import SpecKit

/// `unmodelled: <why>` on a machine row: where it matches the table predicts nothing, so no case is compiled for it and
/// the exploration leaves the step out, while the row is not dead and a row beside it keeps every check.
@Suite("Unmodelled rows")
struct UnmodelledRowTests {
    private static func machine(_ rows: String) -> String { SpecSources.machine(states: "[Open]", rows: rows) }

    private static let counted = "  - id: R-COUNT\n    source: doc.md §1\n    on: appear\n    when: {failures: ..2}\n    then: {failures: \"+1\"}\n"
    private static let unmodelled = "  - id: R-LATER\n    source: doc.md §1\n    on: appear\n    when: {failures: 3}\n    unmodelled: the count past 3 is not modelled\n"

    @Test("no finding, no case for the unmodelled row, and the exploration predicts nothing where it matches")
    func predictsNothing() throws {
        let compilation = SpecSources.compile(Self.machine(Self.counted + Self.unmodelled))
        #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics)")
        #expect(compilation.testCase("R-COUNT") != nil)
        #expect(compilation.testCase("R-LATER") == nil)
        let spec = try #require(compilation.specs.first)
        let exploration = try #require(MachineExplorer.explore(spec))
        let top = try #require(exploration.situations.first { $0.variables.contains { $0.name == "failures" && $0.value == .int(3) } })
        #expect(!top.transitions.contains { $0.step.action.description == "appear" })
        #expect(top.transitions.contains { $0.step.action.description.hasPrefix("active") })
    }

    @Test("the compiled rows say why a row has no case: marked unmodelled where it matches, never firing where nothing matches it")
    func compiledRowSaysWhy() throws {
        // Nothing sets enabled (it starts false), so a row for enabled=true is dead though it is marked unmodelled.
        let never = "  - id: R-NEVER\n    source: doc.md §1\n    on: active\n    when: {enabled: true}\n    unmodelled: not modelled\n"
        let compilation = SpecSources.compile(Self.machine(Self.counted + Self.unmodelled + never))
        #expect(compilation.summary == ["28:5 check.dead-row"], "\(compilation.diagnostics)")
        let rows = try #require(compilation.suite.specs.first).rows
        #expect(rows.map(\.id) == ["R-COUNT", "R-LATER", "R-NEVER"])
        #expect(rows.map(\.noCase) == [nil, .unmodelled, .neverFires])
    }

    @Test("spec.unmodelled-outcome: an unmodelled row that also sets, emits or moves is refused at that key")
    func outcomeRefused() throws {
        let row = Self.unmodelled + "    to: Open\n"
        let compilation = SpecSources.compile(Self.machine(Self.counted + row))
        let d = try #require(compilation.findings("spec.unmodelled-outcome").first, "\(compilation.diagnostics)")
        #expect(d.message == "row R-LATER is unmodelled, so it predicts nothing: drop its 'to'")
        #expect(d.location.line == 28)  // rows: at 17; R-COUNT 18–22; R-LATER 23–27; its `to` at 28
    }
}
