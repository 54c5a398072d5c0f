import SpecKit

/// The HTML report's exploration section: per machine, of its reachable situations, (situation, event) pairs and
/// rows, how many the rows' own paths reach and how many the exploration reaches, then every exploration finding
/// (situation, path, event, the cells that differ, the rerun command). Empty when the run did not explore. Uses the
/// page's own classes (`pass`, `fail`, `xfail`, `muted`, `coverage`); every text is escaped.
func renderCoverageHTML(_ result: RunResult) -> String {
    guard let exploration = result.exploration else { return "" }
    func h(_ s: String) -> String { Escape.html(s) }
    func cell(_ part: Int, _ whole: Int) -> String {
        "<td class=\"\(part == whole ? "pass" : "xfail")\">\(part)/\(whole)\(whole == 0 ? "" : " (\(part * 100 / whole)%)")</td>"
    }
    var out = "<section id=\"exploration\">\n<h2>Exploration and coverage</h2>\n"
    out += "<p class=\"muted\">Every reachable situation (state and variable values), every event and input atom, fired on the core; "
    out += "the table predicts each transition, checked with strict frames. Reached by the rows: along the compiled cases' own paths. "
    out += "A decision table has no situations: its (situation, event) pairs are its input combinations.</p>\n"
    out += "<table class=\"coverage\">\n<tr><th>Machine</th><th>Situations by rows</th><th>by exploration</th>"
    out += "<th>(situation, event) by rows</th><th>by exploration</th><th>Rows by rows</th><th>by exploration</th><th>Transitions checked</th></tr>\n"
    for c in exploration.result.coverage {
        let tour = exploration.result.machines.first { $0.spec == c.spec }
        let table = tour?.table != nil
        out += "<tr><td><a href=\"#\(HTMLPage.anchor(table ? "spec" : "machine", c.spec))\">\(h(c.spec))</a></td>"
        out += table ? "<td class=\"muted\" colspan=\"2\">decision table</td>"
            : cell(c.byRows.situations, c.situations) + cell(c.byExploration.situations, c.situations)
        out += cell(c.byRows.pairs, c.pairs) + cell(c.byExploration.pairs, c.pairs)
        out += cell(Set(c.byRows.rows).intersection(c.rows).count, c.rows.count)
        out += cell(Set(c.byExploration.rows).intersection(c.rows).count, c.rows.count)
        out += tour.map { cell($0.checked, $0.transitions) } ?? "<td></td>"
        out += "</tr>\n"
        if let limit = tour?.limit { out += "<tr><td></td><td colspan=\"7\" class=\"muted\">\(h(limit))</td></tr>\n" }
    }
    out += "</table>\n"
    if !exploration.result.walks.isEmpty {
        out += "<h3>Random walks</h3>\n<p class=\"muted\">Seeded: the same seed walks the same steps and gives the same fingerprint. "
        out += "The exploration's count is the transitions checked above plus these steps, which include the steps of the scenarios' openings a walk starts from, so they can pass walks × steps.</p>\n"
        out += "<table class=\"coverage\">\n<tr><th>Machine</th><th>Walks × steps</th><th>Seed</th><th>Steps checked</th><th>Failing walks</th><th>Fingerprint</th></tr>\n"
        for w in exploration.result.walks {
            out += "<tr><td>\(h(w.spec))</td><td>\(w.walks) × \(w.length)</td><td>\(w.seed)</td><td>\(w.steps)</td>"
            out += "<td class=\"\(w.failingWalks == 0 ? "pass" : "fail")\">\(w.failingWalks)</td><td><code>\(h(w.fingerprint))</code></td></tr>\n"
        }
        out += "</table>\n"
    }
    for f in exploration.findings {
        let kind = f.failsRun ? "fail" : "xfail"
        out += "<div class=\"finding \(kind)\"><p><strong>\(h(ReportText.word(f.status)))</strong> <code>\(h(f.id))</code> in \(h(f.spec))</p>\n<pre>"
        out += h(ExplorationText.account(f).dropFirst().joined(separator: "\n"))
        out += "</pre></div>\n"
    }
    out += "</section>\n"
    return out
}
