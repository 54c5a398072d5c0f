/// A machine table as the oracle of random walks: it generates seeded walks (any event, enabled or not, with any
/// input atom), predicts every step with strict frames, and knows the shortest path to every situation, which the
/// shrinker splices in and the reports compare a counterexample with.
///
/// Where no row matches and the machine says `otherwise: ignore`, the prediction is that nothing changes and nothing
/// is emitted. Clocks that a machine models as event inputs (`wait(elapsed)`, `active(away)`) are walked like any
/// input, at the edges of the conditions; a model that counts a relaunch among its event plans (a machine modelled
/// across a kill) has it walked like any event, its step being a `.relaunch` action. Where the fixture can set its
/// clock, the clock set back or forward by one of the machine's amounts (`Machine.clockMoves`) is one more event, each
/// amount back and forward its atoms, predicted to change nothing (D-CLOCK, D-MT-CLOCK). Bare kills are `WalkMove`s too, but the model
/// does not predict them, so walks never take them.
public struct MachineWalkModel {
    /// The machine spec.
    public let spec: Spec
    let model: MachineModel
    private let reachability: MachineModel.Reachability
    private let index: [MachineModel.Configuration: Int]

    /// Builds the model of a machine spec; nil for other kinds of spec or a machine without a declared initial state.
    /// `analysis` is the spec's machine's, as the compilation carries it (`SpecCompiler.Compilation.machineAnalyses`);
    /// without it (or given another machine's) the machine is analysed here.
    public init?(spec: Spec, analysis: MachineAnalysis? = nil) {
        guard case .machine(let machine) = spec.body else { return nil }
        self.spec = spec
        let analysis = MachineAnalysis.of(machine, given: analysis)
        model = analysis.model
        guard model.initial != nil else { return nil }
        reachability = analysis.reachability
        index = reachability.configurations.enumerated().firstByKey { ($1, $0) }
    }

    /// How many input atoms event `e` is tried with (0 for an event index the machine does not have); the event
    /// after the plans, where the clock can be set, has one atom per signed amount.
    public func atoms(ofEvent e: Int) -> Int {
        if model.plans.indices.contains(e) { return model.plans[e].combinations.count }
        return e == model.plans.count ? clockMoves.count : 0
    }

    /// The number of events, the clock set back or forward counted as one where the fixture can do it.
    public var eventCount: Int { model.plans.count + (clockMoves.isEmpty ? 0 : 1) }

    /// The signed amounts the clock may be set by, in milliseconds: each of the machine's amounts back, then forward.
    private var clockMoves: [Int] { model.machine.signedClockMoves }

    /// Whether the shortest paths cover every reachable situation (false when the search stopped at its limit).
    public var complete: Bool { !reachability.truncated }

    /// One seeded walk of at most `length` steps from the initial situation, with its predictions. Each step picks an
    /// event uniformly, then one of its input atoms uniformly; a move the table cannot predict (a row that would
    /// leave a domain, a gap under `otherwise: forbidden`) is replaced by the next move in order that it can.
    ///
    /// Given an `opening` (a scenario's opening, as `opening(of:)` reads it, so at most `maximumOpening` moves), the walk
    /// first takes it, then at most `length` random steps from where it leads. An opening the table cannot predict is
    /// dropped: the walk starts at the initial situation.
    public func walk(seed: UInt64, length: Int, from opening: [WalkMove] = []) -> [WalkPrediction] {
        guard let initial = model.initial, !model.plans.isEmpty else { return [] }
        var (walk, configuration) = take(opening, from: initial) ?? ([], initial)
        var generator = SplitMix64(seed: seed)
        let moves = model.plans.indices.flatMap { e in model.plans[e].combinations.indices.map { WalkMove.event(e, atom: $0) } }
            + clockMoves.map { WalkMove.setClock(milliseconds: $0) }
        for _ in 0..<max(0, length) {
            let e = generator.next(below: eventCount)
            let atom = generator.next(below: atoms(ofEvent: e))
            let chosen = e < model.plans.count ? WalkMove.event(e, atom: atom) : .setClock(milliseconds: clockMoves[atom])
            let first = moves.firstIndex(of: chosen) ?? 0
            let next = (0..<moves.count).lazy.compactMap { self.step(moves[(first + $0) % moves.count], from: configuration) }.first
            guard let (prediction, after) = next else { break }
            walk.append(prediction)
            configuration = after
        }
        return walk
    }

