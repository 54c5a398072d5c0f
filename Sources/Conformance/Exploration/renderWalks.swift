import SpecKit

/// The random walks' console report: one line per machine (walks, seed, steps checked, failing walks, fingerprint),
/// then each shrunk divergence like the tour's (situation, shrunk path, event, cells), how far it was shrunk, the
/// command that replays it and the ready-to-paste scenario. With `github`, each also gets an `::error` annotation.
public func renderWalks(_ walks: [MachineWalkResult], github: Bool = false) -> String {
    var out = ""
    let v = VisibleText.escape
    for machine in walks {
        out += "\(machine.spec): \(machine.walks) walk\(machine.walks == 1 ? "" : "s") of up to \(machine.length) steps (seed \(machine.seed)), "
            + "\(machine.steps) steps checked\(clockMovesNote(machine.clockMoves)), \(machine.failingWalks) failing walk\(machine.failingWalks == 1 ? "" : "s") [\(machine.fingerprint)]\n"
        if let limit = machine.limit { out += "  note: \(limit)\n" }
        for w in machine.divergences {
            out += describe(w.divergence)
            out += "    found by walk \(w.walk) after \(w.found) step\(w.found == 1 ? "" : "s"), shrunk to \(w.shrunk)"
                + (w.shortest.map { " (shortest path there: \($0))" } ?? "") + " in \(w.runs) runs\n"
            if let shortest = w.shortest, w.shrunk > shortest {
                out += "    longer than the table's shortest path there: the core seems to depend on more than the table's situation (a time it accumulates, say)\n"
            }
            out += "    replay: \(v(w.replay))\n"
            out += "    scenario (save as specs/\(v(w.scenarioFile)), then lockspec run specs/\(v(w.scenarioFile))):\n"
            out += w.scenario.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { "      \(v(String($0)))\n" }.joined()
        }
        if !machine.unshrunk.isEmpty {
            out += "  \(machine.unshrunk.count) more failing transition\(machine.unshrunk.count == 1 ? "" : "s") not shrunk: \(machine.unshrunk.map(v).joined(separator: ", "))\n"
        }
    }
    let steps = walks.reduce(0) { $0 + $1.steps }, failing = walks.reduce(0) { $0 + $1.failingWalks }
    let moves = walks.compactMap(\.clockMoves)
    out += "walks: \(walks.count) machine\(walks.count == 1 ? "" : "s"), \(steps) steps checked\(clockMovesNote(moves.isEmpty ? nil : moves.reduce(0, +))), \(failing) failing walk\(failing == 1 ? "" : "s")\n"
    if github {
        for machine in walks {
            for w in machine.divergences {
                let d = w.divergence
                out += "::error file=\(v(d.file)),line=\(d.line),col=\(d.column),title=\(v(d.id))::a random walk shrunk to \(w.shrunk) steps: in \(v(d.situation)) on \(v(d.event)) the core does not do what \(d.row.map { "row \(v($0))" } ?? "the table (ignore)") says; replay: \(v(w.replay))\n"
            }
        }
    }
    return out
}
