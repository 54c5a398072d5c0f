import SpecKit

/// GitHub Actions workflow commands for the cases that fail the run: each `::error` points at the failing step's own
/// line in the spec (the expectation that did not hold; the row's line when nothing diverged, as for an unexpected
/// pass) and says which cells differ, expected against actual, and how to rerun the row.
public func renderGitHubAnnotations(_ result: RunResult) -> String {
    result.cases.filter(\.failsRun).map { c in
        let v = VisibleText.escape
        let at = annotationPlace(c)
        return "::error file=\(property(v(c.file))),line=\(at.line),col=\(at.column),title=\(property(v(c.id)))::\(data(v(annotationMessage(c))))\n"
    }.joined()
}

/// Where a failing case is reported: the diverging step's expectation, or the row.
func annotationPlace(_ c: CaseResult) -> (line: Int, column: Int) {
    guard let d = c.divergence, d.line > 0 else { return (c.line, c.column) }
    return (d.line, max(1, d.column))
}

/// One sentence: what happened, at which step, the differing cells, and the rerun command.
func annotationMessage(_ c: CaseResult) -> String {
    var text: String
    switch c.status {
    case .unexpectedPass: text = "row \(c.row) passed but is listed as an expected failure"
    case .expired: text = "row \(c.row) has an expired expected-failure entry\(c.expectedExpiry.map { " (expired \($0))" } ?? "")"
    default:
        text = c.divergence?.isFixtureError == true ? "row \(c.row) could not be checked (a fixture error)" : "row \(c.row) diverges from the core"
    }
    if let d = c.divergence {
        text += " at step \(d.step + 1) (\(d.action))"
        if d.onPath { text += ", while reaching the row, on row \(d.row ?? "?")" }
        let cells = d.cells.filter { !$0.ok }.map { "\($0.name): expected \($0.shown.expected), actual \($0.shown.actual)" }
        if !cells.isEmpty { text += ": " + cells.joined(separator: "; ") }
        text += d.cells.compactMap(\.note).map { " (\($0))" }.joined()
        if let e = d.error { text += "; fixture error: \(e)" }
    }
    return text + "; rerun with: \(RunResult.rerunCommand(for: c))"
}

private func data(_ s: String) -> String {
    s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
}

private func property(_ s: String) -> String {
    data(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
}