    /// The moves of a scenario's steps, as far as the table can predict them: its events, a kill followed by a relaunch
    /// (or a relaunch alone) where the machine models one, the clock set back or forward by one of the machine's amounts; a
    /// step that only checks is passed over. The first step the table cannot take or predict (another kind of step, an
    /// event of the scenario's own, inputs that are not one of the walks' combinations) ends the opening, and so does
    /// its `maximumOpening`th move: a longer scenario lends the walks only its first moves.
    public func opening(of steps: [TestStep]) -> [WalkMove] {
        Array(replay(steps, moves: Self.maximumOpening).lazy.filter { $0.predicted.action != .check }
            .map { self.move(for: $0.predicted.action) }.prefix { $0 != nil }.compactMap { $0 })
    }

    /// The most moves an opening takes from a scenario (specs/' longest opening, on 2026-12-07, is 201 moves). Every walk
    /// replays its opening on a fresh fixture, so a walk is at most this many steps longer than its length, however many
    /// steps (up to 100,000) the scenario runs.
    public static let maximumOpening = 1_000

    /// One step of a scenario as the table predicts it (`replay(_:moves:)`).
    public struct ReplayedStep: Sendable {
        /// The index of the scenario step whose expectations the prediction answers (of a kill followed by a relaunch,
        /// the relaunch's).
        public var index: Int
        /// The prediction: the step's action, the full frame after it (for a step that only checks, the one the steps
        /// before it left), and its exact effects; `row` names the row that fires, nil where none does.
        public var predicted: TestStep
        /// The control state before the step.
        public var state: String
    }

    /// The table's prediction for each step of a scenario, from the initial situation, as far as it can predict them:
    /// its events (with any inputs inside their domains, not only the walks' combinations), a kill followed by a
    /// relaunch (or a relaunch alone) where the machine models one, the device clock set back or forward by any amount
    /// where the fixture can set it, and the steps that only check (which emit nothing). The first step it cannot take or predict (another kind of step, an
    /// event of the scenario's own, an input missing or outside its domain, a row that would leave a domain or is
    /// unmodelled, a gap under `otherwise: forbidden`) ends the replay, and so does its `limit`th step that is not a
    /// check. Lint compares a scenario with its machine through it (`checkScenarioPredictions`), and a walk's opening is
    /// its first moves.
    public func replay(_ steps: [TestStep], moves limit: Int = .max) -> [ReplayedStep] {
        guard var configuration = model.initial else { return [] }
        var replayed: [ReplayedStep] = []
        var i = 0, moves = 0
        while i < steps.count, moves < limit {
            var action = steps[i].action
            if action == .kill, i + 1 < steps.count, steps[i + 1].action == .relaunch {
                action = .relaunch
                i += 1
            }
            let state = model.machine.states[configuration.state].name
            guard let (step, after) = predict(action, from: configuration) else { break }
            replayed.append(ReplayedStep(index: i, predicted: step, state: state))
            if action != .check { moves += 1 }
            configuration = after
            i += 1
        }
        return replayed
    }

    /// The table's prediction of one action in a situation and the situation after it (a step that only checks leaves
    /// it as it is, with its frame), or nil when it cannot predict it.
    private func predict(_ action: TestAction, from configuration: MachineModel.Configuration)
        -> (TestStep, MachineModel.Configuration)? {
        let name: String, inputs: [NamedValue]
        switch action {
        case .event(let n, let i): (name, inputs) = (n, i)
        case .relaunch: (name, inputs) = (Machine.relaunchEvent, [])
        case .check: return (model.quietStep(.check, to: configuration, at: spec.location), configuration)
        case .advance(let ms), .setClock(let ms):
            // The device clock set by any amount, either way, with no time passing, changes nothing in the model (D-CLOCK,
            // D-MT-CLOCK), where the fixture can set the clock; the walks try only the machine's own amounts.
            guard action.isClockMove, !clockMoves.isEmpty else { return nil }
            return (model.clockStep(ms, in: configuration, at: spec.location), configuration)
        default: return nil
        }
        guard let e = model.plans.firstIndex(where: { $0.event.name == name }) else { return nil }
        let event = model.plans[e].event
        // Every declared input given once, inside its domain (a text has no ordinal to check), and nothing else.
        let ordinals = MachineModel.EventPlan.ordinals(of: inputs, for: event)
        guard inputs.count == event.inputs.count,
              zip(event.inputs, ordinals).allSatisfy({ input, ordinal in
                  inputs.contains { $0.name == input.name } && (ordinal != nil || input.domain.ordinalRange == nil) })
        else { return nil }
        return predict(plan: e, inputs: inputs, from: configuration)
    }

