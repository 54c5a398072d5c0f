import SpecKit

extension HTMLPage {
    /// Per machine, a state diagram of the covered transitions and its coverage of states, transitions and guards.
    mutating func machines() {
        let machines = result.specs.filter { $0.graph != nil }.sorted { $0.id < $1.id }
        out += "<section id=\"machines\">\n<h2>State machines and coverage</h2>\n"
        out += "<p class=\"muted legend\">A transition is covered when a passed case exercised its row."
        out += "<span style=\"border-color:#cf222e\"></span>failing <span style=\"border-color:#9a6700\"></span>expected failure"
        out += "<span style=\"border-color:#1a7f37\"></span>covered <span style=\"border-color:#8c959f;border-top-style:dashed\"></span>not covered."
        out += " Hover an arrow for its rows and their guards.</p>\n"
        if machines.isEmpty { out += "<p>No machines.</p>\n" }
        var layout = diagrams
        for compiled in machines {
            guard let graph = compiled.graph, let coverage = MachineCoverage(spec: compiled, cases: result.cases) else { continue }
            out += "<h3 id=\"\(Self.anchor("machine", compiled.id))\">\(h(compiled.id))</h3>\n"
            // A tour that stopped early covered less than the machine can do, whatever its counts say.
            if let limit = result.exploration?.result.machines.first(where: { $0.spec == compiled.id })?.limit {
                out += "<p class=\"warn\">The exploration's tour stopped early: \(h(limit)) (explore.limit).</p>\n"
            }
            diagram(graph, marks: TransitionMarks(spec: compiled.id, result: result, covered: coverage.coveredRows), id: compiled.id, layout: &layout)
            out += "<details><summary>Mermaid source</summary>\n<pre>"
            out += h(emitDiagram(compiled, format: .mermaid, command: "lockspec graph \(compiled.file)", covered: coverage.coveredRows))
            out += "</pre>\n</details>\n"
            machineCoverage(graph, coverage)
        }
        out += "</section>\n"
    }

    /// One machine's diagram: laid out by Graphviz, or by hand with a note saying why. After a `dot` that ran past
    /// its deadline the rest of the page is laid out by hand, so a page of many machines cannot take many timeouts.
    mutating func diagram(_ graph: MachineGraph, marks: TransitionMarks, id: String, layout: inout DiagramLayout) {
        switch GraphvizDiagram.render(graph, marks: marks, id: id, layout: layout) {
        case .success(let svg):
            out += "<div class=\"svgbox\">\n\(svg)</div>\n"
        case .failure(let failure):
            if failure.timedOut { layout.dot = nil }
            out += "<p class=\"note muted\">Laid out by hand, so labels may overlap: \(h(failure.reason)).</p>\n"
            out += "<div class=\"svgbox\">\n\(StateDiagramSVG.render(graph, marks: marks, id: id))</div>\n"
        }
    }

    mutating func machineCoverage(_ graph: MachineGraph, _ coverage: MachineCoverage) {
        out += "<table class=\"coverage\">\n"
        let unvisited = coverage.states.filter { !coverage.visitedStates.contains($0) }
        out += "<tr><th>States</th><td>\(coverage.visitedStates.count)/\(coverage.states.count)\(Self.percent(coverage.visitedStates.count, coverage.states.count))"
        if !unvisited.isEmpty { out += " <span class=\"muted\">not visited: \(h(unvisited.joined(separator: ", ")))</span>" }
        out += "</td></tr>\n"
        // Each edge once, with its states: a row from several states is several edges.
        let missed = graph.edges.filter { !coverage.coveredRows.contains($0.row) }.map { "\($0.from) · \($0.event) → \($0.to) (\($0.row))" }.firstOfEach()
        out += "<tr><th>Transitions</th><td>\(coverage.coveredEdges)/\(coverage.edges)\(Self.percent(coverage.coveredEdges, coverage.edges))"
        if !missed.isEmpty { out += " <span class=\"muted\">not covered: \(h(missed.joined(separator: ", ")))</span>" }
        out += "</td></tr>\n<tr><th>Guard outcomes</th><td>"
        if coverage.guards.isEmpty { out += "no guarded choices" }
        for g in coverage.guards {
            out += "<div>\(h(g.from)) · \(h(g.event)): \(g.coveredCount)/\(g.rows.count) "
            out += g.rows.map { "<span class=\"badge \($0.covered ? "pass" : "na")\">\(h($0.row))\($0.guardText.isEmpty ? "" : " [" + h($0.guardText) + "]")</span>" }
                .joined(separator: " ")
            out += "</div>"
        }
        out += "</td></tr>\n</table>\n"
    }

    /// The full identity: tool, build, time, every spec's, other input's and document's SHA-256, and the product
    /// values the core ran with.
    mutating func identity() {
        let id = result.identity
        out += "<section id=\"identity\">\n<h2>Run identity</h2>\n<table>\n"
        out += "<tr><th>Tool</th><td>\(h(id.tool))</td></tr>\n<tr><th>Build under test</th><td><code>\(h(id.build.description))</code>"
        out += " <span class=\"muted\">recorded at build time, \(h(id.build.recordedAt))</span></td></tr>\n"
        out += "<tr><th>Started</th><td>\(h(id.startedAt))</td></tr>\n"
        if let shard = id.shard { out += "<tr><th>Shard</th><td>\(h(shard))</td></tr>\n" }
        out += "</table>\n"
        func code(_ sha: String) -> String { "<code>\(Escape.html(sha))</code>" }
        table(["Spec", "File", "SHA-256"], id.specs.sorted { $0.id < $1.id }.map { [h($0.id), h($0.file), code($0.sha256)] })
        table(["Other input", "File", "SHA-256"], id.inputs.map { [h($0.role), h($0.file), code($0.sha256)] })
        table(["Fixture", "Product values the core ran with"], ProductValuesRun(result.specs).lines.map { [h($0.fixture), h($0.text)] })
        table(["Design document", "SHA-256"], id.documents.map { [h($0.name), code($0.sha256)] })
        out += "<p><a href=\"#top\">back to the top</a></p>\n</section>\n"
    }

    /// A table of already escaped cells under `headers`; nothing when there are no rows.
    private mutating func table(_ headers: [String], _ rows: [[String]]) {
        guard !rows.isEmpty else { return }
        out += "<table>\n<tr>" + headers.map { "<th>\($0)</th>" }.joined() + "</tr>\n"
        out += rows.map { "<tr>" + $0.map { "<td>\($0)</td>" }.joined() + "</tr>\n" }.joined()
        out += "</table>\n"
    }
}
