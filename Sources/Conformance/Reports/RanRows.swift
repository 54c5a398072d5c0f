import SpecKit

/// The rows a run ran, as `[spec, row]`, and those of them that failed: what a section's coverage says of the rows that
/// cite it (a section covered by a failing row is not shown as covered and green).
struct RanRows {
    /// Every row with a case in the run.
    let ran: Set<[String]>
    /// The rows with a case that fails the run (it failed, passed though listed, or its listing expired).
    let failing: Set<[String]>
    /// The rows with a case that failed as the expected-failures file says, and none that fails the run.
    let failingAsExpected: Set<[String]>

    /// The rows of a run.
    init(_ result: RunResult) {
        let key = { (c: CaseResult) in [c.spec, c.row] }
        ran = Set(result.cases.map(key))
        failing = Set(result.cases.filter(\.failsRun).map(key))
        failingAsExpected = Set(result.cases.filter { $0.status == .expectedFailure }.map(key)).subtracting(failing)
    }

    /// Whether a row ran.
    func contains(_ row: [String]) -> Bool { ran.contains(row) }

    /// How many of a section's citing rows fail the run, and how many fail as expected.
    func failures(_ section: SectionCoverage.Section) -> (failing: Int, expected: Int) {
        let keys = section.rows.map { [$0.spec, $0.row] }
        return (keys.filter(failing.contains).count, keys.filter(failingAsExpected.contains).count)
    }
}
