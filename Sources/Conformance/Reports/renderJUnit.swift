/// The run as JUnit XML, for CI readers: one `<testsuite>` per spec with the run identity in `<properties>`, and one
/// `<testcase classname="spec" name="case">` per case. A divergence, an unexpected pass or an expired expectation is
/// a `<failure>` whose body is the full account; an expected failure is `<skipped>`.
public func renderJUnit(_ result: RunResult) -> String {
    func attr(_ s: String) -> String { Escape.xml(s, attribute: true) }
    let total = RunSummary(result)
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<testsuites name=\"lockspec\" tests=\"\(total.total)\" failures=\"\(total.failed + total.unexpectedPasses + total.expired)\""
    out += " errors=\"0\" skipped=\"\(total.expectedFailures)\">\n"
    let fingerprints = Dictionary(result.identity.specs.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    for id in ReportText.specIDs(result) {
        let cases = result.cases.filter { $0.spec == id }
        let s = RunSummary(cases: cases)
        out += "  <testsuite name=\"\(attr(id))\" tests=\"\(s.total)\" failures=\"\(s.failed + s.unexpectedPasses + s.expired)\""
        out += " errors=\"0\" skipped=\"\(s.expectedFailures)\">\n"
        out += "    <properties>\n"
        var properties: [(String, String)] = [
            ("lockspec.tool", result.identity.tool),
            ("lockspec.core.commit", result.identity.coreCommit),
            ("lockspec.started", result.identity.startedAt),
        ]
        if let shard = result.identity.shard { properties.append(("lockspec.shard", shard)) }
        if let print = fingerprints[id] ?? result.specs.first(where: { $0.id == id }).map({ SpecFingerprint(id: $0.id, file: $0.file, sha256: $0.sha256) }) {
            properties.append(("lockspec.spec.file", print.file))
            properties.append(("lockspec.spec.sha256", print.sha256))
        }
        for (name, value) in properties {
            out += "      <property name=\"\(attr(name))\" value=\"\(attr(value))\"/>\n"
        }
        out += "    </properties>\n"
        for c in cases {
            out += "    <testcase classname=\"\(attr(c.spec))\" name=\"\(attr(c.id))\" file=\"\(attr(c.file))\" line=\"\(c.line)\""
            switch c.status {
            case .passed:
                out += "/>\n"
            case .expectedFailure:
                out += ">\n      <skipped message=\"\(attr("expected failure: " + (c.expectedReason ?? "listed")))\"/>\n    </testcase>\n"
            case .failed, .unexpectedPass, .expired:
                let type = c.status == .failed ? "divergence" : c.status == .unexpectedPass ? "unexpected-pass" : "expired"
                out += ">\n      <failure message=\"\(attr(failureMessage(c)))\" type=\"\(type)\">"
                out += Escape.xml(ReportText.account(c).joined(separator: "\n"))
                out += "</failure>\n    </testcase>\n"
            }
        }
        out += "  </testsuite>\n"
    }
    out += "</testsuites>\n"
    return out
}

/// The one-line message of a failure: what went wrong and where.
private func failureMessage(_ c: CaseResult) -> String {
    switch c.status {
    case .unexpectedPass: return "row \(c.row) passed but is listed as an expected failure"
    case .expired: return "the expected failure of row \(c.row) has expired"
    default:
        guard let d = c.divergence else { return "row \(c.row) diverged" }
        let bad = d.cells.filter { !$0.ok }.map { "\($0.name): expected \($0.expected), actual \($0.actual)" }
        var text = d.onPath ? "while reaching row \(c.row), step \(d.step + 1) (row \(d.row ?? "?")) diverged"
                            : "row \(c.row) diverged at step \(d.step + 1) (\(d.action))"
        if !bad.isEmpty { text += ": " + bad.joined(separator: "; ") }
        if let e = d.error { text += ": fixture error: \(e)" }
        return text
    }
}
