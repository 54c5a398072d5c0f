/// The Markdown summary for a pull request or a CI job summary: the score, the statuses per operator, the kill
/// matrix's figures, the survivors with their nearest rows, and the findings that fail the run.
public enum MutationMarkdown {
    /// The summary.
    public static func render(_ report: MutationReport, verdict: MutationVerdict) -> String {
        let matrix = KillMatrix(report)
        var md = "## Mutation analysis: \(verdict.fails ? "FAIL" : "PASS")\n\n"
        md += "**\(MutationText.scoreLine(report))** over \(report.mutants.count) mutants of \(report.settings.planSites) sites "
            + "(\(MutationText.statusLine(report.statusCounts))). Compile errors and accepted survivors (Ignored) are left out of the score; NoCoverage (no case reaches the mutant) counts as a survivor.\n\n"
        md += "| operator | " + MutantStatus.allCases.map(\.rawValue).joined(separator: " | ") + " |\n"
        md += "|---|" + String(repeating: "---:|", count: MutantStatus.allCases.count) + "\n"
        for (op, counts) in MutationText.byOperator(report) {
            md += "| \(op.rawValue) | " + MutantStatus.allCases.map { String(counts[$0] ?? 0) }.joined(separator: " | ") + " |\n"
        }
        md += MutationText.listedLine(report).map { "\n\($0.prefix(1).uppercased() + $0.dropFirst()).\n" } ?? ""
        md += report.settings.exactMatrix
            ? "\nKill matrix: \(matrix.kills.count) rows kill at least one mutant; \(matrix.idleRows.count) rows kill none; "
                + "\(matrix.singleKills.count) mutants are killed by one row only.\n"
            : "\nKill matrix: not measured (each mutant's gate stopped at its first failing case; `--matrix` runs them all).\n"
        let survivors = report.mutants.filter { $0.reportedStatus == .survived || $0.reportedStatus == .noCoverage }
        if !survivors.isEmpty {
            md += "\n### Survivors\n\n| mutant | status | site | change | nearest rows |\n|---|---|---|---|---|\n"
            for m in survivors {
                let s = m.site
                md += "| `\(s.id)` | \(m.reportedStatus.rawValue) | \(cell(s.file)):\(s.line):\(s.column) in `\(cell(s.declaration))` | \(s.mutationOperator.rawValue): `\(cell(s.original))` → `\(cell(s.mutated))` | "
                    + "\((matrix.nearest[s.id] ?? []).map(cell).joined(separator: ", ")) |\n"
            }
        }
        let others = verdict.findings.filter { $0.kind != .survivor }
        if !others.isEmpty {
            md += "\n### Accepted-survivors list\n\n" + others.map { "- `\($0.mutant)` \($0.kind.rawValue): \(cell($0.message))\n" }.joined()
        }
        let t = report.timing
        md += "\nBuild \(MutationText.seconds(t.build)) (\(t.builds) schematized, \(t.fallbackBuilds) fallback), baseline "
            + "\(MutationText.seconds(t.baseline)), coverage \(MutationText.seconds(t.coverage)) (\(t.coverageRuns) runs), mutants \(MutationText.seconds(t.mutants)), wall \(MutationText.seconds(t.wall)); "
            + "exploration policy `\(report.settings.policy)`, coverage `\(report.settings.coverage)`.\n"
        return md
    }

    /// Text safe in a table cell.
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "`", with: "'")
    }
}
