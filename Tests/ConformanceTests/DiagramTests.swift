import Foundation
import Testing
import SpecKit
@testable import Conformance

/// The HTML report's state diagrams: laid out by Graphviz's `dot` (installed by Scripts/bootstrap, so required here),
/// coloured by the run, reproducible, and laid out by hand, with a note, whenever `dot` cannot do it.
@Suite("State diagrams")
struct DiagramTests {
    static let run = ReportFixture.run
    static var graph: MachineGraph { ReportFixture.lockSpec.graph ?? MachineGraph(states: [], initial: "", edges: []) }
    static var marks: TransitionMarks {
        let coverage = MachineCoverage(spec: ReportFixture.lockSpec, cases: run.cases)
        return TransitionMarks(spec: "launch-lock", result: run, covered: coverage?.coveredRows ?? [])
    }

    static func dot() throws -> DiagramLayout {
        let layout = DiagramLayout.automatic
        try #require(layout.dot != nil, "Graphviz's dot is missing: Scripts/bootstrap installs the Debian package graphviz")
        return layout
    }

    /// The SVG groups (`<g id=…>…</g>`) whose `<title>` is `title`.
    static func groups(titled title: String, in svg: String) -> [Substring] {
        svg.components(separatedBy: "<g id=").dropFirst().map { Substring($0) }.filter { $0.contains("<title>\(Escape.html(title))</title>") }
    }

    @Test("Graphviz: every state, every transition's title with its rows and guards, failing red, covered green, uncovered dashed")
    func graphvizDiagram() throws {
        let svg = try GraphvizDiagram.render(Self.graph, marks: Self.marks, id: "launch-lock", layout: Self.dot()).get()
        #expect(svg.hasPrefix("<svg class=\"diagram graphviz\""))
        for state in Self.graph.states { #expect(svg.contains(">\(state)</text>"), "state \(state) not drawn") }
        var seen: [TransitionMarks.Mark: Int] = [:]
        for t in Self.graph.transitions {
            let mark = Self.marks.mark(t)
            seen[mark, default: 0] += 1
            let title = TransitionMarks.title(t, in: Self.graph, mark: mark)
            let parts = Self.groups(titled: title, in: svg)
            // The label node and its two arrows.
            #expect(parts.count == 3, "transition \(title): \(parts.count) parts")
            for part in parts {
                #expect(part.contains("stroke=\"\(TransitionMarks.colour(mark))\""), "\(title) not drawn in its colour")
                #expect(part.contains("stroke-dasharray") == (mark == .uncovered), "\(title): dashed only when not covered")
            }
        }
        // The fixture's run: L2's step diverged on the way to L3 (red), L1 passed (green), L3 and L4 never passed.
        #expect(seen == [.failing: 1, .covered: 1, .uncovered: 2])
        #expect(TransitionMarks.title(Self.graph.transitions[2], in: Self.graph, mark: .uncovered) == "away → locked on active: L3 [away >= 60s] (not covered)")
        #expect(svg.contains("L3 [away &gt;= 60s]"))
        // No hover text shows an internal id: states are named, the start is "start".
        #expect(!svg.contains("<title>gv"))
        #expect(svg.contains("<title>locked (initial state)</title>") && svg.contains("<title>away</title>"))
        #expect(!svg.contains("<!--") && !svg.contains("<?xml") && !svg.contains("DOCTYPE") && !svg.contains("graphviz version"))
    }

    @Test("Graphviz: the same machine and run give the same bytes, each time dot runs")
    func reproducible() throws {
        let layout = try Self.dot()
        let first = try GraphvizDiagram.render(Self.graph, marks: Self.marks, id: "launch-lock", layout: layout).get()
        let second = try GraphvizDiagram.render(Self.graph, marks: Self.marks, id: "launch-lock", layout: layout).get()
        #expect(first == second)
        #expect(renderHTML(Self.run, diagrams: layout) == renderHTML(Self.run, diagrams: layout))
        let page = renderHTML(Self.run, diagrams: layout)
        #expect(page.contains("class=\"diagram graphviz\"") && !page.contains("Laid out by hand"))
    }

    @Test("names from the spec reach dot only as escaped labels: quotes, backslashes, markup and line breaks")
    func hostileNames() throws {
        let odd = "a\"b\\N</title><script>x</script>\nc&amp;"
        let graph = MachineGraph(states: [odd, "plain"], initial: odd, edges: [
            .init(row: "R\"1", from: odd, to: "plain", event: "go\\G", guardText: "x < \"1\""),
            .init(row: "R2", from: "plain", to: "plain", event: "stay", guardText: ""),
        ])
        let svg = try GraphvizDiagram.render(graph, marks: TransitionMarks(covered: ["R2"]), id: "odd \"id\"", layout: Self.dot()).get()
        #expect(!svg.contains("<script") && !svg.contains("</title><script"))
        #expect(svg.contains("&lt;/title&gt;&lt;script&gt;"))
        #expect(svg.contains("R&quot;1 [x &lt; &quot;1&quot;]") || svg.contains("R&quot;1 [x &lt; \"1\"]"))
        for t in graph.transitions {
            let title = TransitionMarks.title(t, in: graph, mark: t.rows == ["R2"] ? .covered : .uncovered)
            #expect(Self.groups(titled: title, in: svg).count == 3, "\(title)")
        }
    }

    @Test("a graph read back from a damaged result (initial state unknown, a transition to no state) is still drawn")
    func damagedGraph() throws {
        let graph = MachineGraph(states: ["A", "B", "A"], initial: "Nowhere", edges: [
            .init(row: "R1", from: "A", to: "B", event: "go", guardText: ""),
            .init(row: "R2", from: "B", to: "Gone", event: "vanish", guardText: ""),
        ])
        let svg = try GraphvizDiagram.render(graph, marks: TransitionMarks(covered: []), id: "damaged", layout: Self.dot()).get()
        #expect(svg.contains(">A</text>") && svg.contains(">B</text>") && !svg.contains("Gone"))
    }

    @Test("without dot the page falls back to the hand layout and says so, failing transitions still red")
    func fallbackWithoutDot() {
        let page = renderHTML(Self.run, diagrams: .hand)
        #expect(page.contains("Laid out by hand, so labels may overlap: Graphviz&#39;s dot program was not found"))
        #expect(page.contains("<svg class=\"diagram\"") && !page.contains("diagram graphviz"))
        #expect(page.contains("stroke=\"#cf222e\""))
        let missing = renderHTML(Self.run, diagrams: DiagramLayout(dot: "/nonexistent/bin/dot"))
        #expect(missing.contains("Laid out by hand, so labels may overlap: /nonexistent/bin/dot could not be started"))
    }

    @Test("a dot that hangs is killed at the deadline; one that fails or writes nonsense is not trusted")
    func misbehavingDot() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fake-dot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func script(_ name: String, _ body: String) throws -> String {
            let path = folder.appendingPathComponent(name).path
            try "#!/bin/sh\n\(body)\n".write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
            return path
        }
        let hang = DiagramLayout(dot: try script("hang", "exec sleep 30"), timeout: 0.5)
        let started = Date()
        let page = renderHTML(Self.run, diagrams: hang)
        #expect(Date().timeIntervalSince(started) < 20, "the hung dot was not stopped at its deadline")
        #expect(page.contains("took longer than 0.5 s and was stopped"))
        let fails = DiagramLayout(dot: try script("fails", "echo 'Error: syntax error in line 1' >&2; exit 1"))
        #expect(renderHTML(Self.run, diagrams: fails).contains("failed (status 1): Error: syntax error in line 1"))
        let nonsense = DiagramLayout(dot: try script("nonsense", "echo '<svg><script>x</script></svg>' > \"$3\""))
        #expect(renderHTML(Self.run, diagrams: nonsense).contains("wrote an SVG this report does not understand"))
        let tooBig = DiagramLayout(dot: DiagramLayout.automatic.dot, maximumElements: 3)
        #expect(renderHTML(Self.run, diagrams: tooBig).contains("the machine has more than 3 states and transitions"))
    }

