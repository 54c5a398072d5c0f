import SpecKit

extension RandomWalks {
    /// Shrinks a failing walk (cut after its divergence) and describes the result; nil if the shrunk sequence no
    /// longer fails when run once more (a core that does not behave the same twice).
    func shrink(_ walk: [WalkPrediction], divergence: Divergence, model: MachineWalkModel, walk index: Int) -> WalkDivergence? {
        guard let failing = walk.last else { return nil }
        let target = Self.signature(divergence, event: failing.step.action)
        let run = { (moves: [WalkMove]) -> (predictions: [WalkPrediction], divergence: Divergence)? in
            guard let predictions = model.predict(moves),
                  let d = runner.run(testCase(model.spec, predictions.map(\.step))).divergence,
                  predictions.indices.contains(d.step),
                  Self.signature(d, event: predictions[d.step].step.action) == target else { return nil }
            return (Array(predictions.prefix(d.step + 1)), d)
        }
        let shrinker = WalkShrinker<WalkMove>(
            budget: options.shrinkBudget,
            simpler: { move in
                guard case .event(let e, let atom) = move else { return [] }
                return (0..<atom).map { WalkMove.event(e, atom: $0) }
            },
            splice: { moves in
                guard let last = model.predict(moves)?.last, let path = model.shortestPath(to: last) else { return nil }
                return path + [last.move]
            },
            fails: { moves in run(moves)?.predictions.count })
        let (moves, runs) = shrinker.shrink(walk.map(\.move))
        guard let (predictions, final) = run(moves), let last = predictions.last else { return nil }
        let explored = ExplorationDivergence(
            id: last.transition, spec: model.spec.id, state: last.state, variables: last.variables,
            event: last.step.action.description, row: last.step.row, file: model.spec.file,
            line: last.step.line, column: last.step.column, divergence: final)
        let replay = (["lockspec", "explore"] + paths + ["--spec", model.spec.id, "--no-tour", "--seed", String(options.seed),
                      "--walks", String(index + 1), "--length", String(options.length)]).map(Self.shellWord).joined(separator: " ")
        let steps = predictions.map(\.step)
        let file = CounterexampleYAML.specID(machine: model.spec.id, steps: steps) + ".yaml"
        let comments = Self.comments(explored, walk: index, found: walk.count, shrunk: steps.count,
                                     shortest: last.depth.map { $0 + 1 }, file: file, replay: replay)
        return WalkDivergence(
            divergence: explored, walk: index, found: walk.count, shrunk: steps.count, shortest: last.depth.map { $0 + 1 },
            runs: runs + 1, scenario: CounterexampleYAML.render(machine: model.spec, steps: steps, comments: comments),
            scenarioFile: file, replay: replay)
    }

    /// The counterexample's header: where it comes from, what differs, how to run it and how to replay the walks.
    static func comments(_ d: ExplorationDivergence, walk: Int, found: Int, shrunk: Int, shortest: Int?, file: String,
                         replay: String) -> [String] {
        var lines = ["A counterexample found by lockspec's random walks (walk \(walk) of \(d.spec), \(found) steps), "
                     + "shrunk to \(counted(shrunk, "step"))" + (shortest.map { " (the shortest path there is \($0))" } ?? "") + ".",
                     "In \(d.situation) on \(d.event) the core does not do what "
                     + (d.row.map { "row \($0) says" } ?? "the table says (otherwise: ignore: nothing changes, nothing is emitted)") + ":"]
        if let error = d.divergence.error { lines.append("  error: \(error)") }
        for cell in d.divergence.cells where !cell.ok {
            lines.append("  \(cell.name): expected \(cell.shown.expected), core \(cell.shown.actual)")
        }
        let path = WalkDivergence.savePath(file, besideSpecAt: d.file)
        lines.append("Save it as \(path) and run it: lockspec run \(shellWord(path))")
        lines.append("Replay the walks: \(replay)")
        return lines.map { $0.replacingOccurrences(of: "\n", with: " ") }
    }

    /// A word as a POSIX shell reads it: bare when it is safe, single-quoted otherwise.
    static func shellWord(_ word: String) -> String {
        let safe = !word.isEmpty && word.unicodeScalars.allSatisfy { s in
            ("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s) || "-_./=,:@+".unicodeScalars.contains(s)
        }
        return safe ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
