import SpecKit

extension HTMLPage {
    /// One line per spec: its kind, rows, cases and their results.
    mutating func summaryTable() {
        out += "<section id=\"summary\">\n<h2>Results by spec</h2>\n"
        out += "<p class=\"muted\">Rows counts every row of the spec, those that did not run here included (unmodelled, never firing, not selected).</p>\n<table>\n<tr><th>Spec</th><th>Kind</th><th>Rows</th><th>Cases</th><th>Passed</th><th>Failing</th><th>Expected failures</th></tr>\n"
        for id in specIDs {
            let s = RunSummary(cases: cases(of: id))
            let compiled = spec(id)
            let failing = s.failed + s.unexpectedPasses + s.expired
            out += "<tr><td><a href=\"#\(Self.anchor("spec", id))\">\(h(id))</a></td><td>\(h(compiled?.kind.rawValue ?? "?"))</td>"
            out += "<td>\(compiled?.rows.count ?? 0)</td><td>\(s.total)</td><td class=\"pass\">\(s.passed)</td>"
            out += "<td class=\"\(failing > 0 ? "fail" : "pass")\">\(failing)</td><td>\(s.expectedFailures)</td></tr>\n"
        }
        out += "</table>\n</section>\n"
    }

    /// Per spec, a FitNesse-style table: one line per case, the differing cells in red with expected and actual.
    mutating func specTables() {
        out += "<section id=\"tables\">\n<h2>Tables</h2>\n"
        for id in specIDs {
            let compiled = spec(id)
            out += "<h3 id=\"\(Self.anchor("spec", id))\">\(h(id))\(compiled.map { " — " + h($0.title) } ?? "")</h3>\n"
            if let c = compiled { out += "<p class=\"muted\">\(h(c.file)) · \(h(c.source)) · fixture \(h(c.fixture))</p>\n" }
            specTable(cases(of: id))
        }
        out += "</section>\n"
    }

    mutating func specTable(_ list: [CaseResult]) {
        var names: [String] = []
        for c in list { for cell in c.divergence?.cells ?? [] where !names.contains(cell.name) { names.append(cell.name) } }
        // A result written before checks were recorded has none to show: no column then.
        let checks = list.contains { $0.checks != nil }
        out += "<div class=\"wide\"><table class=\"fit\">\n<tr><th>Case</th><th>Row</th><th>Source or decision</th>"
        out += checks ? "<th>Checks</th><th>Status</th>" : "<th>Status</th>"
        for name in names { out += "<th>\(h(name))</th>" }
        if names.isEmpty { out += "<th>Result</th>" }
        out += "</tr>\n"
        for c in list {
            out += "<tr id=\"\(Self.anchor("case", c.spec, c.id))\"><td><code>\(h(c.id))</code></td><td><code>\(h(c.row))</code><br>"
            out += "<span class=\"muted\">\(h(c.file)):\(c.line):\(c.column)</span></td><td>\(h(ReportText.origin(c)))</td>"
            if checks { out += checksCell(c) }
            out += "<td class=\"\(Self.statusClass(c.status))\">\(h(Self.statusText(c.status)))"
            if let d = c.divergence {
                out += "<br><span class=\"note\">step \(d.step + 1): \(h(d.action))"
                if d.onPath { out += " — while reaching the row, step \(d.step + 1) (row \(h(d.row ?? "?"))) diverged" }
                out += "</span>"
                if let e = d.error { out += "<br><span class=\"note\">fixture error: \(h(e))</span>" }
            }
            if c.expectedReason != nil || c.expectedExpiry != nil { out += "<br><span class=\"note\">listed\(reasonText(c))</span>" }
            if c.failsRun { out += "<br><a class=\"note\" href=\"#\(Self.anchor("failure", c.spec, c.id))\">details</a>" }
            out += "</td>"
            if names.isEmpty {
                let ok = c.status == .passed || c.status == .unexpectedPass
                out += "<td class=\"\(ok ? "pass" : Self.statusClass(c.status))\">\(ok ? "✓" : "—")</td>"
            }
            for name in names { out += cell(name, of: c) }
            out += "</tr>\n"
        }
        out += "</table></div>\n"
    }

    func cell(_ name: String, of c: CaseResult) -> String {
        if let cell = c.divergence?.cells.first(where: { $0.name == name }) {
            if cell.ok { return "<td class=\"pass\">\(h(cell.actual.description))</td>" }
            let cls = c.status == .expectedFailure ? "xfail" : "fail"
            return "<td class=\"\(cls)\"><span class=\"exp\">expected \(h(cell.shown.expected))</span><br><span class=\"act\">actual \(h(cell.shown.actual))</span></td>"
        }
        if c.divergence == nil && (c.status == .passed || c.status == .unexpectedPass) { return "<td class=\"pass\">✓</td>" }
        return "<td class=\"na\">—</td>"
    }
}
