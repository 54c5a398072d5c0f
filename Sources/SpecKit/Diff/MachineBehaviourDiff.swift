/// The behaviour part of a diff for a machine: every situation reachable on either side (state and variable values)
/// with every event and every input atom of either side's rows is run through both tables, and the combinations
/// whose outcome differs (next state, variables and exact effects, or "nothing happens", or "forbidden") are kept,
/// grouped by state, event and the rows that fire on each side.
enum MachineBehaviourDiff {
    /// A machine's outcome in one situation for one event with its inputs, written for a reader.
    private enum Prediction: Hashable {
        case nothing, forbidden, pastTheModel(row: String), noSuchState
        case fires(row: String, to: String, frame: [NamedValue], effects: String)
        case restarts(to: String, frame: [NamedValue])
        case unmodelled(row: String)

        /// Whether nothing can be seen of it in `state`: nothing happens, or a row fires that stays there, changes no
        /// variable and has no effect (the same to every observer as `otherwise: ignore`).
        func isQuiet(in state: String) -> Bool {
            switch self {
            case .nothing: true
            case .fires(_, let to, let frame, let effects): to == state && frame.isEmpty && effects.isEmpty
            default: false
            }
        }

        /// The prediction without the variables it changes: what the changed situations of one region share.
        var withoutFrame: Prediction {
            switch self {
            case .fires(let row, let to, _, let effects): .fires(row: row, to: to, frame: [], effects: effects)
            case .restarts(let to, _): .restarts(to: to, frame: [])
            default: self
            }
        }

        /// The variables the step changes, with their new values (none for an outcome that changes nothing).
        var frame: [NamedValue] {
            switch self {
            case .fires(_, _, let frame, _), .restarts(_, let frame): frame
            default: []
            }
        }

        var text: String {
            switch self {
            case .nothing: "nothing happens (otherwise: ignore)"
            case .forbidden: "forbidden: no row (otherwise: forbidden)"
            case .pastTheModel(let row): "row \(row) would leave a variable's domain (past the model)"
            case .noSuchState: "the state does not exist"
            case .fires(let row, let to, let frame, let effects): "row \(row) → \(to)\(Self.written(frame)); effects: \(effects.isEmpty ? "none" : effects)"
            case .restarts(let to, let frame): "a fresh start → \(to)\(Self.written(frame))"
            case .unmodelled(let row): "row \(row): not modelled (no prediction)"
            }
        }

        /// A frame as `; name=value, …`, or nothing when it is empty.
        private static func written(_ frame: [NamedValue]) -> String {
            frame.isEmpty ? "" : "; " + frame.map { "\($0.name)=\($0.value)" }.joined(separator: ", ")
        }
    }

    /// The behaviour change of a machine present on both sides, or a note saying why it cannot be compared.
    static func compare(spec: String, old: Machine, new: Machine) -> (change: BehaviourChange?, note: String?) {
        guard old.variables.map({ [$0.name, "\($0.domain)"] }) == new.variables.map({ [$0.name, "\($0.domain)"] }) else {
            return (nil, "\(spec): the variables changed (names or domains), so situations cannot be matched; compare its rows")
        }
        let analyses = (MachineAnalysis(machine: old), MachineAnalysis(machine: new))
        let models = (analyses.0.model, analyses.1.model)
        // Situations are matched across the two sides by state name: each side's states by name, found once.
        let states = (old.states.enumerated().firstByKey { ($1.name, $0) }, new.states.enumerated().firstByKey { ($1.name, $0) })
        let situations = reachable(analyses.0).union(reachable(analyses.1)).sorted { ($0.state, "\($0.values)") < ($1.state, "\($1.values)") }
        let plans = eventPlans(models.0, models.1)
        let classes = ValueClasses(old, new)
        // The changed situations, grouped by place and by both outcomes but for the variables they change.
        var groups: [Group: [Changed]] = [:]
        for situation in situations {
            for (event, combinations) in plans {
                for inputs in combinations {
                    let before = predict(models.0, states.0, situation, event, inputs), after = predict(models.1, states.1, situation, event, inputs)
                    // A row deleted whose only outcome was to stay, as `otherwise: ignore` does, changes nothing.
                    guard before != after, !(before.isQuiet(in: situation.state) && after.isQuiet(in: situation.state)) else { continue }
                    let names = zip(old.variables, situation.values).map { NamedValue($0.name, $1) } + inputs
                    groups[Group(state: situation.state, event: event, before: before.withoutFrame, after: after.withoutFrame), default: []]
                        .append((names, before, after))
                }
            }
        }
        guard !groups.isEmpty else { return (nil, nil) }
        let regions = groups.map { region($0.key, $0.value, classes, variables: old.variables.map(\.name)) }.sorted()
        return (BehaviourChange(spec: spec, kind: "machine", regions: regions, count: groups.values.map(\.count).reduce(0, +)), nil)
    }

    /// One changed situation: each name's value, and the old and the new outcome.
    private typealias Changed = (names: [NamedValue], before: Prediction, after: Prediction)

