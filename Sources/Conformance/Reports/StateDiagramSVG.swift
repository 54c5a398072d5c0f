import Foundation
import SpecKit

/// Draws a machine as an inline SVG by hand, the fallback when Graphviz's `dot` cannot (`GraphvizDiagram`): states on
/// a circle, transitions as curves with arrowheads, failing ones red, expected failures amber, covered ones solid green
/// and the rest dashed grey. Edges with the same source, target and event are merged, as in `emitDiagram`.
enum StateDiagramSVG {
    static func render(_ graph: MachineGraph, marks: TransitionMarks, id: String) -> String {
        let layout = Layout(graph)
        var out = layout.header(id: id)
        var pairIndex: [[String]: Int] = [:]
        var labels = ""
        for k in graph.transitions {
            let index = pairIndex[[k.from, k.to], default: 0]
            pairIndex[[k.from, k.to]] = index + 1
            let (path, label) = layout.transition(k, index: index, in: graph, marks: marks, id: id)
            out += path
            labels += label
        }
        out += layout.states(initial: graph.initial, id: id)
        return out + labels + "</svg>\n"
    }

    /// The states on a circle, each a box sized to its name, and the drawing's size around them.
    private struct Layout {
        static let charWidth = 7.2, boxHeight = 30.0
        let states: [String]
        let halfWidth: [String: Double]
        let size: Double
        var cx: Double { size / 2 }
        var cy: Double { size / 2 }
        let position: [String: (x: Double, y: Double)]

        init(_ graph: MachineGraph) {
            states = graph.states
            let n = max(states.count, 1)
            let halfWidth = states.firstByKey { ($0, Double($0.count) * Self.charWidth / 2 + 14) }
            let widest = halfWidth.values.max() ?? 40
            let radius = n == 1 ? 0 : max(110, Double(n) * (widest + 30) / (2 * .pi) * 1.3)
            // Room for the labels of self-loops and edges around the circle.
            let size = 2 * (radius + widest + 150)
            var position: [String: (x: Double, y: Double)] = [:]
            for (i, s) in states.enumerated() {
                let angle = -Double.pi / 2 + 2 * Double.pi * Double(i) / Double(n)
                position[s] = (size / 2 + radius * cos(angle), size / 2 + radius * sin(angle))
            }
            (self.halfWidth, self.size, self.position) = (halfWidth, size, position)
        }

        func f(_ v: Double) -> String { StateDiagramSVG.formatted(v) }

        func centre(_ s: String) -> (x: Double, y: Double) { position[s] ?? (cx, cy) }

        /// Where the ray from a state's centre in direction (dx, dy) leaves its box.
        func boundary(_ s: String, _ dx: Double, _ dy: Double) -> (Double, Double) {
            let p = centre(s)
            let hw = halfWidth[s] ?? 40, hh = Self.boxHeight / 2
            let len = (dx * dx + dy * dy).squareRoot()
            guard len > 0 else { return p }
            let ux = dx / len, uy = dy / len
            let t = min(ux == 0 ? .infinity : hw / abs(ux), uy == 0 ? .infinity : hh / abs(uy))
            return (p.x + ux * t, p.y + uy * t)
        }

        /// The `<svg>` tag and the arrowheads of each colour.
        func header(id: String) -> String {
            var out = "<svg class=\"diagram\" role=\"img\" viewBox=\"0 0 \(f(size)) \(f(size))\""
            out += " width=\"\(f(size * 1.2))\" height=\"\(f(size * 1.2))\" overflow=\"visible\" aria-label=\"state diagram of \(Escape.html(id))\">\n"
            out += "<defs>"
            for (name, colour) in [("ok", "#1a7f37"), ("no", "#8c959f"), ("bad", "#cf222e"), ("xf", "#9a6700")] {
                out += "<marker id=\"\(name)-\(Escape.html(id))\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"8\" markerHeight=\"8\" orient=\"auto-start-reverse\">"
                out += "<path d=\"M0,0 L10,5 L0,10 z\" fill=\"\(colour)\"/></marker>"
            }
            return out + "</defs>\n"
        }

