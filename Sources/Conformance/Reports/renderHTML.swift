import SpecKit

/// The run as one self-contained HTML page (inline CSS, no scripts, nothing fetched): a PASS/FAIL summary; per spec a
/// FitNesse-style table with green and red cells; a traceability matrix from each document section to its rows and
/// results; the decisions apart; per machine a state diagram of the covered transitions and its coverage of states,
/// transitions and guard outcomes; and the run's identity (spec and design-document SHA-256s, the build's commit, tool version, time).
/// Every piece of text is escaped; the output is deterministic.
public func renderHTML(_ result: RunResult) -> String {
    var page = HTMLPage(result)
    return page.render()
}

/// Builds the page section by section.
private struct HTMLPage {
    let result: RunResult
    let summary: RunSummary
    let specIDs: [String]
    var out = ""

    init(_ result: RunResult) {
        self.result = result
        summary = RunSummary(result)
        specIDs = ReportText.specIDs(result)
    }

    func h(_ s: String) -> String { Escape.html(s) }
    func spec(_ id: String) -> CompiledSpec? { result.specs.first { $0.id == id } }
    func cases(of id: String) -> [CaseResult] { result.cases.filter { $0.spec == id } }

    static func statusClass(_ s: CaseStatus) -> String {
        switch s {
        case .passed: "pass"
        case .failed, .unexpectedPass, .expired: "fail"
        case .expectedFailure: "xfail"
        }
    }

    static func statusText(_ s: CaseStatus) -> String {
        switch s {
        case .passed: "conforms"
        case .failed: "diverged"
        case .expectedFailure: "expected failure"
        case .unexpectedPass: "unexpected pass"
        case .expired: "expired expectation"
        }
    }

    mutating func render() -> String {
        out += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<title>LockSpec conformance: \(summary.holds ? "PASS" : "FAIL")</title>\n<style>\n\(Self.css)</style>\n</head>\n<body>\n"
        summarySection()
        specTables()
        traceability()
        decisions()
        machines()
        out += renderCoverageHTML(result)
        identity()
        out += "</body>\n</html>\n"
        return out
    }

    mutating func summarySection() {
        out += "<header>\n<h1>LockSpec conformance report</h1>\n"
        out += "<p class=\"headline \(summary.holds ? "pass" : "fail")\">\(summary.holds ? "PASS" : "FAIL")</p>\n"
        out += "<p class=\"counts\">\(h(summary.line)) <span class=\"muted\">(\(summary.total) cases)</span></p>\n</header>\n"
        out += "<section id=\"summary\">\n<h2>Summary</h2>\n<table>\n<tr><th>Spec</th><th>Kind</th><th>Rows</th><th>Cases</th><th>Passed</th><th>Failing</th><th>Expected failures</th></tr>\n"
        for id in specIDs {
            let s = RunSummary(cases: cases(of: id))
            let compiled = spec(id)
            let failing = s.failed + s.unexpectedPasses + s.expired
            out += "<tr><td><a href=\"#spec-\(h(id))\">\(h(id))</a></td><td>\(h(compiled?.kind.rawValue ?? "?"))</td>"
            out += "<td>\(compiled?.rows.count ?? 0)</td><td>\(s.total)</td><td class=\"pass\">\(s.passed)</td>"
            out += "<td class=\"\(failing > 0 ? "fail" : "pass")\">\(failing)</td><td>\(s.expectedFailures)</td></tr>\n"
        }
        out += "</table>\n</section>\n"
    }

