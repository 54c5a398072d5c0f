import SpecKit

/// The run as a SARIF 2.1.0 log (the shape SwiftLint writes): each case that fails the run is an `error` at the
/// failing step's line in its spec, with the differing cells in the message; each expected failure is a `note`; each
/// finding of the exploration likewise, at the row (or the spec) whose prediction the core did not follow, so a run
/// that fails on its exploration alone is not a clean log. Rule ids: `run.diverged`, `run.unexpected-pass`,
/// `run.expired`, `run.expected-failure`, `explore.diverged` (and the same for the exploration's expected failures),
/// and `explore.limit`, a warning at the spec of a machine whose tour stopped at the transition limit.
public func renderSARIF(_ result: RunResult) -> String {
    let results = result.cases.compactMap { c -> SARIF.Result? in
        guard let rule = rule(of: c.status) else { return nil }
        let at = annotationPlace(c)
        var message = "\(c.spec) › \(c.id): " + annotationMessage(c)
        if c.status == .expectedFailure { message += c.expectedReason.map { " (expected failure: \($0)\(c.expectedExpiry.map { ", expires " + $0 } ?? ""))" } ?? "" }
        return SARIF.Result(level: c.failsRun ? "error" : "note", message: message, ruleId: rule, file: c.file, line: at.line, column: at.column)
    }
    let explored = (result.exploration?.findings ?? []).compactMap { f -> SARIF.Result? in
        guard let rule = f.status == .failed ? "explore.diverged" : rule(of: f.status) else { return nil }
        let file = f.divergence?.file ?? result.specs.first { $0.id == f.spec }?.file ?? f.spec
        return SARIF.Result(level: f.failsRun ? "error" : "note", message: "\(f.id): \(ExplorationText.message(f)); rerun with: \(f.rerunCommand)",
                            ruleId: rule, file: file, line: f.divergence?.line ?? 1, column: f.divergence?.column ?? 1)
    }
    let limited = (result.exploration?.result.machines ?? []).compactMap { m -> SARIF.Result? in
        guard let stopped = m.stoppedEarly else { return nil }
        return SARIF.Result(level: "warning", message: "\(m.spec): \(stopped)", ruleId: "explore.limit",
                            file: result.specs.first { $0.id == m.spec }?.file ?? m.spec, line: 1, column: 1)
    }
    return SARIF.Log(tool: "lockspec", version: result.identity.tool.split(separator: " ").last.map(String.init) ?? result.identity.tool,
                     results: results + explored + limited).render()
}

/// The rule id of a case's outcome, nil for a pass.
private func rule(of status: CaseStatus) -> String? {
    switch status {
    case .passed: nil
    case .failed: "run.diverged"
    case .unexpectedPass: "run.unexpected-pass"
    case .expired: "run.expired"
    case .expectedFailure: "run.expected-failure"
    }
}
