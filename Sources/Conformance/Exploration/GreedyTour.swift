import SpecKit

/// The greedy transition tour, in the style of GraphWalker's and the Chinese-postman covers: one live fixture is kept
/// at a known situation; when that situation has a transition not yet fired, it is fired (every step checked with
/// strict frames, the model predicting the successor); otherwise the fixture moves along the model's shortest route,
/// over transitions that held, to the nearest situation with one left, or a fresh fixture is started when that route
/// is longer than a fresh fixture's cost plus the path from the initial situation. After a divergence the fixture's
/// situation is unknown, so the next transition starts on a fresh one.
///
/// Cost: about one step per transition plus the moves between situations, instead of the replay tour's path length
/// plus one per transition.
struct GreedyTour {
    /// What a fresh fixture costs, counted in steps, against moving the live one.
    static let freshFixtureCost = 1

    /// A transition that diverged during the tour, with what the tour saw (its history since the fixture was fresh).
    struct Found {
        var situation: Int
        var transition: Int
        var divergence: Divergence
    }

    /// What the tour did.
    struct Walk {
        /// For each situation, for each transition, whether it was fired (and so checked).
        var fired: [[Bool]]
        /// The transitions that diverged, in the order found.
        var found: [Found]
        /// Every step performed, moves included.
        var steps: Int
        /// When recorded: every step performed, in order, with nil where a fresh fixture was started.
        var moves: [TestStep?]?
        /// Whether `stop` ended the walk before every transition was fired.
        var stopped = false
    }

    let exploration: MachineExploration
    let fixtureType: (any Fixture.Type)?
    let graph: TourGraph

    init(_ exploration: MachineExploration, fixtures: [String: any Fixture.Type]) {
        self.exploration = exploration
        fixtureType = fixtures[exploration.fixture]
        graph = TourGraph(exploration)
    }

    /// Walks until every transition reachable over transitions that held has been fired; with `recording`, the walk
    /// keeps every move (for the benchmark's floor). `stop` is asked about each divergence as it is found (its
    /// situation and transition); when it says yes, the walk ends there (`--fail-fast`: a divergence that fails the run
    /// is a verdict).
    func run(recording: Bool = false, stop: ((_ situation: Int, _ transition: Int) -> Bool)? = nil) -> Walk {
        var state = State(exploration)
        if recording { state.moves = [] }
        var asked = 0
        while let plan = nextPlan(state) {
            if let stop, state.found[asked...].contains(where: { stop($0.situation, $0.transition) }) {
                return Walk(fired: state.fired, found: state.found, steps: state.steps, moves: state.moves,
                            stopped: true)
            }
            asked = state.found.count
            if plan.fresh {
                guard state.start(fixtureType, product: exploration.product, exploration: exploration, at: plan.target) else { break }
            }
            var moved = true
            for edge in plan.route {
                moved = state.fire(edge.situation, edge.transition, exploration, graph)
                if !moved { break }
            }
            guard moved, let t = state.fired[plan.target].firstIndex(of: false) else { continue }
            _ = state.fire(plan.target, t, exploration, graph)
        }
        return Walk(fired: state.fired, found: state.found, steps: state.steps, moves: state.moves)
    }

    /// Where to go next: from the live fixture, or from a fresh one when that is cheaper (or there is no live one).
    private func nextPlan(_ state: State) -> (fresh: Bool, target: Int, route: TourGraph.Route)? {
        let wanted = { (s: Int) in state.unfired[s] > 0 }
        let usable = { (s: Int, t: Int) in !state.broken[s][t] }
        let here = state.fixture == nil ? nil : graph.nearest(from: state.current, wanted: wanted, usable: usable)
        if let here, here.route.count <= Self.freshFixtureCost { return (false, here.target, here.route) }
        guard !exploration.situations.isEmpty, let fresh = graph.nearest(from: 0, wanted: wanted, usable: usable) else {
            return here.map { (false, $0.target, $0.route) }
        }
        if let here, here.route.count <= Self.freshFixtureCost + fresh.route.count { return (false, here.target, here.route) }
        return (true, fresh.target, fresh.route)
    }

    /// The tour's moving parts: the live fixture, where it is, and what has been fired.
    private struct State {
        var fired: [[Bool]]
        var unfired: [Int]
        var broken: [[Bool]]
        var fixture: (any Fixture)?
        var current = 0
        var history: [String] = []
        var found: [Found] = []
        var steps = 0
        var moves: [TestStep?]?

        init(_ exploration: MachineExploration) {
            fired = exploration.situations.map { [Bool](repeating: false, count: $0.transitions.count) }
            unfired = exploration.situations.map(\.transitions.count)
            broken = fired
        }

        /// Starts a fresh fixture at the initial situation; when it cannot be built, that is the divergence of the
        /// transition the tour was heading for, and the tour stops.
        mutating func start(_ type: (any Fixture.Type)?, product: [NamedValue], exploration: MachineExploration, at target: Int) -> Bool {
            fixture = nil
            history = []
            current = 0
            moves?.append(nil)
            let t = fired[target].firstIndex(of: false) ?? 0
            let step = exploration.situations[target].transitions[t].step
            func fail(_ message: String) -> Bool {
                found.append(Found(situation: target, transition: t, divergence: Divergence(
                    step: 0, action: "setup", path: [], onPath: false, row: step.row, line: step.line, column: step.column,
                    cells: [], error: message)))
                return false
            }
            guard let type else { return fail("there is no fixture '\(exploration.fixture)'") }
            do {
                fixture = try type.init(product: product)
            } catch {
                return fail(error.message)
            }
            return true
        }

        /// Fires transition `t` of situation `s` on the live fixture and checks it; false when it diverged (the
        /// fixture is then dropped) or led past the exploration (dropped too: its situation is not tracked).
        mutating func fire(_ s: Int, _ t: Int, _ exploration: MachineExploration, _ graph: TourGraph) -> Bool {
            guard let live = fixture else { return false }
            let step = exploration.situations[s].transitions[t].step
            let checked = Runner.perform(step, on: live)
            steps += 1
            moves?.append(step)
            if !fired[s][t] {
                fired[s][t] = true
                unfired[s] -= 1
            }
            if checked.error != nil || checked.cells.contains(where: { !$0.ok }) {
                found.append(Found(situation: s, transition: t, divergence: Divergence(
                    step: history.count, action: step.action.description, path: history, onPath: false, row: step.row,
                    line: step.line, column: step.column, cells: checked.error == nil ? checked.cells : [], error: checked.error)))
                broken[s][t] = true
                fixture = nil
                return false
            }
            history.append(step.action.description)
            guard let next = graph.successors[s][t] else {
                fixture = nil
                return false
            }
            current = next
            return true
        }
    }
}
