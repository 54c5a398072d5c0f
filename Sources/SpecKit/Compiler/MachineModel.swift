/// A machine table as an executable model over its finite domains: the input combinations tried per event, the row
/// that fires in a situation, the situation it leads to, and a breadth-first search of every reachable situation.
///
/// The compiler's checks and case generator (`MachineCompiler.search`) and the exhaustive exploration
/// (`MachineExplorer`) both walk the machine through this one unit, so they agree on what is reachable and how.
struct MachineModel: Sendable {
    /// How one event is tried: the input combinations (one representative value per atom of each input).
    struct EventPlan: Sendable {
        let event: EventDeclaration
        let combinations: [[NamedValue]]
        /// For each input slot (`Machine.inputNames`, as `Test.slot` counts them), the position of that input among the
        /// event's inputs (and in each combination, and in `ordinals(of:for:)`'s answer), nil when the event has no such input.
        let positions: [Int?]
        /// Each combination's `ordinals(of:for:)`, found once: the search matches every combination in every situation.
        let combinationOrdinals: [[Int?]]

        init(event: EventDeclaration, combinations: [[NamedValue]], inputNames: [String]) {
            self.event = event
            self.combinations = combinations
            positions = inputNames.map { name in event.inputs.firstIndex { $0.name == name } }
            combinationOrdinals = combinations.map { Self.ordinals(of: $0, for: event) }
        }

        /// The position among the event's inputs of the input in slot `slot` (`Test.slot`, a machine of `variables`
        /// variables), nil when the event has no such input.
        func position(ofSlot slot: Int, variables: Int) -> Int? {
            let i = slot - variables
            return positions.indices.contains(i) ? positions[i] : nil
        }

        /// The ordinal of each of the event's inputs (in the order declared) among `inputs`, found by name (they may
        /// come from elsewhere, such as another version of the machine); nil when `inputs` has no value for it or one
        /// outside its domain.
        static func ordinals(of inputs: [NamedValue], for event: EventDeclaration) -> [Int?] {
            event.inputs.map { input in inputs.first { $0.name == input.name }.flatMap { input.domain.ordinal(of: $0.value) } }
        }
    }

    /// A situation: the state's index and each variable's value.
    struct Configuration: Hashable, Sendable {
        var state: Int
        var values: [Value]
    }

    /// How the search first reached a situation: from which one, by which step.
    struct Arrival: Sendable {
        var parent: Int
        var step: TestStep
    }

    /// What the table says happens on one event with one input combination in one situation. The step that checks
    /// it is not part of it: the search meets hundreds of thousands of outcomes and needs a step only for a situation
    /// it has not seen, so a step is built on demand (`step(of:plan:inputs:)`).
    enum Outcome: Sendable {
        /// No row matches.
        case unmatched
        /// Row `row` matches, but its assignment `assignment` would take a variable to `ordinal`, outside its domain
        /// (`overflow`: far outside, past the integers).
        case leftDomain(row: Int, assignment: Int, ordinal: Int, overflow: Bool)
        /// Row `row` fires and leads to `next`.
        case fired(row: Int, next: Configuration)
        /// A relaunch that no row `on: relaunch` matches: the core starts again at the initial state, the persisted
        /// variables as they were and the others at their initial values (`next`), and emits nothing.
        case relaunched(next: Configuration)
        /// Row `row` matches, and says the table does not model this step (`unmodelled:`): no prediction.
        case unmodelled(row: Int)

        /// The situation the outcome leads to, when there is one.
        var next: Configuration? {
            switch self {
            case .fired(_, let next), .relaunched(let next): next
            case .unmatched, .leftDomain, .unmodelled: nil
            }
        }
    }

    /// The situations found, in breadth-first order, and how each was first reached.
    struct Reachability: Sendable {
        /// The situations; index 0 is the initial one.
        var configurations: [Configuration]
        /// How each was reached (nil for the initial one).
        var arrivals: [Arrival?]
        /// Whether the search stopped adding situations at its limit, or stopped at its budget of outcomes.
        var truncated: Bool
        /// The budget of outcomes the search stopped at (`search(maximumConfigurations:maximumOutcomes:visit:)`),
        /// leaving situations it had found unexplored; nil when it did not stop there.
        var outcomeBudget: Int?

