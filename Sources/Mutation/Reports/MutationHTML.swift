import SpecKit

/// A self-contained HTML page in the style of the conformance report: the score and the statuses per operator, the
/// survivors with their nearest rows, the kill matrix's figures, then each mutated file's source with every site
/// coloured by status; hovering a site lists its mutants, their statuses and the rows that killed them.
public enum MutationHTML {
    /// The page.
    public static func render(_ report: MutationReport, verdict: MutationVerdict) -> String {
        let matrix = KillMatrix(report)
        var html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>LockSpec mutation analysis</title>\n"
        html += "<style>\(css)</style></head><body>\n<h1>Mutation analysis</h1>\n"
        html += "<p class=\"verdict\"><span class=\"headline \(verdict.fails ? "fail" : "pass")\">\(verdict.fails ? "FAIL" : "PASS")</span>"
            + "\(escape(MutationText.scoreLine(report))) — \(escape(MutationText.statusLine(report.statusCounts)))</p>\n"
        html += operatorTable(report)
        html += report.settings.exactMatrix
            ? "<p>Kill matrix: \(matrix.kills.count) rows kill at least one mutant; \(matrix.idleRows.count) rows kill none; "
                + "\(matrix.singleKills.count) mutants are killed by one row only.</p>\n"
            : "<p>Kill matrix: not measured (each mutant's gate stopped at its first failing case; --matrix runs them all).</p>\n"
        html += survivorTable(report, matrix)
        for file in report.sources.keys.sorted() {
            html += fileSection(file, source: report.sources[file] ?? "", mutants: report.mutants.filter { $0.site.file == file })
        }
        return html + "</body></html>\n"
    }

    static func operatorTable(_ report: MutationReport) -> String {
        var html = "<table><tr><th>operator</th>" + MutantStatus.allCases.map { "<th>\($0.rawValue)</th>" }.joined() + "</tr>\n"
        for (op, counts) in MutationText.byOperator(report) {
            html += "<tr><td>\(op.rawValue)</td>" + MutantStatus.allCases.map { "<td>\(counts[$0] ?? 0)</td>" }.joined() + "</tr>\n"
        }
        return html + "</table>\n"
    }

    static func survivorTable(_ report: MutationReport, _ matrix: KillMatrix) -> String {
        let survivors = report.mutants.filter { $0.reportedStatus == .survived || $0.reportedStatus == .noCoverage }
        guard !survivors.isEmpty else { return "<p>No survivor.</p>\n" }
        var html = "<h2>Survivors</h2>\n<table><tr><th>mutant</th><th>status</th><th>site</th><th>change</th><th>nearest rows</th></tr>\n"
        for m in survivors {
            let s = m.site
            html += "<tr><td><a href=\"#m-\(escape(s.id))\"><code>\(escape(s.id))</code></a></td><td>\(m.reportedStatus.rawValue)</td><td>\(escape(s.file)):\(s.line):\(s.column) in <code>\(escape(s.declaration))</code></td>"
                + "<td>\(s.mutationOperator.rawValue): <code>\(escape(s.original))</code> → <code>\(escape(s.mutated))</code></td>"
                + "<td>\(escape((matrix.nearest[s.id] ?? []).joined(separator: ", ")))</td></tr>\n"
        }
        return html + "</table>\n"
    }

    /// One file's source, line by line; each site's first character range coloured by its worst status.
    static func fileSection(_ file: String, source: String, mutants: [MutantResult]) -> String {
        var html = "<h2 id=\"f-\(escape(file))\">\(escape(file))</h2>\n<pre class=\"src\">"
        let byLine = Dictionary(grouping: mutants, by: \.site.line)
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            html += "<span class=\"ln\">\(index + 1)</span>" + render(line: String(line), mutants: byLine[index + 1] ?? []) + "\n"
        }
        return html + "</pre>\n"
    }

    static func render(line: String, mutants: [MutantResult]) -> String {
        let chars = Array(line)
        let starts = Dictionary(grouping: mutants, by: { $0.site.column - 1 })
        var html = ""
        var i = 0
        while i < chars.count {
            guard let here = starts[i] else { html += escape(String(chars[i])); i += 1; continue }
            let sameLineEnd = here.map { $0.site.endLine == $0.site.line ? $0.site.endColumn - 1 : chars.count }.max() ?? i + 1
            let end = min(chars.count, max(i + 1, sameLineEnd))
            let worst = here.map(\.reportedStatus).min { rank($0) < rank($1) } ?? .killed
            let ids = here.map { "m-\($0.site.id)" }.first ?? ""
            html += "<span id=\"\(escape(ids))\" class=\"site \(worst.rawValue)\" title=\"\(escape(tooltip(here)))\">"
                + escape(String(chars[i..<end])) + "</span>"
            i = end
        }
        return html
    }

    static func tooltip(_ mutants: [MutantResult]) -> String {
        mutants.map { m in
            var t = "\(m.site.id) \(m.reportedStatus.rawValue): \(m.site.mutationOperator.rawValue) '\(m.site.original)' → '\(m.site.mutated)'"
            if !m.killedBy.isEmpty { t += "\nkilled by \(listedNames(m.killedBy, most: 12))" }
            if let reason = m.accepted?.reason ?? m.reason { t += "\n\(reason)" }
            return t
        }.joined(separator: "\n\n")
    }

    /// Survivors first, then the statuses that need a look, then the detected ones.
    static func rank(_ s: MutantStatus) -> Int {
        [.survived, .noCoverage, .compileError, .ignored, .runtimeError, .timeout, .killed].firstIndex(of: s) ?? 9
    }

    /// HTML text or attribute content (`HTMLText.escape`).
    static func escape(_ s: String) -> String { HTMLText.escape(s) }

    static let css = """
    body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #24292f; margin: 24px auto; max-width: 1300px; padding: 0 16px; }
    h1 { margin: 0 0 8px; } h2 { border-bottom: 1px solid #d0d7de; padding-bottom: 4px; margin-top: 32px; }
    table { border-collapse: collapse; margin: 8px 0 16px; } th, td { border: 1px solid #d0d7de; padding: 4px 8px; text-align: left; }
    th { background: #f6f8fa; }
    .verdict { font-size: 16px; } .headline { display: inline-block; font-size: 28px; font-weight: 700; padding: 2px 16px; border-radius: 6px; margin-right: 8px; }
    .headline.pass { background: #1a7f37; color: #fff; } .headline.fail { background: #cf222e; color: #fff; }
    pre.src { background: #f6f8fa; border: 1px solid #d0d7de; border-radius: 6px; padding: 8px; overflow-x: auto; font-size: 12px; line-height: 1.5; }
    .ln { display: inline-block; width: 4em; color: #8c959f; user-select: none; }
    .site { border-radius: 3px; cursor: help; } .site.Killed, .site.Timeout, .site.RuntimeError { background: #dafbe1; }
    .site.Survived, .site.NoCoverage { background: #ffebe9; outline: 1px solid #cf222e; } .site.Ignored { background: #fff8c5; }
    .site.CompileError { background: #eaeef2; }
    @media print { pre.src { white-space: pre-wrap; } }
    """
}
