import Foundation

/// The console report (`--format text`), GitHub annotations (`--format github`) and the shared figures.
public enum MutationText {
    /// The headline: `score 93.1 % (430 detected of 462 counted)`.
    public static func scoreLine(_ report: MutationReport) -> String {
        guard let score = report.score else { return "score: no mutant counts" }
        return "score \(String(format: "%.1f", score)) % (\(report.detected) detected of \(report.counted) counted)"
    }

    /// `Killed 400, Timeout 3, …` in the schema's status order, statuses with none left out.
    public static func statusLine(_ counts: [MutantStatus: Int]) -> String {
        MutantStatus.allCases.compactMap { s in counts[s].map { "\(s.rawValue) \($0)" } }.joined(separator: ", ")
    }

    /// Per operator: (operator, counts by reported status), in operator order.
    public static func byOperator(_ report: MutationReport) -> [(MutationOperator, [MutantStatus: Int])] {
        MutationOperator.allCases.compactMap { op in
            let ms = report.mutants.filter { $0.site.mutationOperator == op }
            return ms.isEmpty ? nil : (op, ms.reduce(into: [:]) { $0[$1.reportedStatus, default: 0] += 1 })
        }
    }

    /// The console report.
    public static func render(_ report: MutationReport, verdict: MutationVerdict) -> String {
        let s = report.settings, t = report.timing, matrix = KillMatrix(report)
        var out = "lockspec mutate: \(report.mutants.count) mutants of \(s.planSites) sites"
        if let shard = s.shard { out += " (shard \(shard))" }
        if !s.mergedShards.isEmpty { out += " (merged shards \(s.mergedShards.joined(separator: ", ")))" }
        if let sample = s.sample { out += " (seeded sample of \(sample), seed \(s.seed))" }
        let excludedSites = report.excluded.map(\.sites).reduce(0, +)
        out += "; \(report.excluded.count) declarations excluded (\(excludedSites) sites)\n"
        out += "\(scoreLine(report)): \(statusLine(report.statusCounts))\n"
        for (op, counts) in byOperator(report) {
            out += "  \(op.rawValue.padding(toLength: 18, withPad: " ", startingAt: 0))\(statusLine(counts))\n"
        }
        out += "time: build \(seconds(t.build)) (\(t.builds) builds, \(t.fallbackBuilds) fallback builds, "
            + "\(t.fallbackSkipped) fallback mutants not built), baseline \(seconds(t.baseline)) (rows \(String(format: "%.1f", t.baselineRows)) s, whole \(String(format: "%.1f", t.baselineWhole)) s), "
            + "coverage \(seconds(t.coverage)) (\(t.coverageRuns) runs), mutants \(seconds(t.mutants)) (fallback phase \(seconds(t.fallback))), "
            + "wall \(seconds(t.wall)); policy \(s.policy), coverage \(s.coverage), \(s.jobs) jobs, timeout \(seconds(s.timeout))\n"
        out += s.exactMatrix
            ? "kill matrix: \(matrix.kills.count) rows kill at least one mutant, \(matrix.idleRows.count) kill none, "
                + "\(matrix.singleKills.count) mutants are killed by one row only\n"
            : "kill matrix: not measured (each mutant's gate stopped at its first failing case; --matrix runs them all)\n"
        out += listedLine(report).map { $0 + "\n" } ?? ""
        let survivors = report.mutants.filter { $0.reportedStatus == .survived || $0.reportedStatus == .noCoverage }
        if !survivors.isEmpty { out += "survivors:\n" }
        for m in survivors {
            let near = matrix.nearest[m.site.id] ?? []
            let unreached = m.reportedStatus == .noCoverage ? " [NoCoverage: no case reaches it]" : ""
            out += "  \(m.site.id)  \(MutationVerdict.describe(m.site))\(unreached)\n"
            out += "      nearest rows: \(near.isEmpty ? "none (no row kills a mutant in this file)" : near.joined(separator: ", "))\n"
        }
        for f in verdict.findings where f.kind != .survivor { out += "  \(f.kind.rawValue): \(f.mutant): \(f.message)\n" }
        out += verdict.fails ? "FAIL: \(verdict.findings.count) finding(s)\n" : "PASS\n"
        return out
    }

    /// What became of the listed mutants: run (and survived), or not run; nil when none is listed.
    public static func listedLine(_ report: MutationReport) -> String? {
        let listed = report.mutants.filter { $0.accepted != nil }
        guard !listed.isEmpty else { return nil }
        let unrun = listed.filter { $0.status == .ignored }.count
        if unrun == 0 { return "accepted survivors: \(listed.count) listed mutants ran (--recheck-accepted)" }
        return "accepted survivors: \(unrun) of \(listed.count) listed mutants not run, so a stale entry cannot show; "
            + "--recheck-accepted runs them (and with --ci fails on one now detected)"
    }

    /// Seconds, rounded: `312 s`.
    public static func seconds(_ value: Double) -> String { "\(Int(value.rounded())) s" }

    /// The console report followed by one `::error` annotation per finding, at the site.
    public static func renderGitHub(_ report: MutationReport, verdict: MutationVerdict) -> String {
        let sites = report.mutants.firstByKey { ($0.site.id, $0.site) }
        var out = render(report, verdict: verdict)
        for f in verdict.findings {
            let place = sites[f.mutant].map { "file=\($0.file),line=\($0.line),col=\($0.column)," } ?? ""
            out += "::error \(place)title=mutant \(f.mutant) (\(f.kind.rawValue))::\(annotation(f.message))\n"
        }
        return out
    }

    private static func annotation(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }
}
