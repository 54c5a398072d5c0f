import SpecKit

/// What a run says about each transition of a machine's diagram: failing (red), an expected failure (amber),
/// covered (green) or not covered (dashed grey), and its rows with their guards for the hover text.
struct TransitionMarks {
    /// How a transition is drawn.
    enum Mark: String {
        case failing, expected, covered, uncovered
    }

    /// Rows a passed case exercised.
    var covered: Set<String>
    /// Rows where a divergence that fails the run was found (by a case or by the exploration).
    var failing: Set<String>
    /// Rows whose divergence is listed as an expected failure.
    var expected: Set<String>

    /// Marks without any run: every transition uncovered unless `covered` names its rows.
    init(covered: Set<String>, failing: Set<String> = [], expected: Set<String> = []) {
        self.covered = covered
        self.failing = failing
        self.expected = expected
    }

    /// The marks of one machine in a run: a case's divergence counts against the row whose expectation diverged
    /// (another row on the path to it, when the path diverged), an exploration finding against the row it checked.
    init(spec: String, result: RunResult, covered: Set<String>) {
        var failing: Set<String> = [], expected: Set<String> = []
        for c in result.cases where c.spec == spec {
            guard let d = c.divergence else { continue }
            let row = d.row ?? c.row
            if c.failsRun { failing.insert(row) } else if c.status == .expectedFailure { expected.insert(row) }
        }
        for f in result.exploration?.findings ?? [] where f.spec == spec {
            guard let row = f.divergence?.row else { continue }
            if f.failsRun { failing.insert(row) } else if f.status == .expectedFailure { expected.insert(row) }
        }
        self.init(covered: covered, failing: failing, expected: expected)
    }

    /// The mark of a transition: the worst of its rows.
    func mark(_ t: MachineGraph.Transition) -> Mark {
        if t.rows.contains(where: failing.contains) { return .failing }
        if t.rows.contains(where: expected.contains) { return .expected }
        return t.rows.contains(where: covered.contains) ? .covered : .uncovered
    }

    /// The colour a mark is drawn in.
    static func colour(_ mark: Mark) -> String {
        switch mark {
        case .failing: "#cf222e"
        case .expected: "#9a6700"
        case .covered: "#1a7f37"
        case .uncovered: "#8c959f"
        }
    }

    /// The hover text of a transition: where it goes, on what, each row with its guard, and the mark in words.
    static func title(_ t: MachineGraph.Transition, in graph: MachineGraph, mark: Mark) -> String {
        let rows = t.rows.map { row in
            let g = graph.edges.first { $0.row == row && $0.from == t.from && $0.to == t.to && $0.event == t.event }?.guardText ?? ""
            return g.isEmpty ? row : "\(row) [\(g)]"
        }
        let words: String
        switch mark {
        case .failing: words = "failing"
        case .expected: words = "expected failure"
        case .covered: words = "covered"
        case .uncovered: words = "not covered"
        }
        return "\(t.from) → \(t.to) on \(t.event): \(rows.joined(separator: "; ")) (\(words))"
    }
}
