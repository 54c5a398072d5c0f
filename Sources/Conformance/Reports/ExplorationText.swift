import SpecKit

/// The words the reports use for an exploration finding, in one place, so the console, JUnit and Markdown say the same
/// thing: the situation, the path, the event, what the table expects, the cells that differ, the stable id and the
/// rerun command. Text from the spec or the core has its control characters escaped (`VisibleText`).
enum ExplorationText {
    /// The full account of a finding, one line per item, without colour (`style` lets the console colour parts).
    static func account(_ f: ExplorationFinding, style: (ReportText.Style, String) -> String = { $1 }) -> [String] {
        let v = VisibleText.escape
        var lines = [style(.heading, "\(ReportText.word(f.status)) \(v(f.spec)) › \(v(f.id)) (exploration)")]
        switch f.status {
        case .unexpectedPass:
            lines.append("  listed as an expected failure\(reason(f)) but the transition held: remove it from the expected-failures file")
        case .expired:
            lines.append("  the expected-failure entry\(reason(f)) has expired: fix the core or the table, or renew the entry")
        case .expectedFailure:
            lines.append("  expected failure\(reason(f))")
        case .passed, .failed:
            break
        }
        if let d = f.divergence {
            lines.append("  at:        \(v(d.file)):\(d.line):\(d.column)")
            lines.append("  situation: \(v(d.situation))")
            lines.append("  path:      " + (d.divergence.path.isEmpty ? "(none: the initial situation)"
                : d.divergence.path.enumerated().map { "\($0.offset + 1). \(v($0.element))" }.joined(separator: " → ")))
            if d.longerHistory {
                lines.append(style(.warn, "  only after this longer history: on its own shortest path the transition holds"))
            }
            if d.divergence.onPath {
                lines.append(style(.warn, "  while reaching the situation, step \(d.divergence.step + 1), \(v(d.divergence.action)) (row \(v(d.divergence.row ?? "?"))) diverged"))
            }
            lines.append("  event:     \(v(d.event)), expected: \(d.row.map { "row \(v($0))" } ?? "nothing happens (otherwise: ignore)")")
            if let error = d.divergence.error { lines.append(style(.bad, "  fixture error: \(v(error))")) }
            for cell in d.divergence.cells where !cell.ok {
                lines.append(style(.bad, "    ✗ \(v(cell.name))  expected \(v(cell.expected.description))  actual \(v(cell.actual.description))"))
            }
        }
        lines.append("  rerun:     \(v(f.rerunCommand))")
        return lines
    }

    /// One line: what went wrong with a finding (a JUnit failure message, a GitHub annotation).
    static func message(_ f: ExplorationFinding) -> String {
        switch f.status {
        case .unexpectedPass: return "transition \(f.id) held but is listed as an expected failure"
        case .expired: return "the expected failure of transition \(f.id) has expired"
        default:
            guard let d = f.divergence else { return "transition \(f.id) diverged" }
            var text = "in \(d.situation) on \(d.event) the core does not do what \(d.row.map { "row \($0)" } ?? "the table (ignore)") says"
            let bad = d.divergence.cells.filter { !$0.ok }.map { "\($0.name): expected \($0.expected.description), actual \($0.actual.description)" }
            if !bad.isEmpty { text += ": " + bad.joined(separator: "; ") }
            if let e = d.divergence.error { text += ": fixture error: \(e)" }
            return text
        }
    }

    private static func reason(_ f: ExplorationFinding) -> String {
        f.expectedReason.map { " (reason: \(VisibleText.escape($0)))" } ?? ""
    }
}