    /// The predictions of a sequence of moves from the initial situation, or nil when the table cannot predict one of
    /// them (a move outside its plans or clock moves, a row that would leave a domain, a gap under `otherwise: forbidden`).
    public func predict(_ moves: [WalkMove]) -> [WalkPrediction]? {
        model.initial.flatMap { take(moves, from: $0)?.predictions }
    }

    /// The predictions of a sequence of moves from a situation and the situation they lead to, or nil when the table
    /// cannot predict one of them.
    private func take(_ moves: [WalkMove], from start: MachineModel.Configuration)
        -> (predictions: [WalkPrediction], end: MachineModel.Configuration)? {
        var configuration = start
        var predictions: [WalkPrediction] = []
        for move in moves {
            guard let (prediction, after) = step(move, from: configuration) else { return nil }
            predictions.append(prediction)
            configuration = after
        }
        return (predictions, configuration)
    }

    /// The moves of a shortest path from the initial situation to the one a prediction is taken in, when known.
    public func shortestPath(to prediction: WalkPrediction) -> [WalkMove]? {
        guard let c = prediction.situation else { return nil }
        let path = reachability.path(to: c)
        let moves = path.compactMap { move(for: $0.action) }
        return moves.count == path.count ? moves : nil
    }

    /// The move that performs an event action with these inputs, if it is one of the model's.
    func move(for action: TestAction) -> WalkMove? {
        // A model that relaunches has a plan named `relaunch` whose steps are `.relaunch` actions.
        let (name, inputs): (String, [NamedValue])
        switch action {
        case .event(let n, let i): (name, inputs) = (n, i)
        case .relaunch: (name, inputs) = ("relaunch", [])
        case .advance(let ms), .setClock(let ms): return clockMoves.contains(ms) && action.isClockMove ? .setClock(milliseconds: ms) : nil
        default: return nil
        }
        guard let e = model.plans.firstIndex(where: { $0.event.name == name }),
              let atom = model.plans[e].combinations.firstIndex(of: inputs) else { return nil }
        return .event(e, atom: atom)
    }

    /// The prediction of one move in a situation, and the situation after it.
    private func step(_ move: WalkMove, from configuration: MachineModel.Configuration)
        -> (WalkPrediction, MachineModel.Configuration)? {
        if case .setClock(let ms) = move, clockMoves.contains(ms) {
            return (prediction(move, model.clockStep(ms, in: configuration, at: spec.location), in: configuration), configuration)
        }
        guard case .event(let e, let atom) = move, model.plans.indices.contains(e),
              model.plans[e].combinations.indices.contains(atom) else { return nil }
        // An outcome the table does not predict (a row that would leave a domain, a gap) is not taken: the walk moves on.
        guard let (step, after) = predict(plan: e, inputs: model.plans[e].combinations[atom], from: configuration) else { return nil }
        return (prediction(move, step, in: configuration), after)
    }

    /// The step the table predicts for event plan `e` with these inputs in a situation, and the situation after it; nil
    /// for an outcome it does not predict (a row that would leave a domain or is unmodelled, a gap under `otherwise:
    /// forbidden`).
    private func predict(plan e: Int, inputs: [NamedValue], from configuration: MachineModel.Configuration)
        -> (TestStep, MachineModel.Configuration)? {
        let outcome = model.outcome(plan: e, inputs: inputs, in: configuration)
        guard let step = model.predictedStep(of: outcome, plan: e, inputs: inputs, in: configuration, at: spec.location) else { return nil }
        return (step, outcome.next ?? configuration)
    }

    /// A move's prediction in a situation.
    private func prediction(_ move: WalkMove, _ step: TestStep, in configuration: MachineModel.Configuration) -> WalkPrediction {
        let machine = model.machine
        let variables = model.variables(configuration)
        let situation = index[configuration]
        return WalkPrediction(move: move, step: step, spec: spec.id, state: machine.states[configuration.state].name,
                              variables: variables, depth: situation.map { reachability.path(to: $0).count }, situation: situation)
    }
}
