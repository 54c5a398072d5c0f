/// Turns a machine spec into a `MachineExploration`: the table as the oracle for every reachable situation, every
/// event and every input atom (the edge values the compiler chooses for rows), not only the combinations rows name.
public enum MachineExplorer {
    /// The most transitions (situations × event input combinations) one machine's exploration predicts by default.
    public static let defaultMaximumTransitions = 30_000

    /// Explores a machine spec; nil for other kinds of spec. Situations are taken in breadth-first order while their
    /// transitions fit in `maximumTransitions`; the rest are left out and `limit` says so. Combinations with no
    /// prediction are left out: a row that would leave a domain, or no row under `otherwise: forbidden` (both are
    /// compile errors, `check.domain` and `check.gap`). `analysis` is the spec's machine's, as the compilation carries
    /// it (`SpecCompiler.Compilation.machineAnalyses`); without it (or given another machine's) the machine is
    /// analysed here.
    public static func explore(_ spec: Spec, analysis: MachineAnalysis? = nil,
                               maximumTransitions: Int = defaultMaximumTransitions) -> MachineExploration? {
        guard case .machine(let machine) = spec.body else { return nil }
        let analysis = MachineAnalysis.of(machine, given: analysis)
        let reachability = analysis.reachability
        var situations: [MachineExploration.Situation] = []
        var budget = maximumTransitions
        var limit: String?
        for (c, configuration) in reachability.configurations.enumerated() {
            let transitions = transitions(spec, model: analysis.model, in: configuration)
            guard transitions.count <= budget else {
                // At the search's own cap, the machine reaches more situations than were found.
                let reachable = reachability.truncated ? "more than \(reachability.configurations.count)" : "\(reachability.configurations.count)"
                limit = "the machine has \(reachable) reachable situations; the tour stops after \(situations.count) of them (\(maximumTransitions - budget) transitions, the most is \(maximumTransitions))"
                break
            }
            budget -= transitions.count
            situations.append(MachineExploration.Situation(
                state: machine.states[configuration.state].name,
                variables: analysis.model.variables(configuration),
                path: reachability.path(to: c), transitions: transitions))
        }
        if reachability.truncated, limit == nil {
            limit = reachability.outcomeBudget.map {
                "the machine's search stopped after \($0) input combinations; the tour covers only the situations found"
            } ?? "the machine reaches more than \(MachineCompiler.maximumConfigurations) situations; the tour covers only those found"
        }
        return MachineExploration(spec: spec.id, fixture: spec.fixture, product: spec.effectiveProduct.namedValues,
                                  file: spec.file, situations: situations, reachable: reachability.configurations.count, limit: limit)
    }

    /// Every transition the table predicts in one situation, in the search's order, then the clock set back and forward: a row
    /// that fires, a relaunch, or (under `otherwise: ignore`) no row, where nothing changes and nothing is emitted.
    static func transitions(_ spec: Spec, model: MachineModel, in configuration: MachineModel.Configuration) -> [MachineExploration.Transition] {
        let machine = model.machine
        var transitions: [MachineExploration.Transition] = []
        let variables = model.variables(configuration)
        model.forEachOutcome(in: configuration) { e, inputs, outcome in
            guard let step = model.predictedStep(of: outcome, plan: e, inputs: inputs, in: configuration, at: spec.location) else { return }
            let id = transitionID(spec: spec.id, state: machine.states[configuration.state].name, event: model.plans[e].event.name,
                                  variables: variables, inputs: inputs)
            transitions.append(MachineExploration.Transition(id: id, step: step))
        }
        // The device clock set back, then forward, by each of the machine's amounts, with no time passing: the table
        // predicts that nothing changes and nothing is emitted (a block, a delay, a grace measure elapsed time, which
        // setting the clock neither lengthens nor shortens; see docs/specs.md, D-CLOCK, D-MT-CLOCK). Named
        // `EX-<spec>-<state>-clockBack-<hash>` and `EX-<spec>-<state>-clockForward-<hash>`.
        for ms in machine.signedClockMoves {
            let move = Machine.clockMove(ms)
            transitions.append(MachineExploration.Transition(
                id: transitionID(spec: spec.id, state: machine.states[configuration.state].name, event: move.event,
                                 variables: variables, inputs: move.inputs),
                step: model.clockStep(ms, in: configuration, at: spec.location)))
        }
        return transitions
    }

    /// `EX-<spec>-<state>-<event>-<hash>`: the first 8 hex digits of SHA-256 over the variables' and inputs'
    /// `name=value` pairs, so the id stays the same from run to run and names one combination.
    static func transitionID(spec: String, state: String, event: String, variables: [NamedValue], inputs: [NamedValue]) -> String {
        let text = variables.map { "\($0.name)=\($0.value)" }.joined(separator: ",") + ";" + inputs.map { "\($0.name)=\($0.value)" }.joined(separator: ",")
        return "EX-\(spec)-\(state)-\(event)-" + SHA256.hex(Array(text.utf8)).prefix(8)
    }
}