    mutating func specTables() {
        out += "<section id=\"tables\">\n<h2>Tables</h2>\n"
        for id in specIDs {
            let compiled = spec(id)
            let list = cases(of: id)
            out += "<h3 id=\"spec-\(h(id))\">\(h(id))\(compiled.map { " — " + h($0.title) } ?? "")</h3>\n"
            if let c = compiled {
                out += "<p class=\"muted\">\(h(c.file)) · \(h(c.source)) · fixture \(h(c.fixture))</p>\n"
            }
            var names: [String] = []
            for c in list { for cell in c.divergence?.cells ?? [] where !names.contains(cell.name) { names.append(cell.name) } }
            out += "<table class=\"fit\">\n<tr><th>Case</th><th>Row</th><th>Source or decision</th><th>Status</th>"
            for name in names { out += "<th>\(h(name))</th>" }
            if names.isEmpty { out += "<th>Result</th>" }
            out += "</tr>\n"
            for c in list {
                out += "<tr id=\"case-\(h(c.spec))-\(h(c.id))\"><td><code>\(h(c.id))</code></td><td><code>\(h(c.row))</code><br>"
                out += "<span class=\"muted\">\(h(c.file)):\(c.line):\(c.column)</span></td><td>\(h(ReportText.origin(c)))</td>"
                out += "<td class=\"\(Self.statusClass(c.status))\">\(h(Self.statusText(c.status)))"
                if let d = c.divergence {
                    out += "<br><span class=\"note\">step \(d.step + 1): \(h(d.action))"
                    if d.onPath { out += " — while reaching the row, step \(d.step + 1) (row \(h(d.row ?? "?"))) diverged" }
                    out += "</span>"
                    if !d.path.isEmpty { out += "<br><span class=\"note\">path: \(h(d.path.joined(separator: " → ")))</span>" }
                    if let e = d.error { out += "<br><span class=\"note\">fixture error: \(h(e))</span>" }
                }
                if let reason = c.expectedReason { out += "<br><span class=\"note\">listed: \(h(reason))</span>" }
                out += "<br><code class=\"rerun\">\(h(RunResult.rerunCommand(for: c)))</code></td>"
                if names.isEmpty {
                    out += "<td class=\"\(c.status == .passed || c.status == .unexpectedPass ? "pass" : Self.statusClass(c.status))\">"
                    out += "\(c.status == .passed || c.status == .unexpectedPass ? "✓" : "—")</td>"
                }
                for name in names {
                    if let cell = c.divergence?.cells.first(where: { $0.name == name }) {
                        if cell.ok {
                            out += "<td class=\"pass\">\(h(cell.actual.description))</td>"
                        } else {
                            let cls = c.status == .expectedFailure ? "xfail" : "fail"
                            out += "<td class=\"\(cls)\"><span class=\"exp\">expected \(h(cell.expected.description))</span><br>"
                            out += "<span class=\"act\">actual \(h(cell.actual.description))</span></td>"
                        }
                    } else if c.divergence == nil && (c.status == .passed || c.status == .unexpectedPass) {
                        out += "<td class=\"pass\">✓</td>"
                    } else {
                        out += "<td class=\"na\">—</td>"
                    }
                }
                out += "</tr>\n"
            }
            out += "</table>\n"
        }
        out += "</section>\n"
    }

    /// Result badges for a row: one per case that checks it.
    func badges(spec id: String, row: String) -> String {
        let list = result.cases.filter { $0.spec == id && $0.row == row }
        if list.isEmpty { return "<span class=\"badge na\">not run</span>" }
        return list.map { "<span class=\"badge \(Self.statusClass($0.status))\" title=\"\(h(Self.statusText($0.status)))\">\(h($0.id)): \(h(Self.statusText($0.status)))</span>" }
            .joined(separator: " ")
    }

    mutating func traceability() {
        struct Entry: Hashable { var spec: String, row: String, line: Int }
        var groups: [String: [String: Set<Entry>]] = [:]
        for compiled in result.specs {
            for row in compiled.rows {
                guard let source = row.source, !source.isEmpty else { continue }
                let (document, section) = ReportText.splitSource(source)
                groups[document, default: [:]][section, default: []].insert(Entry(spec: compiled.id, row: row.id, line: row.line))
            }
        }
        for c in result.cases {
            guard let source = c.source, !source.isEmpty else { continue }
            let (document, section) = ReportText.splitSource(source)
            if groups[document]?[section]?.contains(where: { $0.spec == c.spec && $0.row == c.row }) == true { continue }
            groups[document, default: [:]][section, default: []].insert(Entry(spec: c.spec, row: c.row, line: c.line))
        }
        out += "<section id=\"traceability\">\n<h2>Traceability matrix</h2>\n"
        out += "<p class=\"muted\">Each rule of a design document, the rows that state it, and their results.</p>\n"
        out += "<table>\n<tr><th>Document</th><th>Section</th><th>Spec</th><th>Row</th><th>Results</th></tr>\n"
        for document in groups.keys.sorted(by: ReportText.naturalLess) {
            let sections = groups[document] ?? [:]
            for section in sections.keys.sorted(by: ReportText.naturalLess) {
                let entries = (sections[section] ?? []).sorted { ($0.spec, $0.line, $0.row) < ($1.spec, $1.line, $1.row) }
                for (i, e) in entries.enumerated() {
                    out += "<tr>"
                    if i == 0 {
                        out += "<td rowspan=\"\(entries.count)\">\(h(document))</td>"
                        out += "<td rowspan=\"\(entries.count)\">\(section.isEmpty ? "(whole document)" : "§" + h(section))</td>"
                    }
                    out += "<td>\(h(e.spec))</td><td><code>\(h(e.row))</code></td><td>\(badges(spec: e.spec, row: e.row))</td></tr>\n"
                }
            }
        }
        out += "</table>\n</section>\n"
    }