        /// The steps of a shortest path from the initial situation to situation `index`, then `last` when given.
        func path(to index: Int, then last: TestStep? = nil) -> [TestStep] {
            // Counted first, so the path is allocated once, at its length.
            var path: [TestStep] = []
            path.reserveCapacity(depth(of: index) + (last == nil ? 0 : 1))
            var c = index
            while let arrival = arrivals[c] {
                path.append(arrival.step)
                c = arrival.parent
            }
            path.reverse()
            if let last { path.append(last) }
            return path
        }

        /// The number of steps of a shortest path from the initial situation to situation `index`, counted without
        /// building it.
        func depth(of index: Int) -> Int {
            var (length, c) = (0, index)
            while let arrival = arrivals[c] { length += 1; c = arrival.parent }
            return length
        }
    }

    /// A row's condition: the slot of the name it tests (a variable's index, the first of a repeated name, or after the
    /// variables an input's place in `Machine.inputNames`; a name that is both is the variable's) and the ordinals it
    /// accepts.
    private struct Test: Sendable {
        var slot: Int
        var set: ValueSet
    }

    let machine: Machine
    /// One plan per event, in declaration order.
    let plans: [EventPlan]
    /// The rows of each (state, event), in file order (`rowsByStateAndEvent`): a plan's column is its event's (the
    /// relaunch's last, also where the machine is not modelled across a relaunch and has no plan for it). The region
    /// checks group the rows by this table too.
    let rowStarts: [Int]
    let rowList: [Int]
    /// Whether each plan is a relaunch the machine models, decided once.
    private let relaunchPlans: [Bool]
    /// Each row's conditions, resolved, as one flat list: row `r`'s are `testList[testStarts[r] ..< testStarts[r + 1]]`.
    private let testStarts: [Int]
    private let testList: [Test]
    /// Each row's assignments' variable indices (nil: not a variable of the machine), flat: assignment `a` of row `r`
    /// is `targetList[targetStarts[r] + a]`.
    private let targetStarts: [Int]
    private let targetList: [Int?]
    /// Each row's `to` as a state index (nil: it stays), and whether it is unmodelled, decided once.
    private let rowTargets: [Int?]
    private let rowUnmodelled: [Bool]
    /// The initial state's index, or nil when it is not declared.
    private let initialState: Int?

    /// The model of a machine: each row's names are looked up once here, by name (a name the machine does not declare,
    /// in a machine changed after it was read, matches nothing and sets nothing).
    init(machine: Machine) {
        self.machine = machine
        let plans = Self.eventPlans(machine)
        self.plans = plans
        let states = machine.states.enumerated().firstByKey { ($1.name, $0) }
        (rowStarts, rowList) = Self.rowsByStateAndEvent(machine, states: states)
        relaunchPlans = plans.map { $0.event.name == Machine.relaunchEvent && machine.relaunches }
        var testStarts = [0], testList: [Test] = [], targetStarts = [0], targetList: [Int?] = []
        testStarts.reserveCapacity(machine.rows.count + 1)
        targetStarts.reserveCapacity(machine.rows.count + 1)
        // Each name's slot (`Test.slot`): its first place among the variables' names, then the inputs'.
        let slotOf = (machine.variables.map(\.name) + machine.inputNames).enumerated().firstByKey { ($1, $0) }
        let variables = machine.variables.indices
        for r in machine.rows.indices {
            for condition in machine.rows[r].when {
                testList.append(Test(slot: slotOf[condition.name] ?? Int.max, set: condition.set))
            }
            testStarts.append(testList.count)
            for assignment in machine.rows[r].then {
                targetList.append(slotOf[assignment.name].flatMap { variables.contains($0) ? $0 : nil })
            }
            targetStarts.append(targetList.count)
        }
        (self.testStarts, self.testList, self.targetStarts, self.targetList) = (testStarts, testList, targetStarts, targetList)
        // Rows read in place: a copy of each would retain and release every field of it.
        rowTargets = machine.rows.indices.map { r in machine.rows[r].to.flatMap { states[$0] } }
        rowUnmodelled = machine.rows.indices.map { r in machine.rows[r].unmodelled != nil }
        initialState = machine.states.indices.contains(machine.initialIndex) ? machine.initialIndex : nil
    }

