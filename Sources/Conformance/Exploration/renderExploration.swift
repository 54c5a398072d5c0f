import SpecKit

/// The exploration's console report: one line per machine (situations, transitions checked, divergences) or decision
/// table (input combinations checked, divergences), its limit note, then each divergence with its situation, path,
/// event, expected row and the cells that differ. With `github`, each divergence also gets an `::error` annotation.
/// Deterministic: machines and divergences are sorted. The rerun commands start with `program`, how the person at the
/// terminal invoked lockspec (`RunResult.rerunCommand(for:program:)`).
public func renderExploration(_ result: ExplorationResult, github: Bool = false, program: String = RunResult.defaultProgram) -> String {
    var out = ""
    for machine in result.machines {
        let divergences = "\(counted(machine.divergences.count, "divergence"))"
        out += machine.table == nil
            ? "\(machine.spec): \(counted(machine.situations, "situation")), \(machine.checked)/\(machine.transitions) transitions checked\(clockMovesNote(machine.clockMoves)), \(divergences)\n"
            : "\(machine.spec): decision table, \(machine.checked)/\(machine.transitions) input combinations checked, \(divergences)\n"
        if let limit = machine.limit { out += "  warning: \(limit) [explore.limit]\n" }
        for d in machine.divergences { out += describe(d, program: program) }
    }
    let total = result.machines.reduce(0) { $0 + $1.divergences.count }
    out += "explore: \(explorationCounts(result.machines)), \(counted(total, "divergence"))\n"
    if github {
        let v = VisibleText.escape
        for machine in result.machines {
            for d in machine.divergences {
                out += "::error file=\(v(d.file)),line=\(d.line),col=\(d.column),title=\(v(d.id))::in \(v(d.situation)) on \(v(d.event)) the core does not do what \(d.row.map { "row \(v($0))" } ?? (d.event == Machine.relaunchEvent ? "the table (relaunch)" : "the table (ignore)")) says\n"
            }
        }
    }
    return out
}

/// ` (N clock moves back and forward)`, or nothing where the clock was not moved.
func clockMovesNote(_ moves: Int?) -> String {
    moves.map { " (\(counted($0, "clock move")) back and forward)" } ?? ""
}

/// `7 machines and 13 decision tables, 33743 transitions checked (2231 of them input combinations, 5730 clock moves
/// back and forward)`; a part that is zero is left out.
func explorationCounts(_ tours: [MachineTourResult]) -> String {
    let plural = counted
    let tables = tours.filter { $0.table != nil }
    let machines = tours.count - tables.count
    let checked = tours.reduce(0) { $0 + $1.checked }, combinations = tables.reduce(0) { $0 + $1.checked }
    var kinds = [machines > 0 || tables.isEmpty ? plural(machines, "machine") : nil, tables.isEmpty ? nil : plural(tables.count, "decision table")]
        .compactMap { $0 }.joined(separator: " and ")
    kinds += ", \(plural(checked, "transition")) checked"
    let moves = tours.reduce(0) { $0 + ($1.clockMoves ?? 0) }
    let parts = [combinations > 0 ? "\(combinations) of them input combination\(combinations == 1 ? "" : "s")" : nil,
                 moves > 0 ? "\(plural(moves, "clock move")) back and forward" : nil].compactMap { $0 }
    if !parts.isEmpty { kinds += " (" + parts.joined(separator: ", ") + ")" }
    return kinds
}

/// One divergence: its id and location, situation, path, event, expected row, the cells that differ and the command
/// (started by `program`) that reruns its tour.
func describe(_ d: ExplorationDivergence, program: String) -> String {
    let v = VisibleText.escape
    var out = "  DIVERGES \(v(d.id)) at \(v(d.file)):\(d.line):\(d.column)\n"
    out += "    situation: \(v(d.situation))\n"
    out += "    path: \(d.divergence.path.isEmpty ? "(initial)" : d.divergence.path.map(v).joined(separator: " → "))\n"
    if d.longerHistory {
        out += "    only after the longer history above (\(d.divergence.path.count) steps): on its own shortest path the transition holds\n"
    }
    if d.divergence.onPath {
        out += "    the path itself diverges at step \(d.divergence.step + 1), \(v(d.divergence.action)) (row \(v(d.divergence.row ?? "?")))\n"
    } else {
        out += "    event: \(v(d.event)), expected: \(d.row.map { "row \(v($0))" } ?? ignoredOrRelaunched(d))\n"
    }
    if let error = d.divergence.error { out += "    error: \(v(error))\n" }
    for cell in d.divergence.cells where !cell.ok {
        out += "    \(v(cell.name)): expected \(v(cell.shown.expected)), core \(v(cell.shown.actual))\n"
    }
    out += "    rerun: \(v(d.rerunCommand(program: program)))\n"
    return out
}

/// What the table predicts where no row fires: nothing, or, for a relaunch, a fresh start from what persists.
private func ignoredOrRelaunched(_ d: ExplorationDivergence) -> String {
    d.event == Machine.relaunchEvent
        ? "a fresh start at the initial state, persisted variables kept, the others at their initial values"
        : "nothing happens (otherwise: ignore)"
}

/// The exploration as canonical JSON (sorted keys, stable order): the format, each machine's tour, then each
/// machine's random walks (when they ran).
public func renderExplorationJSON(_ result: ExplorationResult) throws -> String {
    try Emitter.canonicalJSON(ExplorationDocument(format: 2, machines: result.machines, coverage: result.coverage,
                                                  walks: result.walks.isEmpty ? nil : result.walks))
}

private struct ExplorationDocument: Encodable {
    var format: Int // 2: per-machine reach, coverage, longerHistory
    var machines: [MachineTourResult]
    var coverage: [ExplorationCoverage]
    var walks: [MachineWalkResult]?
}
