/// The summary a CI job posts on a pull request: a PASS/FAIL headline, a table of specs, each finding in brief
/// (case, row, source, file:line, the differing cells as `expected → actual`, the rerun command), and the run identity.
public func renderMarkdown(_ result: RunResult) -> String {
    let summary = RunSummary(result)
    var out = "## LockSpec conformance: \(summary.holds ? "PASS" : "FAIL")\n\n"
    out += summary.line + "\n\n"
    // Rows are the spec's rows; the other columns count cases (a machine row runs once per tested value, a matrix
    // rule once per cell).
    out += "| Spec | Rows | Cases | Passed | Failing | Expected failures |\n|---|---:|---:|---:|---:|---:|\n"
    for id in ReportText.specIDs(result) {
        let cases = result.cases.filter { $0.spec == id }
        let s = RunSummary(cases: cases)
        let rows = result.specs.first { $0.id == id }?.rows.count ?? Set(cases.map(\.row)).count
        out += "| \(Escape.markdown(id)) | \(rows) | \(cases.count) | \(s.passed) | \(s.failed + s.unexpectedPasses + s.expired) | \(s.expectedFailures) |\n"
    }
    let findings = result.cases.filter { $0.failsRun }
    if !findings.isEmpty {
        out += "\n### Findings\n\n"
        for c in findings {
            out += "- **\(ReportText.word(c.status))** \(Escape.markdownCode(c.id)) in \(Escape.markdown(c.spec))"
            out += ", row \(Escape.markdownCode(c.row)), \(Escape.markdown(ReportText.origin(c)))"
            out += ", \(Escape.markdownCode("\(c.file):\(c.line)"))\n"
            if let d = c.divergence {
                if d.onPath {
                    out += "  - while reaching the row, step \(d.step + 1) (row \(Escape.markdownCode(d.row ?? "?"))) diverged\n"
                }
                for cell in d.cells where !cell.ok {
                    out += "  - \(Escape.markdown(cell.name)): \(Escape.markdownCode(cell.expected.description)) → \(Escape.markdownCode(cell.actual.description))\n"
                }
                if let e = d.error { out += "  - fixture error: \(Escape.markdown(e))\n" }
            }
            if c.status == .unexpectedPass {
                out += "  - passed, but listed as an expected failure: remove it from the list\n"
            } else if c.status == .expired {
                out += "  - the expected-failure entry has expired\n"
            }
            out += "  - rerun: \(Escape.markdownCode(RunResult.rerunCommand(for: c)))\n"
        }
    }
    out += "\n### Run\n\n"
    out += "- build under test: \(Escape.markdownCode(result.identity.build.description)) (recorded at build time, \(Escape.markdown(result.identity.build.recordedAt)))\n"
    out += "- tool: \(Escape.markdownCode(result.identity.tool))\n"
    out += "- started: \(Escape.markdown(result.identity.startedAt))\n"
    if let shard = result.identity.shard { out += "- shard: \(Escape.markdown(shard))\n" }
    for print in result.identity.specs.sorted(by: { $0.id < $1.id }) {
        out += "- \(Escape.markdown(print.id)): \(Escape.markdownCode(print.file)) sha256 \(Escape.markdownCode(String(print.sha256.prefix(12))))\n"
    }
    for print in result.identity.documents {
        out += "- document \(Escape.markdownCode(print.name)) sha256 \(Escape.markdownCode(String(print.sha256.prefix(12))))\n"
    }
    return out
}