    /// The rows of every (state, event) in file order, in a flat form: the rows of cell `state * width + column` are
    /// `list[starts[cell]..<starts[cell + 1]]`, where an event's column is its index in `machine.events`, the built-in
    /// relaunch's is last, and the width is the events and the relaunch. Each row's cells are found once (one look-up
    /// per state, through `states`, and per event it names; a row from any state is in every state's), then counted
    /// and placed. The model's rows by plan and the region checks' groups are both this table.
    static func rowsByStateAndEvent(_ machine: Machine, states: [String: Int]) -> (starts: [Int], list: [Int]) {
        let relaunchColumn = machine.events.count, width = relaunchColumn + 1
        let events = machine.events.enumerated().firstByKey { ($1.name, $0) }
        var memberships: [(cell: Int, row: Int)] = []
        memberships.reserveCapacity(machine.rows.count)
        for r in machine.rows.indices {
            // Rows read in place: no copy of the row, no array of its states.
            func add(state s: Int) {
                for event in machine.rows[r].on {
                    guard let e = events[event] ?? (event == Machine.relaunchEvent ? relaunchColumn : nil) else { continue }
                    memberships.append((s * width + e, r))
                }
            }
            if machine.rows[r].from.isEmpty { for s in machine.states.indices { add(state: s) } }
            for name in machine.rows[r].from { if let s = states[name] { add(state: s) } }
        }
        var starts = [Int](repeating: 0, count: machine.states.count * width + 1)
        for membership in memberships { starts[membership.cell + 1] += 1 }
        for cell in 0..<(starts.count - 1) { starts[cell + 1] += starts[cell] }
        var fill = starts
        var list = [Int](repeating: 0, count: memberships.count)
        // In row order, so each cell's rows stay in file order.
        for membership in memberships {
            list[fill[membership.cell]] = membership.row
            fill[membership.cell] += 1
        }
        return (starts, list)
    }

    /// Row `r`'s conditions, resolved.
    private func tests(row r: Int) -> ArraySlice<Test> { testList[testStarts[r]..<testStarts[r + 1]] }

    /// The rows that start from state `s` on plan `e`, in file order.
    private func rows(state s: Int, plan e: Int) -> ArraySlice<Int> {
        let cell = s * (machine.events.count + 1) + e
        return rowList[rowStarts[cell]..<rowStarts[cell + 1]]
    }

    /// One plan per declared event, then, for a machine modelled across a relaunch, the built-in `relaunch` (last, so
    /// that of two equally short paths the one without a relaunch is found first).
    private static func eventPlans(_ machine: Machine) -> [EventPlan] {
        machine.events.map { event in
            let inputs = event.inputs, values = inputs.map { tried($0, on: event.name, in: machine) }
            // The first `maximumInputCombinations` of the product, the last input varying fastest, each built once at
            // its length: the product itself (millions, for a few dozen inputs) is never built.
            var combinations: [[NamedValue]] = []
            combinations.reserveCapacity(min(RegionAnalysis.product(values.lazy.map(\.count)) ?? .max, MachineCompiler.maximumInputCombinations))
            Combinations.forEach(counts: values.map(\.count), limit: MachineCompiler.maximumInputCombinations) { index in
                combinations.append(inputs.indices.map { NamedValue(inputs[$0].name, values[$0][index[$0]]) })
            }
            return EventPlan(event: event, combinations: combinations, inputNames: machine.inputNames)
        } + (machine.relaunches ? [EventPlan(event: .relaunch, combinations: [[]], inputNames: machine.inputNames)] : [])
    }

