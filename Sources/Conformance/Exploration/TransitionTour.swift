import SpecKit

/// The exhaustive transition tour: for every situation a machine's exploration reaches and every (event, input atom)
/// there, a fresh fixture is driven to the situation along its shortest path, the event is fired, and the table's
/// prediction is checked with strict frames (the state, every variable, the exact effect multiset) by the runner's own
/// comparison.
///
/// Cost: each transition replays its situation's shortest path on a fresh fixture (fixtures cannot be cloned, and
/// firing an event consumes the situation), so the tour performs Σ over situations of transitions × (depth + 1)
/// steps: linear in path length per transition, never a replay per prefix. The exploration's transition limit bounds
/// the whole.
public struct TransitionTour {
    /// Runs each transition as a one-off test case.
    public var runner: Runner

    /// Creates a tour that drives the runner's fixtures.
    public init(runner: Runner) { self.runner = runner }

    /// Drives every predicted transition of the exploration and reports each divergence. When the path to a situation
    /// already diverges, that is reported once and the situation's other transitions are not fired.
    public func run(_ exploration: MachineExploration) -> MachineTourResult {
        var divergences: [ExplorationDivergence] = []
        var checked = 0
        for situation in exploration.situations {
            for transition in situation.transitions {
                let testCase = TestCase(
                    id: transition.id, spec: exploration.spec, row: transition.step.row ?? transition.id,
                    fixture: exploration.fixture, product: exploration.product, steps: situation.path + [transition.step],
                    target: situation.path.count, file: exploration.file, line: transition.step.line, column: transition.step.column)
                let outcome = runner.run(testCase)
                checked += 1
                guard let divergence = outcome.divergence else { continue }
                divergences.append(ExplorationDivergence(
                    id: transition.id, spec: exploration.spec, state: situation.state, variables: situation.variables,
                    event: transition.step.action.description, row: transition.step.row, file: exploration.file,
                    line: transition.step.line, column: transition.step.column, divergence: divergence))
                if divergence.onPath { break }
            }
        }
        return MachineTourResult(
            spec: exploration.spec, fixture: exploration.fixture, reachable: exploration.reachable,
            situations: exploration.situations.count, transitions: exploration.transitionCount, checked: checked,
            limit: exploration.limit, divergences: divergences.sorted { $0.id < $1.id })
    }
}
