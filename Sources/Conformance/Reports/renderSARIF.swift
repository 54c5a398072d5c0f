import SpecKit

/// The run as a SARIF 2.1.0 log (the shape SwiftLint writes): each case that fails the run is an `error` at the
/// failing step's line in its spec, with the differing cells in the message; each expected failure is a `note`.
/// Rule ids: `run.diverged`, `run.unexpected-pass`, `run.expired`, `run.expected-failure`.
public func renderSARIF(_ result: RunResult) -> String {
    let results = result.cases.compactMap { c -> SARIF.Result? in
        let rule: String
        switch c.status {
        case .passed: return nil
        case .failed: rule = "run.diverged"
        case .unexpectedPass: rule = "run.unexpected-pass"
        case .expired: rule = "run.expired"
        case .expectedFailure: rule = "run.expected-failure"
        }
        let at = annotationPlace(c)
        var message = "\(c.spec) › \(c.id): " + annotationMessage(c)
        if c.status == .expectedFailure { message += c.expectedReason.map { " (expected failure: \($0)\(c.expectedExpiry.map { ", expires " + $0 } ?? ""))" } ?? "" }
        return SARIF.Result(level: c.failsRun ? "error" : "note", message: message, ruleId: rule, file: c.file, line: at.line, column: at.column)
    }
    return SARIF.Log(tool: "lockspec", version: result.identity.tool.split(separator: " ").last.map(String.init) ?? result.identity.tool, results: results).render()
}
