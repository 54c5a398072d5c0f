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
    out += markdownExploration(result)
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

/// The exploration in the pull-request summary: a table of machines (transitions checked, failing, expected) and each
/// finding in brief (id, situation, event, the differing cells as `expected → actual`, the rerun command); nothing
/// when the run did not explore.
private func markdownExploration(_ result: RunResult) -> String {
    guard let exploration = result.exploration else { return "" }
    var out = "\n### Exploration\n\n| Machine | Situations | Transitions checked | Failing | Expected failures |\n|---|---:|---:|---:|---:|\n"
    for m in exploration.result.machines {
        let findings = exploration.findings.filter { $0.spec == m.spec }
        out += "| \(Escape.markdown(m.spec)) | \(m.situations) | \(m.checked)/\(m.transitions) | \(findings.filter(\.failsRun).count)"
        out += " | \(findings.filter { $0.status == .expectedFailure }.count) |\n"
    }
    let failing = exploration.findings.filter(\.failsRun)
    if !failing.isEmpty { out += "\n" }
    for f in failing {
        out += "- **\(ReportText.word(f.status))** \(Escape.markdownCode(f.id)) in \(Escape.markdown(f.spec))"
        if let d = f.divergence {
            out += ", \(Escape.markdownCode("\(d.file):\(d.line)"))\n"
            out += "  - situation: \(Escape.markdown(d.situation)); event: \(Escape.markdownCode(d.event))"
            out += "; expected: \(d.row.map { "row " + Escape.markdownCode($0) } ?? "nothing happens (otherwise: ignore)")\n"
            if d.longerHistory { out += "  - diverges only after a longer history (\(d.divergence.path.count) steps); on its shortest path it holds\n" }
            for cell in d.divergence.cells where !cell.ok {
                out += "  - \(Escape.markdown(cell.name)): \(Escape.markdownCode(cell.expected.description)) → \(Escape.markdownCode(cell.actual.description))\n"
            }
            if let e = d.divergence.error { out += "  - fixture error: \(Escape.markdown(e))\n" }
        } else {
            out += "\n  - \(Escape.markdown(ExplorationText.message(f)))\n"
        }
        out += "  - rerun: \(Escape.markdownCode(f.rerunCommand))\n"
    }
    return out
}
