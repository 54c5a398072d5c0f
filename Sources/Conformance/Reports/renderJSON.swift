import SpecKit

/// The whole run as canonical JSON (sorted keys, stable): the run result's own fields (the exploration, with its
/// per-machine coverage and findings, when the run explored; `sections`, the coverage by document and section), plus a
/// `summary` object, `countsExplained` (the sentence saying what rows, cases and JUnit testcases are), the `decisions` register and a `format` number. `decodeRunResult` reads it back, so shards can be
/// merged.
public func renderJSON(_ result: RunResult) throws -> String {
    try Emitter.canonicalJSON(RunReportDocument(result))
}

/// The JSON report's format number: what `renderJSON` writes and the newest `decodeRunResult` reads.
public enum RunReportFormat {
    /// The format this build writes.
    public static let current = 7
}

/// The JSON report's shape: RunResult's fields beside a summary, so a reader needs no second file.
private struct RunReportDocument: Encodable {
    // 2: cells hold typed values and effects; 3: the identity names the build (commit, dirty flag) and the design
    // documents; 4: the exploration; 5: the identity's other inputs (product files, section reasons, expected
    // failures) and the cases --fail-fast did not reach; 6: each case's checks (its own row's steps and expected cells);
    // 7: the product values set with a decision and the rows that read them (`productDecisions`, absent when none).
    var format = RunReportFormat.current
    var summary: RunSummary
    /// The sentence saying what rows, cases and JUnit testcases are, with this run's numbers.
    var countsExplained: String
    var identity: RunIdentity
    var specs: [CompiledSpec]
    var cases: [CaseResult]
    var exploration: RunExploration?
    var sections: SectionCoverage?
    var notReached: Int?
    var productDecisions: [ProductDecision]?
    var decisions: DecisionRegister

    init(_ result: RunResult) {
        summary = RunSummary(result)
        countsExplained = ReportText.countsExplained(result)
        identity = result.identity
        specs = result.specs
        cases = result.cases
        exploration = result.exploration
        sections = result.sections
        notReached = result.notReached
        productDecisions = result.productDecisions
        decisions = DecisionRegister(result)
    }
}
