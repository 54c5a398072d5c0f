import SpecKit

/// A machine's state diagram laid out by Graphviz's `dot`, as inline SVG for the HTML report: failing transitions
/// red, expected failures amber, covered ones green, the rest dashed grey; each arrow's `<title>` (shown on hover)
/// names its rows with their guards. Every name from the spec reaches `dot` only inside an escaped label (nodes and
/// edges get ids of our own), and the SVG is cut down to the `<svg>` element without `dot`'s comments (which name
/// its version), so the same machine and run give the same bytes.
enum GraphvizDiagram {
    /// The diagram, or why `dot` could not draw it.
    static func render(_ graph: MachineGraph, marks: TransitionMarks, id: String, layout: DiagramLayout) -> Result<String, GraphvizProcess.Failure> {
        guard let dot = layout.dot else {
            return .failure(.init(reason: "Graphviz's dot program was not found or is switched off (the Debian package graphviz; Scripts/bootstrap installs it)"))
        }
        let transitions = graph.transitions
        guard graph.states.count + transitions.count <= layout.maximumElements else {
            return .failure(.init(reason: "the machine has more than \(layout.maximumElements) states and transitions"))
        }
        let prefix = "gv" + safe(id)
        // Left to right first; a drawing wider than the page is laid out top to bottom too, and the narrower kept.
        var best: (svg: String, width: Double)?
        for direction in ["LR", "TB"] where (best?.width ?? .infinity) > pageWidth {
            let (source, dotTitles) = dotSource(graph, transitions: transitions, marks: marks, prefix: prefix, direction: direction)
            let titles = dotTitles.merging([prefix: "state diagram of \(id)"]) { _, new in new }
            switch GraphvizProcess.svg(source, executable: dot, timeout: layout.timeout) {
            case .failure(let failure): return .failure(failure)
            case .success(let svg):
                guard let inline = inline(svg, titles: titles, label: "state diagram of \(id)") else {
                    return .failure(.init(reason: "\(dot) wrote an SVG this report does not understand"))
                }
                if inline.width < (best?.width ?? .infinity) { best = inline }
            }
        }
        guard let best else { return .failure(.init(reason: "\(dot) gave no drawing")) }
        return .success(best.svg)
    }

    /// The width of the report's column, in points: a drawing no wider fits without being scaled down.
    static let pageWidth = 950.0

    /// The DOT text, and the hover text of each transition's parts by their SVG ids. A transition is drawn as a
    /// small label node between two arrows (`from → label → to`), so `dot` places its text like a node and labels never
    /// overlap, self-loops included.
    static func dotSource(_ graph: MachineGraph, transitions: [MachineGraph.Transition], marks: TransitionMarks,
                          prefix: String, direction: String) -> (String, [String: String]) {
        var node: [String: String] = [:]
        for (i, state) in graph.states.enumerated() where node[state] == nil { node[state] = "\(prefix)n\(i)" }
        var out = "digraph \"\(prefix)\" {\n  graph [id=\"\(prefix)\", rankdir=\(direction), nodesep=0.12, ranksep=0.35, bgcolor=\"transparent\"];\n"
        out += "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#f6f8fa\", color=\"#24292f\", fontname=\"Helvetica\", fontsize=13];\n"
        out += "  edge [arrowsize=0.7];\n"
        out += "  \"\(prefix)s\" [id=\"\(prefix)s\", shape=point, width=0.12, label=\"\"];\n"
        // Every element's hover text by its SVG id: dot's own titles are our internal names.
        var titles = [prefix: "state diagram", "\(prefix)s": "start"]
        var declared: Set<String> = []
        for state in graph.states where declared.insert(state).inserted {
            guard let name = node[state] else { continue }
            titles[name] = state == graph.initial ? "\(state) (initial state)" : state
            out += "  \"\(name)\" [id=\"\(name)\", label=\"\(label(state))\"\(state == graph.initial ? ", penwidth=2.2" : "")];\n"
        }
        if let start = node[graph.initial] {
            out += "  \"\(prefix)s\" -> \"\(start)\" [id=\"\(prefix)i\"];\n"
            titles["\(prefix)i"] = "starts in \(graph.initial)"
        }
        for (i, t) in transitions.enumerated() {
            guard let from = node[t.from], let to = node[t.to] else { continue }
            let mark = marks.mark(t), colour = TransitionMarks.colour(mark), middle = "\(prefix)t\(i)"
            let title = TransitionMarks.title(t, in: graph, mark: mark)
            for part in [middle, middle + "a", middle + "b"] { titles[part] = title }
            let line = mark == .uncovered ? "style=dashed, penwidth=1.2" : "penwidth=1.8"
            // One row is named; several are counted (their ids and guards are in the hover text and the table below).
            let text = label(t.event) + "\\n" + label(t.rows.count == 1 ? t.rows[0] : "\(t.rows.count) rows")
            out += "  \"\(middle)\" [id=\"\(middle)\", label=\"\(text)\", shape=box, style=\"rounded,\(mark == .uncovered ? "dashed" : "solid")\", "
            out += "color=\"\(colour)\", fontcolor=\"\(colour)\", fontsize=10, margin=\"0.06,0.02\", height=0.2];\n"
            out += "  \"\(from)\" -> \"\(middle)\" [id=\"\(middle)a\", color=\"\(colour)\", arrowhead=none, \(line)];\n"
            out += "  \"\(middle)\" -> \"\(to)\" [id=\"\(middle)b\", color=\"\(colour)\", \(line)];\n"
        }
        out += "}\n"
        return (out, titles)
    }

