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

        /// Where the step leaves the machine from `situation`: its state and every variable's value (the situation
        /// itself when nothing happens), or nil for an outcome that goes nowhere (forbidden, past the model, no
        /// prediction).
        func result(from situation: Situation, variables: [String]) -> Situation? {
            let state: String, frame: [NamedValue]
            switch self {
            case .nothing: (state, frame) = (situation.state, [])
            case .fires(_, let to, let changes, _), .restarts(let to, let changes): (state, frame) = (to, changes)
            default: return nil
            }
            let changed = frame.firstByKey { ($0.name, $0.value) }
            return Situation(state: state, values: zip(variables, situation.values).map { changed[$0] ?? $1 })
        }

        /// The outcome as a reader reads it, with where it leaves the machine written as given (`frame`: the state,
        /// then `; ` and the variables): `row R → Locked; failures=0; effects: prompt`.
        func text(frame: String) -> String {
            switch self {
            case .nothing: "nothing happens (otherwise: ignore), stays \(frame)"
            case .forbidden: "forbidden: no row (otherwise: forbidden)"
            case .pastTheModel(let row): "row \(row) would leave a variable's domain (past the model)"
            case .noSuchState: "the state does not exist"
            case .fires(let row, _, _, let effects): "row \(row) → \(frame); effects: \(effects.isEmpty ? "none" : effects)"
            case .restarts: "a fresh start → \(frame)"
            case .unmodelled(let row): "row \(row): not modelled (no prediction)"
            }
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
                        .append((names, situation, before, after))
                }
            }
        }
        guard !groups.isEmpty else { return (nil, nil) }
        let regions = groups.map { region($0.key, $0.value, classes, variables: old.variables.map(\.name)) }.sorted()
        return (BehaviourChange(spec: spec, kind: "machine", regions: regions, count: groups.values.map(\.count).reduce(0, +)), nil)
    }

    /// One changed situation: each name's value, the situation, and the old and the new outcome.
    private typealias Changed = (names: [NamedValue], situation: Situation, before: Prediction, after: Prediction)

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
        Dictionary(grouping: a.plans + b.plans, by: \.event.name).sorted { $0.key < $1.key }
            .map { ($0.key, $0.value.flatMap(\.combinations).firstOfEach()) }
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
    /// for, `ValueClasses`), whether the region is every combination of them, up to three examples, and both outcomes
    /// with where each leaves the machine (`outcomes`).
    private static func region(_ group: Group, _ members: [Changed], _ classes: ValueClasses, variables: [String]) -> BehaviourRegion {
        let names = members[0].names.map(\.name)
        let standings = members.map { $0.names.map { classes.standing($0, on: group.event) } }
        let perName = names.indices.map { i in Set(standings.compactMap { $0.indices.contains(i) ? $0[i] : nil }) }
        let product = perName.reduce(1) { $0.multipliedReportingOverflow(by: $1.count).partialValue }
        let written = names.indices.map { i in "\(names[i])=" + ValueClasses.written(Array(perName[i]), in: classes.domain(of: names[i], on: group.event)) }
        let examples = members.prefix(3).map { $0.names.map { "\($0.name)=\($0.value)" }.joined(separator: ", ") }
        let (before, after) = outcomes(members, variables)
        return BehaviourRegion(place: group.place, values: written, exact: product == Set(standings).count, count: members.count,
                               before: before, after: after, examples: examples)
    }

    /// Both outcomes of a region, each with the whole frame it leaves: the state and every variable, each variable
    /// with the values it has after the step across the region's situations (`cover=false`, `coldLocked=false|true`),
    /// and each cell where the two sides leave some situation differently marked `*…*` on both (`*cover=true*`). The
    /// outcomes of one side differ at most in their frames (the region's group), so the first one's text is theirs.
    private static func outcomes(_ members: [Changed], _ variables: [String]) -> (before: String, after: String) {
        let before = members.map { $0.before.result(from: $0.situation, variables: variables) }
        let after = members.map { $0.after.result(from: $0.situation, variables: variables) }
        // Cells are compared situation by situation: the same set of values on both sides may still be reached apart.
        let pairs = zip(before, after).compactMap { a, b in a.flatMap { a in b.map { (a, $0) } } }
        let stateDiffers = pairs.contains { $0.state != $1.state }
        let differs = variables.indices.map { i in pairs.contains { $0.values[i] != $1.values[i] } }
        let frame = { (results: [Situation?]) -> String in
            let reached = results.compactMap { $0 }
            guard let first = reached.first else { return "" }
            let cells = variables.indices.map { i in
                marked("\(variables[i])=" + Set(reached.map { $0.values[i] }).sorted().map(\.description).joined(separator: "|"), differs[i])
            }
            return ([marked(first.state, stateDiffers)] + (cells.isEmpty ? [] : [cells.joined(separator: ", ")])).joined(separator: "; ")
        }
        return (members[0].before.text(frame: frame(before)), members[0].after.text(frame: frame(after)))
    }

    /// A cell as written, between `*` when it differs between the sides.
    private static func marked(_ cell: String, _ differs: Bool) -> String { differs ? "*\(cell)*" : cell }
}