    mutating func decisions() {
        out += "<section id=\"decisions\">\n<h2>Decisions</h2>\n"
        out += "<p class=\"muted\">Rows the documents do not settle, decided here, listed apart from rules taken from a document.</p>\n"
        var rows: [(spec: CompiledSpec, row: RowRecord, decision: String)] = []
        for compiled in result.specs.sorted(by: { $0.id < $1.id }) {
            for row in compiled.rows { if let d = row.decision, !d.isEmpty { rows.append((compiled, row, d)) } }
        }
        if rows.isEmpty {
            out += "<p>No decisions.</p>\n"
        } else {
            out += "<table>\n<tr><th>Spec</th><th>Row</th><th>Decision</th><th>Where</th><th>Results</th></tr>\n"
            for r in rows {
                out += "<tr><td>\(h(r.spec.id))</td><td><code>\(h(r.row.id))</code></td><td>\(h(r.decision))</td>"
                out += "<td>\(h(r.spec.file)):\(r.row.line):\(r.row.column)</td><td>\(badges(spec: r.spec.id, row: r.row.id))</td></tr>\n"
            }
            out += "</table>\n"
        }
        out += "</section>\n"
    }

    mutating func machines() {
        let machines = result.specs.filter { $0.graph != nil }.sorted { $0.id < $1.id }
        out += "<section id=\"machines\">\n<h2>State machines and coverage</h2>\n"
        out += "<p class=\"muted\">A transition is covered when a passed case exercised its row. Solid green: covered; dashed grey: not covered.</p>\n"
        if machines.isEmpty { out += "<p>No machines.</p>\n" }
        for compiled in machines {
            guard let graph = compiled.graph, let coverage = MachineCoverage(spec: compiled, cases: result.cases) else { continue }
            out += "<h3 id=\"machine-\(h(compiled.id))\">\(h(compiled.id))</h3>\n<div class=\"svgbox\">\n"
            out += StateDiagramSVG.render(graph, covered: coverage.coveredRows, id: compiled.id)
            out += "</div>\n<details><summary>Mermaid source</summary>\n<pre>"
            out += h(emitDiagram(compiled, format: .mermaid, command: "lockspec graph \(compiled.file)", covered: coverage.coveredRows))
            out += "</pre>\n</details>\n"
            out += "<table class=\"coverage\">\n"
            let unvisited = coverage.states.filter { !coverage.visitedStates.contains($0) }
            out += "<tr><th>States</th><td>\(coverage.visitedStates.count)/\(coverage.states.count)\(Self.percent(coverage.visitedStates.count, coverage.states.count))"
            if !unvisited.isEmpty { out += " <span class=\"muted\">not visited: \(h(unvisited.joined(separator: ", ")))</span>" }
            out += "</td></tr>\n"
            let missed = graph.edges.filter { !coverage.coveredRows.contains($0.row) }.map(\.row)
            out += "<tr><th>Transitions</th><td>\(coverage.coveredEdges)/\(coverage.edges)\(Self.percent(coverage.coveredEdges, coverage.edges))"
            if !missed.isEmpty { out += " <span class=\"muted\">not covered: \(h(missed.joined(separator: ", ")))</span>" }
            out += "</td></tr>\n"
            out += "<tr><th>Guard outcomes</th><td>"
            if coverage.guards.isEmpty { out += "no guarded choices" }
            for g in coverage.guards {
                out += "<div>\(h(g.from)) · \(h(g.event)): \(g.coveredCount)/\(g.rows.count) "
                out += g.rows.map { "<span class=\"badge \($0.covered ? "pass" : "na")\">\(h($0.row))\($0.guardText.isEmpty ? "" : " [" + h($0.guardText) + "]")</span>" }
                    .joined(separator: " ")
                out += "</div>"
            }
            out += "</td></tr>\n</table>\n"
        }
        out += "</section>\n"
    }

