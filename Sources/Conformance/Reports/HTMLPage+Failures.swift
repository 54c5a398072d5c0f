import SpecKit

extension HTMLPage {
    /// Every case that fails the run, first: where, why, expected against actual cell by cell, and how to rerun it.
    mutating func failures() {
        out += "<section id=\"failures\">\n<h2>Failing cases</h2>\n"
        if failing.isEmpty { out += "<p class=\"pass-note\">No failing cases: every case conforms or is an expected failure.</p>\n" }
        let diverged = ReportText.divergedRowCounts(result)
        if !diverged.isEmpty {
            out += "<p>\(h(ReportText.divergedRowsIntro))</p>\n"
            out += "<table>\n<tr><th>Row</th><th>Failing cases</th><th>On the way to another row</th></tr>\n"
            for r in diverged { out += "<tr><td><code>\(h(r.row))</code></td><td>\(r.cases)</td><td>\(r.onPath)</td></tr>\n" }
            out += "</table>\n"
        }
        for c in failing { failureCard(c) }
        out += "</section>\n"
    }

    mutating func failureCard(_ c: CaseResult) {
        out += "<article class=\"finding\" id=\"\(Self.anchor("failure", c.spec, c.id))\">\n"
        out += "<h3><span class=\"badge fail\">\(h(ReportText.word(c.status)))</span> \(h(c.spec)) › <a href=\"#\(Self.anchor("case", c.spec, c.id))\"><code>\(h(c.id))</code></a></h3>\n"
        out += "<p>row <code>\(h(c.row))</code> · \(h(ReportText.origin(c))) · <code>\(h(c.file)):\(c.line):\(c.column)</code></p>\n"
        switch c.status {
        case .unexpectedPass: out += "<p>Listed as an expected failure\(reasonText(c)), but it passed: remove it from the expected-failures file.</p>\n"
        case .expired: out += "<p>The expected-failure entry\(reasonText(c)) has expired: fix the core or renew the entry.</p>\n"
        default: break
        }
        if let d = c.divergence { divergence(d, in: c) }
        out += "<p>rerun: <code class=\"rerun\">\(h(RunResult.rerunCommand(for: c)))</code></p>\n</article>\n"
    }

    func reasonText(_ c: CaseResult) -> String {
        var text = c.expectedReason.map { " (reason: " + h($0) } ?? ""
        if let expiry = c.expectedExpiry { text += (text.isEmpty ? " (" : "; ") + "expires " + h(expiry) }
        return text.isEmpty ? "" : text + ")"
    }

    mutating func divergence(_ d: Divergence, in c: CaseResult) {
        let path = d.path.isEmpty ? "(none: it diverged at the first step)" : numberedPath(d.path)
        out += "<p class=\"note\">path: \(h(path))</p>\n"
        out += "<p>step \(d.step + 1): <code>\(h(d.action))</code> (\(d.row.map { "row " + h($0) + ", " } ?? "")<code>\(h(c.file)):\(d.line):\(d.column)</code>)"
        if d.onPath { out += " — <strong>while reaching the row</strong>, step \(d.step + 1) (row \(h(d.row ?? "?"))) diverged" }
        out += "</p>\n"
        if !d.cells.isEmpty {
            out += "<table class=\"diff\">\n<tr><th>Cell</th><th>Expected (table)</th><th>Actual (core)</th><th></th></tr>\n"
            for cell in d.cells {
                out += "<tr class=\"\(cell.ok ? "same" : "differs")\"><td><code>\(h(cell.name))</code></td><td>\(h(cell.shown.expected))</td>"
                out += "<td>\(h(cell.shown.actual))</td><td class=\"\(cell.ok ? "pass" : "fail")\">\(cell.ok ? "same" : "differs")</td></tr>\n"
            }
            out += "</table>\n"
            for note in d.cells.compactMap(\.note) { out += "<p class=\"note\">\(h(note))</p>\n" }
        }
        if let e = d.error { out += "<p class=\"fail\">fixture error: \(h(e))</p>\n" }
    }

    /// The cases listed in the expected-failures file, with the reason, the expiry date and what happened.
    mutating func expectedFailures() {
        let listed = result.cases.filter { $0.expectedReason != nil || $0.expectedExpiry != nil }
        let found = ReportText.listedFindings(result)
        out += "<section id=\"expected\">\n<h2>Expected failures</h2>\n"
        if listed.isEmpty && found.isEmpty {
            out += "<p>None: no case is listed in an expected-failures file.</p>\n</section>\n"
            return
        }
        out += "<table>\n<tr><th>Case</th><th>Row</th><th>Reason</th><th>Expires</th><th>Result</th><th>What diverged</th></tr>\n"
        for c in listed {
            out += "<tr><td><a href=\"#\(Self.anchor("case", c.spec, c.id))\"><code>\(h(c.id))</code></a></td><td><code>\(h(c.row))</code></td>"
            out += "<td>\(h(c.expectedReason ?? ""))</td><td>\(h(c.expectedExpiry ?? "—"))</td>"
            out += "<td class=\"\(Self.statusClass(c.status))\">\(h(Self.statusText(c.status)))</td>"
            out += "<td>\(h(ReportText.divergenceInBrief(c) ?? "—"))</td></tr>\n"
        }
        // The exploration's listed transitions (EX- ids): a row when the table predicts one there.
        for f in found {
            out += "<tr><td><code>\(h(f.id))</code></td><td>\(f.divergence?.row.map { "<code>\(h($0))</code>" } ?? "—")</td>"
            out += "<td>\(h(f.expectedReason ?? ""))</td><td>\(h(f.expectedExpiry ?? "—"))</td>"
            out += "<td class=\"\(Self.statusClass(f.status))\">\(h(Self.statusText(f.status)))</td>"
            out += "<td>\(h(ReportText.divergenceInBrief(f) ?? "—"))</td></tr>\n"
        }
        out += "</table>\n</section>\n"
    }

    /// The rows marked `unmodelled:`, with why the table makes no prediction where they match.
    mutating func unmodelledRows() {
        let rows = ReportText.unmodelled(result)
        guard !rows.isEmpty else { return }
        out += "<section id=\"unmodelled\">\n<h2>Rows that predict nothing (unmodelled)</h2>\n"
        out += "<p class=\"muted\">Where these rows match, the table makes no prediction, so no case checks them; each says why.</p>\n"
        out += "<table>\n<tr><th>Spec</th><th>Row</th><th>Why the table makes no prediction</th></tr>\n"
        for row in rows { out += "<tr><td>\(h(row.spec))</td><td><code>\(h(row.row))</code></td><td>\(h(row.why))</td></tr>\n" }
        out += "</table>\n</section>\n"
    }
}
