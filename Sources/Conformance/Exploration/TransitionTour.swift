import SpecKit

/// The exhaustive transition tour: every (event, input atom) in every situation a machine's exploration reaches is
/// fired on the core, and the table's prediction is checked with strict frames (the state, every variable, the exact
/// effect multiset) by the runner's own comparison.
///
/// Two strategies drive the fixtures:
/// - `greedy` (the default, `GreedyTour`): one live fixture walks from transition to transition, moving along the
///   model's shortest route to the nearest situation with a transition left, or starting fresh when that is cheaper.
///   About one step per transition.
/// - `replay`: each transition gets a fresh fixture driven along its situation's shortest path, so Σ over situations
///   of transitions × (depth + 1) steps. The reference the greedy tour is tested against.
///
/// Every divergence the greedy tour finds is run again along its own shortest path on a fresh fixture: the report then
/// shows that reproducible path, or, when the transition holds there, the longer history after which it diverged
/// (`longerHistory`: the core depends on something the table's situation does not capture).
public struct TransitionTour: Sendable {
    /// How the tour drives the fixtures.
    public enum Strategy: String, Sendable, CaseIterable {
        /// One live fixture, moved between situations along the model's shortest routes.
        case greedy
        /// A fresh fixture per transition, replaying the situation's shortest path.
        case replay
    }

    /// Runs each transition's shortest path as a one-off test case, and supplies the fixtures.
    public var runner: Runner
    /// How the fixtures are driven.
    public var strategy: Strategy

    /// Creates a tour that drives the runner's fixtures.
    public init(runner: Runner, strategy: Strategy = .greedy) {
        self.runner = runner
        self.strategy = strategy
    }

    /// Drives every predicted transition of the exploration and reports each divergence, sorted by id. With `stop`,
    /// the tour ends at the first divergence whose transition id `stop` accepts (`--fail-fast`: one that fails the
    /// run), and the result says after how many steps (`stoppedAfter`).
    public func run(_ exploration: MachineExploration, stop: ((_ transitionID: String) -> Bool)? = nil) -> MachineTourResult {
        let fired: [[Bool]]
        var divergences: [ExplorationDivergence] = []
        var stoppedAfter: Int?
        switch strategy {
        case .greedy:
            let walk = GreedyTour(exploration, fixtures: runner.fixtures)
                .run(stop: stop.map { stop in { s, t in stop(exploration.situations[s].transitions[t].id) } })
            fired = walk.fired
            if walk.stopped { stoppedAfter = walk.steps }
            for found in walk.found {
                let shortest = runner.run(shortestCase(exploration, found.situation, found.transition)).divergence
                divergences.append(divergence(exploration, found.situation, found.transition, shortest ?? found.divergence,
                                              longerHistory: shortest == nil))
            }
        case .replay:
            (fired, divergences, stoppedAfter) = replay(exploration, stop: stop)
        }
        return MachineTourResult(
            spec: exploration.spec, fixture: exploration.fixture, reachable: exploration.reachable,
            situations: exploration.situations.count, transitions: exploration.transitionCount,
            checked: fired.reduce(0) { $0 + $1.filter { $0 }.count }, limit: exploration.limit,
            divergences: divergences.sorted { $0.id < $1.id }, reach: MachineReach(exploration, fired: fired),
            unchecked: zip(exploration.situations, fired).flatMap { situation, fired in
                zip(situation.transitions, fired).filter { !$0.1 }.map(\.0.id)
            }.sorted(), table: exploration.table, clockMoves: Self.clockMoves(exploration, fired: fired), stoppedAfter: stoppedAfter)
    }

    /// The clock moves among the fired transitions; nil when the exploration has none.
    static func clockMoves(_ exploration: MachineExploration, fired: [[Bool]]) -> Int? {
        var predicted = 0, checked = 0
        for (situation, fired) in zip(exploration.situations, fired) {
            for (transition, fired) in zip(situation.transitions, fired) where transition.step.action.isClockMove {
                predicted += 1
                if fired { checked += 1 }
            }
        }
        return predicted == 0 ? nil : checked
    }

    /// What the greedy tour does on an exploration, move by move: every step it performs, in order, with nil where it
    /// starts a fresh fixture. `Scripts/bench explore` drives the same moves straight through the fixtures, without
    /// checks, as the tour's floor.
    public func greedyMoves(_ exploration: MachineExploration) -> [TestStep?] {
        GreedyTour(exploration, fixtures: runner.fixtures).run(recording: true).moves ?? []
    }

    /// The replay tour: a fresh fixture per transition. When the path to a situation already diverges, that is
    /// reported once and the situation's other transitions are not fired. With `stop`, it ends at the first divergence
    /// `stop` accepts, and says after how many transitions.
    private func replay(_ exploration: MachineExploration, stop: ((String) -> Bool)?)
        -> (fired: [[Bool]], divergences: [ExplorationDivergence], stoppedAfter: Int?) {
        var fired = exploration.situations.map { [Bool](repeating: false, count: $0.transitions.count) }
        var divergences: [ExplorationDivergence] = []
        var count = 0
        for (s, situation) in exploration.situations.enumerated() {
            for t in situation.transitions.indices {
                fired[s][t] = true
                count += 1
                guard let found = runner.run(shortestCase(exploration, s, t)).divergence else { continue }
                divergences.append(divergence(exploration, s, t, found, longerHistory: false))
                if let stop, stop(situation.transitions[t].id) { return (fired, divergences, count) }
                if found.onPath { break }
            }
        }
        return (fired, divergences, nil)
    }

    /// Transition `t` of situation `s` as a one-off case: the situation's shortest path, then the transition.
    func shortestCase(_ exploration: MachineExploration, _ s: Int, _ t: Int) -> TestCase {
        let situation = exploration.situations[s], transition = situation.transitions[t]
        return TestCase(
            id: transition.id, spec: exploration.spec, row: transition.step.row ?? transition.id,
            fixture: exploration.fixture, product: exploration.product, steps: situation.path + [transition.step],
            target: situation.path.count, file: exploration.file, line: transition.step.line, column: transition.step.column)
    }

    private func divergence(_ exploration: MachineExploration, _ s: Int, _ t: Int, _ found: Divergence,
                            longerHistory: Bool) -> ExplorationDivergence {
        let situation = exploration.situations[s], transition = situation.transitions[t]
        return ExplorationDivergence(
            id: transition.id, spec: exploration.spec, state: situation.state, variables: situation.variables,
            event: transition.step.action.description, row: transition.step.row, file: exploration.file,
            line: transition.step.line, column: transition.step.column, divergence: found, longerHistory: longerHistory)
    }
}
