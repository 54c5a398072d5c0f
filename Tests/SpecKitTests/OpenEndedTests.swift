import Testing
@testable import SpecKit

/// `open-ended: true` on an int variable: the model stops at the top of the domain, so a step past it is neither a
/// `check.domain` error nor a prediction, while the bottom and the other variables keep every check.
@Suite("Open-ended variables")
struct OpenEndedTests {
    /// The standard machine (`SpecSources.machine`) with `failures` declared as written here (line 10).
    private static func machine(failures: String, rows: String) -> String {
        SpecSources.machine(states: "[Open]", rows: rows)
            .replacingOccurrences(of: "  failures: int 0..3", with: "  failures: \(failures)")
    }

    private static let countingRow = "  - id: R-FAIL\n    source: doc.md §1\n    on: appear\n    then: {failures: \"+1\"}\n"

    @Test("a '+1' past the top of an open-ended variable is no check.domain error, and the row still fires below it")
    func topIsAllowed() throws {
        let compilation = SpecSources.compile(Self.machine(failures: "{type: int 0..3, open-ended: true}", rows: Self.countingRow))
        #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics)")
        #expect(compilation.testCase("R-FAIL") != nil)
        guard case .machine(let machine)? = compilation.specs.first?.body else { Issue.record("not a machine"); return }
        #expect(machine.variables.first { $0.name == "failures" }?.openEnded == true)
    }

    @Test("the exploration predicts every step up to the top and leaves the step past it unpredicted")
    func explorationStopsAtTheTop() throws {
        let compilation = SpecSources.compile(Self.machine(failures: "{type: int 0..3, open-ended: true}", rows: Self.countingRow))
        let spec = try #require(compilation.specs.first)
        let exploration = try #require(MachineExplorer.explore(spec))
        let counts = exploration.situations.map { $0.variables.first { $0.name == "failures" }?.value }
        #expect(counts == [.int(0), .int(1), .int(2), .int(3)])
        let top = try #require(exploration.situations.last)
        // At failures=3 appear would make 4: no prediction; `active` (no row, otherwise: ignore) still is one.
        #expect(!top.transitions.contains { $0.step.action.description == "appear" })
        #expect(top.transitions.contains { $0.step.action.description.hasPrefix("active") })
    }

    @Test("below the bottom is still check.domain, open-ended or not")
    func bottomIsStillAnError() throws {
        let row = "  - id: R-DOWN\n    source: doc.md §1\n    on: appear\n    then: {failures: \"-1\"}\n"
        let compilation = SpecSources.compile(Self.machine(failures: "{type: int 0..3, open-ended: true}", rows: row))
        // From 0 the row can only leave the domain, so it also never fires (check.dead-row).
        #expect(compilation.diagnostics.map(\.id).sorted() == ["check.dead-row", "check.domain"])
        #expect(compilation.findings("check.domain").first?.message.contains("would set failures to -1") == true)
    }

    @Test("without open-ended the same '+1' is a check.domain error (the default is unchanged)")
    func closedByDefault() {
        let compilation = SpecSources.compile(Self.machine(failures: "{type: int 0..3}", rows: Self.countingRow))
        #expect(compilation.diagnostics.map(\.id) == ["check.domain"])
    }

    @Test("spec.bad-open-ended: a value other than true/false, or a variable that is not int, at the value's place",
          arguments: [
              ("{type: int 0..3, open-ended: yes}", "open-ended of 'failures' must be true or false, not 'yes'", 42),
              ("{type: bool, open-ended: true}", "only an int variable can be open-ended ('failures' is bool): the model stops at the top of its domain", 38),
          ])
    func badOpenEnded(declaration: String, message: String, column: Int) throws {
        let compilation = SpecSources.compile(Self.machine(failures: declaration, rows: "  - id: R1\n    source: doc.md §1\n    on: appear\n"))
        let d = try #require(compilation.findings("spec.bad-open-ended").first, "\(compilation.diagnostics)")
        #expect(d.severity == .error)
        #expect(d.message == message)
        #expect(d.location == SpecKit.SourceLocation(file: "x.yaml", line: 10, column: column))
    }
}