    /// Text inside a quoted DOT label: backslashes and quotes escaped (so no `\N`-style escape or end of string can be
    /// smuggled in), `&` written as an entity (dot passes entities through), control characters as spaces, and long
    /// lists wrapped after a comma once a line passes about 40 characters.
    static func label(_ text: String) -> String {
        var out = "", column = 0
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "&": out += "&amp;"
            case " " where column > 40 && out.hasSuffix(","):
                out += "\\n"
                column = 0
                continue
            default:
                out.unicodeScalars.append(scalar.value < 0x20 || scalar.value == 0x7F ? " " : scalar)
            }
            column += 1
        }
        return out
    }

    /// An id made only of ASCII letters and digits (anything else as `_<hex>_`), which `dot` copies unchanged.
    static func safe(_ text: String) -> String {
        text.unicodeScalars.map { s in
            s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(Character(s))) ? String(s) : "_\(String(s.value, radix: 16))_"
        }.joined()
    }

    /// `dot`'s SVG reduced to the `<svg>` element: no XML prolog, doctype or comments, our class and label on the root,
    /// and every element's `<title>` (dot writes our internal names there) replaced by its hover text. Nil when the text is not the shape `dot` writes.
    static func inline(_ svg: String, titles: [String: String], label: String) -> (svg: String, width: Double)? {
        guard let start = svg.range(of: "<svg"), let end = svg.range(of: "</svg>", options: .backwards), start.lowerBound < end.lowerBound,
              let open = svg.range(of: ">", range: start.upperBound..<end.lowerBound) else { return nil }
        let tag = String(svg[start.upperBound..<open.lowerBound])
        guard let width = attribute("width", in: tag), let height = attribute("height", in: tag), let viewBox = attribute("viewBox", in: tag),
              let points = Double(width.replacingOccurrences(of: "pt", with: "")) else { return nil }
        let uncommented = withoutComments(svg[open.upperBound..<end.lowerBound])
        // dot draws shapes and text; anything active in its output is not what it should have written.
        let lowered = uncommented.lowercased()
        guard !lowered.containsText("<script"), !lowered.containsText("<foreignobject"),
              let body = retitled(uncommented, titles: titles) else { return nil }
        let root = "<svg class=\"diagram graphviz\" role=\"img\" aria-label=\"\(Escape.html(label))\" width=\"\(width)\" height=\"\(height)\" viewBox=\"\(viewBox)\""
        return (root + " xmlns=\"http://www.w3.org/2000/svg\">" + body + "</svg>\n", points)
    }

    /// The value of `name="…"` in a tag, if it holds only digits, dots, spaces, minus signs and `pt`.
    private static func attribute(_ name: String, in tag: String) -> String? {
        guard let start = tag.range(of: " \(name)=\"") ?? tag.range(of: "\n\(name)=\""),
              let end = tag.range(of: "\"", range: start.upperBound..<tag.endIndex) else { return nil }
        let value = String(tag[start.upperBound..<end.lowerBound])
        return value.allSatisfy({ "0123456789. -pt".contains($0) }) && !value.isEmpty ? value : nil
    }

    /// The text with every `<!-- … -->` removed (with the line break after it).
    ///
    /// Both passes search forward from where they are with `rangeOfText`: dot writes a comment and a group for every
    /// node and edge, and Foundation's `range(of:)` bridged the whole rest of the text at each one, quadratic in the
    /// diagram's size.
    private static func withoutComments(_ text: Substring) -> String {
        var out = "", rest = text
        while let open = rest.rangeOfText("<!--") {
            out += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].rangeOfText("-->") else { return out }
            rest = rest[close.upperBound...]
            if rest.first == "\n" { rest = rest.dropFirst() }
        }
        return out + rest
    }

    /// `body` with the text of the first `<title>` after each `<g id="ID" class="` whose id `titles` names (its first
    /// such group) replaced by the hover text, in one pass; nil unless every id in `titles` is found.
    private static func retitled(_ body: String, titles: [String: String]) -> String? {
        var out = "", rest = Substring(body), done: Set<String> = []
        while let group = rest.rangeOfText("<g id=\""), let idEnd = rest[group.upperBound...].rangeOfText("\"") {
            let id = String(rest[group.upperBound..<idEnd.lowerBound])
            guard let title = titles[id], !done.contains(id), rest[idEnd.upperBound...].hasPrefix(" class=\""),
                  let from = rest[idEnd.upperBound...].rangeOfText("<title>"),
                  let to = rest[from.upperBound...].rangeOfText("</title>") else {
                out += rest[..<idEnd.upperBound]
                rest = rest[idEnd.upperBound...]
                continue
            }
            out += rest[..<from.upperBound] + Escape.html(title)
            rest = rest[to.lowerBound...]
            done.insert(id)
        }
        return done.count == titles.count ? out + rest : nil
    }
}