    /// The values an event's input is tried with: every member of a boolean or an enumeration (a row listing
    /// [failure, cancel] is checked with both); of an ordered domain, both sides of every edge of the conditions on
    /// the input of the event's rows (the last value before each cut and the first after it), or its initial value
    /// where they cut nothing; of one without ordinals, its initial value.
    private static func tried(_ input: Declaration, on event: String, in machine: Machine) -> [Value] {
        guard let whole = input.domain.ordinalRange else { return [input.initial] }
        guard input.domain.isOrdered else { return whole.map { input.domain.value(atOrdinal: $0) } }
        let atoms = RegionAnalysis.atoms(of: whole, cutBy: conditionSets(on: input.name, of: event, in: machine))
        return atoms.count == 1 ? [input.initial] : edgeOrdinals(atoms).map { input.domain.value(atOrdinal: $0) }
    }

    /// The sets the conditions of the event's rows admit on one of its inputs: where its values are cut into classes.
    static func conditionSets(on input: String, of event: String, in machine: Machine) -> [ValueSet] {
        machine.rows.compactMap { row in row.on.contains(event) ? row.when.first { $0.name == input }?.set : nil }
    }

    /// The values either side of each cut between `atoms` (sorted, adjacent regions), ascending and each once: `c - 1`
    /// and `c` for every region `c...` after the first, so each edge is tried from below and from above. A boundary
    /// moved by any amount, either way, changes the answer at one of the two.
    static func edgeOrdinals(_ atoms: [ClosedRange<Int>]) -> [Int] {
        Set(atoms.dropFirst().flatMap { [$0.lowerBound - 1, $0.lowerBound] }).sorted()
    }

    /// The initial situation, or nil when the initial state is not declared.
    var initial: Configuration? {
        initialState.map { Configuration(state: $0, values: machine.variables.map(\.initial)) }
    }

    /// The observations a machine step checks in a situation: the state, then every variable (a strict frame).
    func frame(_ configuration: Configuration) -> [NamedValue] {
        var frame: [NamedValue] = []
        frame.reserveCapacity(1 + configuration.values.count)
        frame.append(NamedValue("state", .symbol(machine.states[configuration.state].name)))
        for (variable, value) in zip(machine.variables, configuration.values) { frame.append(NamedValue(variable.name, value)) }
        return frame
    }

    /// The values of the names row `r` tests, in a situation with these inputs (which variant of the row fires).
    /// `inputs` is one of plan `e`'s combinations (its values in the order of the event's inputs).
    func key(row r: Int, plan e: Int, in configuration: Configuration, inputs: [NamedValue]) -> [Value] {
        let variables = configuration.values.count
        return tests(row: r).map { test in
            if test.slot < variables { return configuration.values[test.slot] }
            guard let p = plans[e].position(ofSlot: test.slot, variables: variables), inputs.indices.contains(p) else { return .text("") }
            return inputs[p].value
        }
    }

    /// The first row (in file order) of the event's plan that matches the situation and the inputs whose ordinals
    /// are `ordinals` (`EventPlan.ordinals(of:for:)`): a condition on an input the event lacks, or on a value outside
    /// its domain, fails.
    private func match(plan e: Int, ordinals: [Int?], in configuration: Configuration) -> Int? {
        let variables = configuration.values.count
        return rows(state: configuration.state, plan: e).first { r in
            tests(row: r).allSatisfy { test in
                // `ordinals` holds one entry per input of the plan's event, so every position is inside it.
                let ordinal = test.slot < variables
                    ? machine.variables[test.slot].domain.ordinal(of: configuration.values[test.slot])
                    : plans[e].position(ofSlot: test.slot, variables: variables).flatMap { ordinals[$0] }
                return ordinal.map { test.set.contains($0) } ?? false
            }
        }
    }

