import SpecKit

/// The words the reports use for an exploration finding, in one place, so the console, JUnit and Markdown say the same
/// thing: the situation, the path, the event, what the table expects, the cells that differ, the stable id and the
/// rerun command. Text from the spec or the core has its control characters escaped (`VisibleText`).
enum ExplorationText {
    /// The full account of a finding, one line per item, without colour (`style` lets the console colour parts); the
    /// rerun command starts with `program` (`RunResult.rerunCommand(for:program:)`).
    static func account(_ f: ExplorationFinding, style: (ReportText.Style, String) -> String = { $1 },
                        program: String = RunResult.defaultProgram) -> [String] {
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
                : numberedPath(d.divergence.path, v)))
            if d.longerHistory {
                lines.append(style(.warn, "  only after this longer history: on its own shortest path the transition holds"))
            }
            if d.divergence.onPath {
                lines.append(style(.warn, "  while reaching the situation, step \(d.divergence.step + 1), \(v(d.divergence.action)) (row \(v(d.divergence.row ?? "?"))) diverged"))
            }
            lines.append("  event:     \(v(d.event)), expected: \(d.row.map { "row \(v($0))" } ?? "nothing happens (otherwise: ignore)")")
            if let error = d.divergence.error { lines.append(style(.bad, "  fixture error: \(v(error))")) }
            for cell in d.divergence.cells where !cell.ok {
                lines.append(style(.bad, "    ✗ \(v(cell.name))  expected \(v(cell.shown.expected))  actual \(v(cell.shown.actual))"))
            }
        }
        lines.append("  rerun:     \(v(f.rerunCommand(program: program)))")
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
            let bad = d.divergence.cells.filter { !$0.ok }.map { "\($0.name): expected \($0.shown.expected), actual \($0.shown.actual)" }
            if !bad.isEmpty { text += ": " + bad.joined(separator: "; ") }
            if let e = d.divergence.error { text += ": fixture error: \(e)" }
            return text
        }
    }

    /// How many findings of one group the console shows in full; the rest are counted in one line (`sameWay`).
    static let shownPerGroup = 3

    /// Findings grouped by how they diverge: one spec, one event, the same row expected and the same cells differing
    /// the same way (the 144 transitions one new row made fail are one group), groups in the order first met.
    static func groups(_ findings: [ExplorationFinding]) -> [[ExplorationFinding]] {
        var order: [String] = []
        var byKey: [String: [ExplorationFinding]] = [:]
        for f in findings {
            let key = f.divergence.map { d in
                let bad = d.divergence.cells.filter { !$0.ok }.map { "\($0.name)=\($0.expected)→\($0.actual)" }
                return [f.spec, f.status.rawValue, String(d.event.prefix { $0 != "(" }), d.row ?? "", d.divergence.error ?? ""].joined(separator: "\u{1F}")
                    + bad.joined(separator: "\u{1F}")
            } ?? f.id
            if byKey[key] == nil { order.append(key) }
            byKey[key, default: []].append(f)
        }
        return order.compactMap { byKey[$0] }
    }

    /// The line that counts a group's findings past the first `shownPerGroup`, with the values every one of the group
    /// shares (its state, variables and inputs): what the divergence depends on, at a glance.
    static func sameWay(_ group: [ExplorationFinding]) -> String? {
        guard group.count > shownPerGroup, let first = group.first?.divergence else { return nil }
        let shared = group.dropFirst().reduce(Self.values(first)) { common, f in
            guard let d = f.divergence else { return [] }
            let these = Set(values(d))
            return common.filter { these.contains($0) }
        }
        let more = group.count - shownPerGroup
        return "  … and \(more) more transition\(more == 1 ? "" : "s") of \(VisibleText.escape(first.spec)) diverge\(more == 1 ? "s" : "") the same way"
            + (shared.isEmpty ? "" : ", all with \(VisibleText.escape(shared.joined(separator: ", ")))")
            + " (\(group.count) in all; each is in the JSON, JUnit and HTML reports)"
    }

    /// A divergence's values as `name=value`: the state, each variable, and each input of its event, in that order.
    private static func values(_ d: ExplorationDivergence) -> [String] {
        var inputs: [String] = []
        if let open = d.event.firstIndex(of: "("), d.event.hasSuffix(")") {
            inputs = d.event[d.event.index(after: open)..<d.event.index(before: d.event.endIndex)]
                .components(separatedBy: ", ").filter { $0.contains("=") }
        }
        return (d.state.isEmpty ? [] : ["state=\(d.state)"]) + d.variables.map { "\($0.name)=\($0.value)" } + inputs
    }

    private static func reason(_ f: ExplorationFinding) -> String {
        f.expectedReason.map { " (reason: \(VisibleText.escape($0)))" } ?? ""
    }
}
