import SpecKit

/// Counts of a run's cases by outcome, and its verdict. Every report states the same numbers from this one value.
public struct RunSummary: Codable, Hashable, Sendable {
    /// Every case.
    public var total: Int
    /// Cases where every step held.
    public var passed: Int
    /// Cases that diverged and were not expected to.
    public var failed: Int
    /// Cases listed as expected failures that did fail.
    public var expectedFailures: Int
    /// Cases listed as expected failures that passed (a stale list fails the run).
    public var unexpectedPasses: Int
    /// Cases whose expected-failure entry has expired.
    public var expired: Int
    /// `pass` or `fail`: whether the run holds (its rows and, when it explored, its exploration).
    public var verdict: String
    /// The selected cases `--fail-fast` left unrun; nil when every one ran.
    public var notReached: Int?
    /// The transitions the exploration checked, the tours' and the random walks' steps; nil when the run did not
    /// explore.
    public var transitionsChecked: Int?
    /// Of those, the random walks' steps; nil when the run did not explore.
    public var walkSteps: Int?
    /// Of those, the moves of the device clock back (the tours' and the walks'); nil when the run moved no clock.
    public var clockMovesChecked: Int?
    /// Exploration findings that fail the run (divergences not listed, unexpected passes, expired entries); nil when
    /// the run did not explore.
    public var explorationFailing: Int?
    /// Exploration divergences listed as expected failures; nil when the run did not explore.
    public var explorationExpected: Int?

    /// Counts the given cases.
    public init(cases: [CaseResult]) {
        func count(_ status: CaseStatus) -> Int { cases.reduce(0) { $0 + ($1.status == status ? 1 : 0) } }
        total = cases.count
        passed = count(.passed)
        failed = count(.failed)
        expectedFailures = count(.expectedFailure)
        unexpectedPasses = count(.unexpectedPass)
        expired = count(.expired)
        verdict = cases.contains { $0.failsRun } ? "fail" : "pass"
    }

    /// Counts a whole run, its exploration included.
    public init(_ result: RunResult) {
        self.init(cases: result.cases)
        notReached = result.notReached
        guard let exploration = result.exploration else { return }
        transitionsChecked = exploration.result.checked
        walkSteps = exploration.result.walks.reduce(0) { $0 + $1.steps }
        let moves = exploration.result.machines.compactMap(\.clockMoves) + exploration.result.walks.compactMap(\.clockMoves)
        clockMovesChecked = moves.isEmpty ? nil : moves.reduce(0, +)
        explorationFailing = exploration.findings.filter(\.failsRun).count
        explorationExpected = exploration.findings.filter { $0.status == .expectedFailure }.count
        if exploration.failed { verdict = "fail" }
    }

    /// Whether the run holds.
    public var holds: Bool { verdict == "pass" }

    /// Cases that fail the run: divergences, unexpected passes and expired expectations. Every report calls them
    /// "failing".
    public var failing: Int { failed + unexpectedPasses + expired }

    /// `N passed, N failing`, the failing ones that are not divergences in parentheses (`1 unexpected pass, 1 expired`),
    /// then `, N expected failures` when there are any, then ` of N cases`; then, when the run explored,
    /// `; exploration: N transitions checked (N toured, N random-walk steps[, N clock moves back and forward]), N failing[, N expected]`,
    /// and when it did not, `; exploration and random walks: not run`, so a narrowed PASS says what it leaves out.
    public var line: String {
        var text = "\(passed) passed, \(failing) failing"
        var detail: [String] = []
        if unexpectedPasses > 0 { detail.append("\(unexpectedPasses) unexpected pass\(unexpectedPasses == 1 ? "" : "es")") }
        if expired > 0 { detail.append("\(expired) expired") }
        if !detail.isEmpty { text += " (" + detail.joined(separator: ", ") + ")" }
        if expectedFailures > 0 { text += ", \(expectedFailures) expected failure\(expectedFailures == 1 ? "" : "s")" }
        text += " of \(counted(total, "case"))"
        if let notReached { text += "; stopped at the first failure (--fail-fast): \(counted(notReached, "case")) not run" }
        guard let transitionsChecked, let explorationFailing else { return text + "; exploration and random walks: not run" }
        let walks = walkSteps ?? 0
        var parts = ["\(transitionsChecked - walks) toured", "\(counted(walks, "random-walk step"))"]
        if let clockMovesChecked { parts.append("\(counted(clockMovesChecked, "clock move")) back and forward") }
        text += "; exploration: \(counted(transitionsChecked, "transition")) checked (\(parts.joined(separator: ", "))), \(explorationFailing) failing"
        if let explorationExpected, explorationExpected > 0 { text += ", \(explorationExpected) expected" }
        return text
    }
}