    @Test("dot's SVG inlined: comments gone, each named group's first title replaced once, nil when a named group is missing")
    func inlineRetitles() throws {
        let svg = """
            <?xml version="1.0"?>
            <!-- Generated by graphviz -->
            <svg width="62pt" height="44pt" viewBox="0 0 62 44">
            <!-- e1 -->
            <g id="e1" class="edge"><title>a&#45;&gt;b</title><text>x</text></g>
            <g id="e10" class="edge"><title>kept</title></g>
            <g id="e1" class="edge"><title>second e1</title></g>
            <g id="e2" class="edge"><title>c</title></g>
            </svg>
            """
        let inlined = try #require(GraphvizDiagram.inline(svg, titles: ["e1": "A → B <1>", "e2": "C"], label: "m"))
        #expect(inlined.width == 62)
        #expect(!inlined.svg.contains("<!--") && !inlined.svg.contains("<?xml"))
        #expect(inlined.svg.contains("<g id=\"e1\" class=\"edge\"><title>A → B &lt;1&gt;</title><text>x</text></g>"))
        #expect(inlined.svg.contains("<title>kept</title>") && inlined.svg.contains("<title>second e1</title>"))
        #expect(inlined.svg.contains("<g id=\"e2\" class=\"edge\"><title>C</title></g>"))
        #expect(GraphvizDiagram.inline(svg, titles: ["e1": "A", "e3": "missing"], label: "m") == nil)
    }
}