    /// The step that checks an outcome that leads somewhere (nil for the others): the full frame after it and its effects.
    func step(of outcome: Outcome, plan e: Int, inputs: [NamedValue]) -> TestStep? {
        switch outcome {
        case .fired(let r, let next): firedStep(row: r, next: next, plan: e, inputs: inputs)
        case .relaunched(let next): quietStep(.relaunch, to: next, at: machine.states[next.state].location)
        case .unmatched, .leftDomain, .unmodelled: nil
        }
    }

    /// The step the table predicts for an outcome: a row firing or a relaunch (`step(of:plan:inputs:)`), or, under
    /// `otherwise: ignore`, no row, where nothing changes and nothing is emitted (located at `location`); nil otherwise.
    func predictedStep(of outcome: Outcome, plan e: Int, inputs: [NamedValue], in configuration: Configuration,
                       at location: SourceLocation) -> TestStep? {
        if let step = step(of: outcome, plan: e, inputs: inputs) { return step }
        guard case .unmatched = outcome, machine.otherwise == .ignore else { return nil }
        return quietStep(.event(plans[e].event.name, inputs: inputs), to: configuration, at: location)
    }

    /// The step of the device clock set by `ms` in a situation (back when negative, as `advance`; forward as
    /// `setClock`), with no time passing: nothing changes and nothing is emitted.
    func clockStep(_ ms: Int, in configuration: Configuration, at location: SourceLocation) -> TestStep {
        quietStep(ms < 0 ? .advance(milliseconds: ms) : .setClock(milliseconds: ms), to: configuration, at: location)
    }

    /// The step of an action no row takes, located at `location`: it leads to `configuration` and emits nothing (a
    /// relaunch no row matches, an event ignored, the clock set, a step that only checks).
    func quietStep(_ action: TestAction, to configuration: Configuration, at location: SourceLocation) -> TestStep {
        TestStep(action: action, expect: frame(configuration), effects: [], row: nil,
                 line: location.line, column: location.column)
    }

    /// Each variable's value in a situation.
    func variables(_ configuration: Configuration) -> [NamedValue] {
        zip(machine.variables, configuration.values).map { NamedValue($0.name, $1) }
    }

    /// What the table says happens on event plan `e` with these inputs in a situation. A relaunch first puts every
    /// variable that does not persist back to its initial value and the state to the initial one; a row `on: relaunch`
    /// (matched on the state the app was killed in and the values that survive) may then say more.
    func outcome(plan e: Int, inputs: [NamedValue], in configuration: Configuration) -> Outcome {
        outcome(plan: e, ordinals: EventPlan.ordinals(of: inputs, for: plans[e].event), in: configuration)
    }

    /// `outcome(plan:inputs:in:)` for the inputs whose ordinals are `ordinals` (`EventPlan.ordinals(of:for:)`).
    private func outcome(plan e: Int, ordinals: [Int?], in configuration: Configuration) -> Outcome {
        let relaunch = relaunchPlans[e]
        var start = configuration
        if relaunch { start.values = machine.valuesAfterRelaunch(configuration.values) }
        guard let r = match(plan: e, ordinals: ordinals, in: start) else {
            guard relaunch, let initial = initialState else { return .unmatched }
            return .relaunched(next: Configuration(state: initial, values: start.values))
        }
        if rowUnmodelled[r] { return .unmodelled(row: r) }
        var next = start
        if relaunch, let initial = initialState { next.state = initial }
        var firstExit: Outcome?
        for a in machine.rows[r].then.indices {
            guard let v = targetList[targetStarts[r] + a] else { continue }
            switch machine.rows[r].then[a].change {
            case .set(let value): next.values[v] = value
            case .add(let amount):
                let domain = machine.variables[v].domain
                // The reader keeps amounts within the domain's span; the overflow check keeps that a fact checked here
                // rather than a promise.
                let (o, overflow) = (domain.ordinal(of: next.values[v]) ?? 0).addingReportingOverflow(amount)
                if !overflow, domain.bounds?.contains(o) ?? false {
                    next.values[v] = domain.value(atOrdinal: o)
                } else if firstExit == nil {
                    firstExit = .leftDomain(row: r, assignment: a, ordinal: o, overflow: overflow)
                }
            }
        }
        if let firstExit { return firstExit }
        if let t = rowTargets[r] { next.state = t }
        return .fired(row: r, next: next)
    }

