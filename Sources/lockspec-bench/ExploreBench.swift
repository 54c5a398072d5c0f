import Foundation
import SpecKit
import Conformance
import AppLockFixtures

/// The exhaustive transition tour's throughput against its floor, per machine of the specs: the greedy tour (every
/// step checked with strict frames, every divergence rerun along its shortest path) against the same moves driven
/// straight through the fixtures with nothing observed or compared (fresh fixtures where the tour starts them, the
/// same steps in the same order). Prints transitions checked per second for both, the ratio (goal ≤ 3x), and the
/// whole tour's time over the folder. Every figure is measured in this run.
///
/// Arguments: the specs folder (default specs); `--compare` also runs the replay tour (a fresh fixture per transition,
/// minutes on decoy.unlock) and prints the divergence ids only one of the two tours found.
func runExploreBench(_ arguments: [String]) {
    let path = arguments.first { !$0.hasPrefix("--") } ?? "specs"
    let registry = FixtureRegistry.standard
    guard let compilation = try? SpecCompiler(catalog: registry).compile(paths: [path]), !compilation.failed(strict: false) else {
        print("explore: the specs in \(path) do not compile; run 'lockspec lint \(path)'")
        return
    }
    let clock = ContinuousClock()
    let fixtures = registry.fixtureTypes
    let tour = TransitionTour(runner: registry.runner)
    print("explore: stores in \(ScratchDirectory.path)\(ScratchDirectory.inMemory ? " (tmpfs)" : "")")
    var (totalTour, totalBare, totalChecked, totalSteps) = (0.0, 0.0, 0, 0)
    var modelTime = 0.0
    var models: [MachineExploration] = []
    modelTime = benchSeconds(clock.measure { models = ConformanceExploration.models(compilation, maximumTransitions: MachineExplorer.defaultMaximumTransitions) })
    for model in models {
        let moves = tour.greedyMoves(model)
        var result: MachineTourResult?
        let tourTime = benchSeconds(clock.measure { result = tour.run(model) })
        let bareTime = benchSeconds(clock.measure { drive(moves, type: fixtures[model.fixture], product: model.product) })
        let checked = result?.checked ?? 0
        let steps = moves.filter { $0 != nil }.count
        (totalTour, totalBare, totalChecked, totalSteps) = (totalTour + tourTime, totalBare + bareTime, totalChecked + checked, totalSteps + steps)
        print("explore: \(model.spec): \(checked) transitions in \(steps) steps (\(moves.count - steps) fresh fixtures, \(result?.divergences.count ?? 0) divergences): "
              + "tour \(ms(tourTime)), bare \(ms(bareTime)), ratio \(String(format: "%.2f", tourTime / max(bareTime, 1e-9)))x")
    }
    if arguments.contains("--compare") { compareWithReplay(models, tour: tour, registry: registry) }
    print("explore: model (every machine's situations and predictions, no core): \(ms(modelTime))")
    print("explore: tour  \(Int((Double(totalChecked) / max(totalTour, 1e-9)).rounded())) transitions checked/s (\(totalChecked) in \(ms(totalTour)))")
    print("explore: bare  \(Int((Double(totalChecked) / max(totalBare, 1e-9)).rounded())) transitions/s through the same \(totalSteps) steps, nothing checked (\(ms(totalBare)))")
    print("explore: ratio tour/bare time: \(String(format: "%.2f", totalTour / max(totalBare, 1e-9)))x (goal ≤ 3x)")
    print("explore: whole tour over \(path): \(ms(modelTime + totalTour)) (goal < 10 s)")
}

/// The replay tour against the greedy one, per machine: its time, and the ids of the divergences only one found.
private func compareWithReplay(_ models: [MachineExploration], tour: TransitionTour, registry: FixtureRegistry) {
    let replay = TransitionTour(runner: registry.runner, strategy: .replay)
    for model in models {
        let greedy = Set(tour.run(model).divergences.map(\.id))
        var replayed: Set<String> = []
        let time = ContinuousClock().measure { replayed = Set(replay.run(model).divergences.map(\.id)) }
        print("explore: compare \(model.spec): replay tour \(time), \(replayed.count) divergences; greedy \(greedy.count); "
              + "only replay: \(replayed.subtracting(greedy).sorted()); only greedy: \(greedy.subtracting(replayed).count)")
    }
}

/// The floor: the moves performed on fresh fixtures, nothing observed.
private func drive(_ moves: [TestStep?], type: (any Fixture.Type)?, product: [NamedValue]) {
    guard let type else { return }
    var fixture: (any Fixture)?
    for move in moves {
        guard let step = move else {
            fixture = nil
            fixture = try? type.init(product: product)
            continue
        }
        _ = try? fixture?.perform(step.action)
    }
}

private func ms(_ t: Double) -> String { "\(Int((t * 1000).rounded())) ms" }