        /// One transition's curve (its tooltip inside) and its label, the `index`-th between its two states.
        func transition(_ k: MachineGraph.Transition, index: Int, in graph: MachineGraph, marks: TransitionMarks, id: String)
            -> (path: String, label: String) {
            let mark = marks.mark(k)
            let hit = mark != .uncovered
            let marker = ["failing": "bad", "expected": "xf", "covered": "ok"][mark.rawValue] ?? "no"
            let style = "fill=\"none\" stroke=\"\(TransitionMarks.colour(mark))\" stroke-width=\"\(hit ? 2 : 1.5)\"\(hit ? "" : " stroke-dasharray=\"6 4\"") marker-end=\"url(#\(marker)-\(Escape.html(id)))\""
            // Short labels keep the drawing readable; the row ids are in each edge's tooltip and in the coverage table.
            let text = k.rows.count == 1 ? k.event : "\(k.event) ×\(k.rows.count)"
            let tooltip = "<title>\(Escape.html(TransitionMarks.title(k, in: graph, mark: mark)))</title>"
            let (d, at) = k.from == k.to ? loop(k.from, index: index) : arc(k.from, k.to, index: index)
            return ("<path d=\"\(d)\" \(style)>\(tooltip)</path>\n",
                    "<text x=\"\(f(at.0))\" y=\"\(f(at.1))\" class=\"edge \(mark.rawValue)\" text-anchor=\"middle\">\(Escape.html(text))</text>\n")
        }

        /// A loop on the side of `s` facing away from the centre: its path and where its label goes.
        func loop(_ s: String, index: Int) -> (String, (Double, Double)) {
            let p = centre(s)
            var ux = p.x - cx, uy = p.y - cy
            let len = (ux * ux + uy * uy).squareRoot()
            if len == 0 { ux = 0; uy = -1 } else { ux /= len; uy /= len }
            let reach = 55 + Double(index) * 22
            let (sx, sy) = boundary(s, ux - uy * 0.5, uy + ux * 0.5)
            let (ex, ey) = boundary(s, ux + uy * 0.5, uy - ux * 0.5)
            let c1 = (p.x + (ux - uy * 0.6) * (reach + 20), p.y + (uy + ux * 0.6) * (reach + 20))
            let c2 = (p.x + (ux + uy * 0.6) * (reach + 20), p.y + (uy - ux * 0.6) * (reach + 20))
            return ("M\(f(sx)),\(f(sy)) C\(f(c1.0)),\(f(c1.1)) \(f(c2.0)),\(f(c2.1)) \(f(ex)),\(f(ey))",
                    (p.x + ux * (reach + 12), p.y + uy * (reach + 12)))
        }

        /// A curve from `from` to `to`, bowed by its index: its path and where its label goes.
        func arc(_ from: String, _ to: String, index: Int) -> (String, (Double, Double)) {
            let p = centre(from), q = centre(to)
            let dx = q.x - p.x, dy = q.y - p.y
            let len = max((dx * dx + dy * dy).squareRoot(), 1)
            let offset = 28 + Double(index) * 26
            let mx = (p.x + q.x) / 2 - dy / len * offset, my = (p.y + q.y) / 2 + dx / len * offset
            let (sx, sy) = boundary(from, mx - p.x, my - p.y)
            let (ex, ey) = boundary(to, mx - q.x, my - q.y)
            return ("M\(f(sx)),\(f(sy)) Q\(f(mx)),\(f(my)) \(f(ex)),\(f(ey))",
                    (0.25 * sx + 0.5 * mx + 0.25 * ex, 0.25 * sy + 0.5 * my + 0.25 * ey))
        }

        /// The start marker, then every state's box and name.
        func states(initial: String, id: String) -> String {
            var out = ""
            if let start = position[initial] {
                let hh = Self.boxHeight / 2
                out += "<circle cx=\"\(f(start.x))\" cy=\"\(f(start.y - hh - 34))\" r=\"5\" fill=\"#24292f\"/>"
                out += "<path d=\"M\(f(start.x)),\(f(start.y - hh - 29)) L\(f(start.x)),\(f(start.y - hh - 1))\" stroke=\"#24292f\" stroke-width=\"1.5\" marker-end=\"url(#ok-\(Escape.html(id)))\"/>\n"
            }
            for s in states {
                let p = centre(s)
                let hw = halfWidth[s] ?? 40
                out += "<rect x=\"\(f(p.x - hw))\" y=\"\(f(p.y - Self.boxHeight / 2))\" width=\"\(f(2 * hw))\" height=\"\(f(Self.boxHeight))\" rx=\"8\""
                out += " fill=\"#f6f8fa\" stroke=\"#24292f\" stroke-width=\"\(s == initial ? 2.5 : 1.2)\"/>"
                out += "<text x=\"\(f(p.x))\" y=\"\(f(p.y + 4.5))\" class=\"state\" text-anchor=\"middle\">\(Escape.html(s))</text>\n"
            }
            return out
        }
    }

    /// One decimal place, no locale, no trailing `.0`.
    static func formatted(_ v: Double) -> String {
        // Int(_:) traps on a value that is not finite or does not fit; a drawing never needs one that large.
        guard v.isFinite, v.magnitude < 1e15 else { return "0" }
        let tenths = Int((v * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let a = abs(tenths)
        return a % 10 == 0 ? "\(sign)\(a / 10)" : "\(sign)\(a / 10).\(a % 10)"
    }
}