    /// The step of row `r` firing on plan `e` with these inputs and leading to `next`.
    private func firedStep(row r: Int, next: Configuration, plan e: Int, inputs: [NamedValue]) -> TestStep {
        let variables = machine.variables
        let location = machine.rows[r].identity.location
        return TestStep(
            action: relaunchPlans[e] ? .relaunch : .event(plans[e].event.name, inputs: inputs), expect: frame(next),
            effects: machine.rows[r].effects.map { call in
                call.resolved { name in
                    inputs.first { $0.name == name }?.value ?? variables.firstIndex { $0.name == name }.map { next.values[$0] }
                }
            },
            row: machine.rows[r].identity.id, line: location.line, column: location.column)
    }

    /// Calls `body` with each plan, input combination and outcome of a situation, in the order the search tries them
    /// (plans in order, each plan's combinations in order): the search and the exploration of each reachable situation
    /// (`MachineExplorer`) both go through it, so they see the same outcomes in the same order.
    func forEachOutcome(in configuration: Configuration, _ body: (Int, [NamedValue], Outcome) -> Void) {
        for e in plans.indices {
            for (inputs, ordinals) in zip(plans[e].combinations, plans[e].combinationOrdinals) {
                body(e, inputs, outcome(plan: e, ordinals: ordinals, in: configuration))
            }
        }
    }

    /// Searches every situation reachable from the initial one, breadth first, trying every event with every input
    /// combination of its plan (`forEachOutcome`). `visit` sees each (situation index, situation, plan, inputs,
    /// outcome) in that order, before the situation the outcome leads to is recorded; past `maximumConfigurations` no
    /// new situation is added. The step that checks an outcome is built only for a situation seen for the first time
    /// (its arrival). `visit` returns the step it built for the outcome with `step(of:plan:inputs:)`, if it built one:
    /// the arrival takes that step instead of building the same one again (a row's first firing is usually an arrival
    /// too). Before a situation is explored its outcomes (one per combination of every plan) are counted: the search
    /// stops, truncated and at its `outcomeBudget`, before the one that would take them past `maximumOutcomes`. Only
    /// `MachineAnalysis` calls it: a machine is searched once.
    func search(maximumConfigurations: Int, maximumOutcomes: Int,
                visit: (Int, Configuration, Int, [NamedValue], Outcome) -> TestStep?) -> Reachability {
        guard let initial else { return Reachability(configurations: [], arrivals: [], truncated: false) }
        var configurations = [initial]
        var seen: [Configuration: Int] = [initial: 0]
        // At least one situation per reachable state: most tables have few variables, so this is most of the growth.
        seen.reserveCapacity(min(machine.states.count, maximumConfigurations))
        configurations.reserveCapacity(min(machine.states.count, maximumConfigurations))
        var arrivals: [Arrival?] = [nil]
        var truncated = false
        var cursor = 0
        let outcomesPerSituation = plans.reduce(0) { $0 + $1.combinations.count }
        var outcomes = 0
        while cursor < configurations.count {
            outcomes += outcomesPerSituation
            if outcomes > maximumOutcomes {
                return Reachability(configurations: configurations, arrivals: arrivals, truncated: true, outcomeBudget: maximumOutcomes)
            }
            let configuration = configurations[cursor]
            forEachOutcome(in: configuration) { e, inputs, outcome in
                let built = visit(cursor, configuration, e, inputs, outcome)
                guard let next = outcome.next, seen[next] == nil else { return }
                if configurations.count >= maximumConfigurations {
                    truncated = true
                    return
                }
                guard let step = built ?? step(of: outcome, plan: e, inputs: inputs) else { return }
                seen[next] = configurations.count
                configurations.append(next)
                arrivals.append(Arrival(parent: cursor, step: step))
            }
            cursor += 1
        }
        return Reachability(configurations: configurations, arrivals: arrivals, truncated: truncated)
    }
}
