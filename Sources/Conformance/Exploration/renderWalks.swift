import SpecKit

/// The random walks' console report: one line per machine (walks, seed, steps checked, failing walks, fingerprint),
/// then each shrunk divergence like the tour's (situation, shrunk path, event, cells), how far it was shrunk, the
/// command that replays it and the ready-to-paste scenario. With `github`, each also gets an `::error` annotation. The
/// rerun commands start with `program`, as `renderExploration`'s do.
public func renderWalks(_ walks: [MachineWalkResult], github: Bool = false, program: String = RunResult.defaultProgram) -> String {
    var out = ""
    let v = VisibleText.escape
    for machine in walks {
        out += walkLine(machine) + "\n"
        if let limit = machine.limit { out += "  note: \(limit)\n" }
        for w in machine.divergences {
            out += describe(w.divergence, program: program)
            out += "    found by walk \(w.walk) after \(counted(w.found, "step")), shrunk to \(w.shrunk)"
                + (w.shortest.map { " (shortest path there: \($0))" } ?? "") + " in \(w.runs) runs\n"
            if let shortest = w.shortest, w.shrunk > shortest {
                out += "    longer than the table's shortest path there: the core seems to depend on more than the table's situation (a time it accumulates, say)\n"
            }
            out += "    replay: \(v(w.replay))\n"
            out += "    scenario (save as \(v(w.savePath)), then lockspec run \(v(RandomWalks.shellWord(w.savePath)))):\n"
            out += w.scenario.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { "      \(v(String($0)))\n" }.joined()
        }
        if !machine.unshrunk.isEmpty {
            out += "  \(machine.unshrunk.count) more failing transition\(machine.unshrunk.count == 1 ? "" : "s") not shrunk: \(machine.unshrunk.map(v).joined(separator: ", "))\n"
        }
    }
    out += walksTotal(walks) + "\n"
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

/// One machine's walks in a line: `spec: 100 walks of up to 30 steps (seed 9), 896 steps checked, 0 failing walks
/// [fingerprint]`.
func walkLine(_ machine: MachineWalkResult) -> String {
    "\(machine.spec): \(counted(machine.walks, "walk")) of up to \(machine.length) steps (seed \(machine.seed)), "
        + "\(machine.steps) steps checked\(clockMovesNote(machine.clockMoves)), \(failingWalks([machine])) [\(machine.fingerprint)]"
}

/// `0 failing walks`, or `52 failing walks (at 3 distinct transitions)`: many walks fail at one transition, which the
/// exploration's findings count once.
private func failingWalks(_ walks: [MachineWalkResult]) -> String {
    let failing = walks.reduce(0) { $0 + $1.failingWalks }, distinct = walks.reduce(0) { $0 + $1.divergences.count + $1.unshrunk.count }
    return counted(failing, "failing walk") + (failing > 0 && distinct > 0 ? " (at \(counted(distinct, "distinct transition")))" : "")
}

/// Every machine's walks in a line: `walks: 7 machines, 22393 steps checked (3620 clock moves back and forward), 0 failing walks`.
func walksTotal(_ walks: [MachineWalkResult]) -> String {
    let steps = walks.reduce(0) { $0 + $1.steps }
    let moves = walks.compactMap(\.clockMoves)
    return "walks: \(counted(walks.count, "machine")), \(steps) steps checked\(clockMovesNote(moves.isEmpty ? nil : moves.reduce(0, +))), "
        + failingWalks(walks)
}