    /// What the changed situations of one region share: where (a state and an event), and both outcomes less their frames.
    private struct Group: Hashable {
        var state: String
        var event: String
        var before: Prediction
        var after: Prediction

        /// Where, for a reader: `state on event`.
        var place: String { "\(state) on \(event)" }
    }

    private struct Situation: Hashable {
        var state: String
        var values: [Value]
    }

    private static func reachable(_ analysis: MachineAnalysis) -> Set<Situation> {
        Set(analysis.reachability.configurations.map { Situation(state: analysis.machine.states[$0.state].name, values: $0.values) })
    }

    /// Every event of either side with the union of both sides' input atoms, by event name.
    private static func eventPlans(_ a: MachineModel, _ b: MachineModel) -> [(String, [[NamedValue]])] {
        var byEvent: [String: [[NamedValue]]] = [:]
        for plan in a.plans + b.plans {
            var list = byEvent[plan.event.name, default: []]
            for combination in plan.combinations where !list.contains(combination) { list.append(combination) }
            byEvent[plan.event.name] = list
        }
        return byEvent.keys.sorted().map { ($0, byEvent[$0]!) }
    }

    private static func predict(_ model: MachineModel, _ states: [String: Int], _ situation: Situation, _ event: String,
                                _ inputs: [NamedValue]) -> Prediction {
        guard let state = states[situation.state] else { return .noSuchState }
        guard let e = model.plans.firstIndex(where: { $0.event.name == event }) else { return .nothing }
        let configuration = MachineModel.Configuration(state: state, values: situation.values)
        let outcome = model.outcome(plan: e, inputs: inputs, in: configuration)
        switch outcome {
        case .unmatched: return model.machine.otherwise == .ignore ? .nothing : .forbidden
        case .leftDomain(let r, _, _, _): return .pastTheModel(row: model.machine.rows[r].identity.id)
        case .unmodelled(let r): return .unmodelled(row: model.machine.rows[r].identity.id)
        case .relaunched(let next):
            return .restarts(to: model.machine.states[next.state].name, frame: changes(model, situation, next))
        case .fired(let r, let next):
            let frame = changes(model, situation, next)
            let effects = model.step(of: outcome, plan: e, inputs: inputs)?.effects ?? []
            return .fires(row: model.machine.rows[r].identity.id, to: model.machine.states[next.state].name,
                          frame: frame, effects: effects.map(\.description).joined(separator: ", "))
        }
    }

    /// The variables a step changes, with their new values, in the order declared.
    private static func changes(_ model: MachineModel, _ situation: Situation, _ next: MachineModel.Configuration) -> [NamedValue] {
        model.machine.variables.indices.filter { situation.values[$0] != next.values[$0] }
            .map { NamedValue(model.machine.variables[$0].name, next.values[$0]) }
    }

    /// A group of changed situations as a region: each name's values (an ordered input's as the classes they stand
    /// for, `ValueClasses`), whether the region is every combination of them, and up to three examples.
    private static func region(_ group: Group, _ members: [Changed], _ classes: ValueClasses, variables: [String]) -> BehaviourRegion {
        let names = members[0].names.map(\.name)
        let standings = members.map { $0.names.map { classes.standing($0, on: group.event) } }
        let perName = names.indices.map { i in Set(standings.compactMap { $0.indices.contains(i) ? $0[i] : nil }) }
        let product = perName.reduce(1) { $0.multipliedReportingOverflow(by: $1.count).partialValue }
        let written = names.indices.map { i in "\(names[i])=" + ValueClasses.written(Array(perName[i]), in: classes.domain(of: names[i], on: group.event)) }
        let examples = members.prefix(3).map { $0.names.map { "\($0.name)=\($0.value)" }.joined(separator: ", ") }
        return BehaviourRegion(place: group.place, values: written, exact: product == Set(standings).count, count: members.count,
                               before: shown(members.map(\.before), variables), after: shown(members.map(\.after), variables),
                               examples: examples)
    }

    /// The first situation's outcome. A region's outcomes on one side differ at most in the variables the step changes
    /// (their frames: which variables it changes, and to what); where they do, it says how many situations have the
    /// outcome shown and in which variables' changes the others differ: `(in 4 of the 8 situations; the others differ
    /// in the change to cover)`: a row that sets cover changes it only where it was not already so.
    private static func shown(_ predictions: [Prediction], _ variables: [String]) -> String {
        let first = predictions[0], alike = predictions.filter { $0 == first }.count
        guard alike < predictions.count else { return first.text }
        let frames = predictions.map(\.frame)
        let differing = Set(frames.flatMap { $0 }.filter { entry in !frames.allSatisfy { $0.contains(entry) } }.map(\.name))
        let names = variables.filter(differing.contains)
        let changes = names.count == 1 ? "the change to \(names[0])" : "the changes to " + names.joined(separator: " or ")
        return "\(first.text) (in \(alike) of the \(predictions.count) situations; the others differ in \(changes))"
    }
}