    static func percent(_ a: Int, _ b: Int) -> String { b == 0 ? "" : " (\(a * 100 / b)%)" }

    mutating func identity() {
        let id = result.identity
        out += "<section id=\"identity\">\n<h2>Run identity</h2>\n<table>\n"
        out += "<tr><th>Tool</th><td>\(h(id.tool))</td></tr>\n<tr><th>Build under test</th><td><code>\(h(id.build.description))</code>"
        out += " <span class=\"muted\">recorded at build time, \(h(id.build.recordedAt))</span></td></tr>\n"
        out += "<tr><th>Started</th><td>\(h(id.startedAt))</td></tr>\n"
        if let shard = id.shard { out += "<tr><th>Shard</th><td>\(h(shard))</td></tr>\n" }
        out += "</table>\n<table>\n<tr><th>Spec</th><th>File</th><th>SHA-256</th></tr>\n"
        for print in id.specs.sorted(by: { $0.id < $1.id }) {
            out += "<tr><td>\(h(print.id))</td><td>\(h(print.file))</td><td><code>\(h(print.sha256))</code></td></tr>\n"
        }
        out += "</table>\n"
        if !id.documents.isEmpty {
            out += "<table>\n<tr><th>Design document</th><th>SHA-256</th></tr>\n"
            for print in id.documents {
                out += "<tr><td>\(h(print.name))</td><td><code>\(h(print.sha256))</code></td></tr>\n"
            }
            out += "</table>\n"
        }
        out += "</section>\n"
    }

    static let css = """
    body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #24292f; margin: 24px; max-width: 1300px; }
    h1 { margin: 0 0 8px; } h2 { border-bottom: 1px solid #d0d7de; padding-bottom: 4px; margin-top: 32px; }
    table { border-collapse: collapse; margin: 8px 0 16px; }
    th, td { border: 1px solid #d0d7de; padding: 4px 8px; text-align: left; vertical-align: top; }
    th { background: #f6f8fa; }
    td.pass, .badge.pass { background: #dafbe1; color: #116329; }
    td.fail, .badge.fail { background: #ffebe9; color: #a40e26; }
    td.xfail, .badge.xfail { background: #fff8c5; color: #7d4e00; }
    td.na, .badge.na { background: #f6f8fa; color: #57606a; }
    .headline { display: inline-block; font-size: 28px; font-weight: 700; padding: 2px 16px; border-radius: 6px; margin: 4px 0; }
    .headline.pass { background: #1a7f37; color: #fff; } .headline.fail { background: #cf222e; color: #fff; }
    .muted { color: #57606a; } .note { font-size: 12px; }
    .exp { color: #57606a; } .act { font-weight: 600; }
    .badge { display: inline-block; padding: 0 6px; border-radius: 10px; font-size: 12px; margin: 1px 0; }
    code { font: 12px ui-monospace, SFMono-Regular, Menlo, monospace; } code.rerun { color: #57606a; }
    pre { background: #f6f8fa; padding: 8px; overflow-x: auto; font-size: 12px; }
    .svgbox { overflow-x: auto; }
    svg.diagram text.state { font: 13px ui-monospace, Menlo, monospace; fill: #24292f; }
    svg.diagram text.edge { font: 11px system-ui, sans-serif; paint-order: stroke; stroke: #fff; stroke-width: 4px; }
    svg.diagram text.hit { fill: #1a7f37; } svg.diagram text.miss { fill: #6e7781; }

    """
}
