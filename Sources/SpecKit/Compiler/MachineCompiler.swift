/// Checks a machine and turns every row into a test case: the static region checks per (state, event), then a
/// breadth-first exploration of the reachable situations, which finds gaps, unreachable states, rows that never fire,
/// steps that leave a domain, and a shortest path to every row.
struct MachineCompiler: Sendable {
    /// The most situations (state and variable values) explored before the analysis stops with a warning.
    static let maximumConfigurations = 50_000
    /// The most input combinations tried per event.
    static let maximumInputCombinations = 4096
    /// The most outcomes (a situation, an event and one of its input combinations) the search tries before it stops
    /// with `check.search-too-large`.
    static let maximumOutcomes = 2_000_000
    /// The most test cases one row gets (one per distinct value of the names it tests).
    static let maximumVariantsPerRow = 16
    /// The most atoms the region checks of one machine walk over all its (state, event) groups before they stop with
    /// `check.limit` (one group may have up to `RegionAnalysis.maximumAtoms`).
    static let maximumCheckedAtoms = 2_000_000
    /// The most gaps listed per machine; the rest are counted.
    static let maximumListedGaps = 20
    /// The most steps a machine's test cases may take in all (each case is a shortest path to its row, then the row);
    /// past it the compile stops with `check.cases-too-long`.
    static let maximumCaseSteps = 2_000_000
    /// The most steps the test cases of all the machines compiled together may take: each of N machines may take an
    /// Nth of it, and at most `maximumCaseSteps`. A share does not depend on the order the machines compile in, so
    /// which machine stops, and where, is the same on every run.
    static let maximumFolderCaseSteps = 10_000_000

    /// The budgets one machine's compile works within: the maximums above, smaller in the tests of their findings.
    struct Budgets: Sendable {
        /// The most outcomes the search tries (`maximumOutcomes`).
        var outcomes = MachineCompiler.maximumOutcomes
        /// The most atoms the region checks walk (`maximumCheckedAtoms`).
        var atoms = MachineCompiler.maximumCheckedAtoms
        /// The most steps the cases take in all (`maximumCaseSteps`).
        var caseSteps = MachineCompiler.maximumCaseSteps
        /// When `caseSteps` is this machine's share of the steps of `machines` machines compiled together (their
        /// `total`): the share, smaller than the machine's own maximum, that the message names.
        var sharedBy: (machines: Int, total: Int)?

        /// The budgets of one of `machines` machines compiled together, whose cases may take `total` steps in all.
        static func share(of total: Int, machines: Int) -> Budgets {
            let share = total / max(1, machines)
            var budgets = Budgets()
            if share < budgets.caseSteps { (budgets.caseSteps, budgets.sharedBy) = (share, (machines, total)) }
            return budgets
        }
    }

    let spec: Spec
    let machine: Machine
    private(set) var diagnostics: [Diagnostic] = []
    /// Rows `checkRegions` already reported as shadowed, so the exploration does not report them again.
    private var shadowed: Set<Int> = []

    /// The machine as an executable model, built once: the search reads it, and
    /// the search's `MachineAnalysis` carries it on to `MachineExplorer` and `MachineWalkModel`.
    let model: MachineModel

    /// What the compile may spend, decided once.
    let budgets: Budgets

    init(spec: Spec, machine: Machine, budgets: Budgets) {
        self.spec = spec
        self.budgets = budgets
        self.machine = machine
        model = MachineModel(machine: machine)
    }

    private func sameOutcome(_ a: MachineRow, _ b: MachineRow) -> Bool {
        a.to == b.to && Set(a.then.map { "\($0.name)=\($0.change)" }) == Set(b.then.map { "\($0.name)=\($0.change)" })
            && Self.multiset(a.effects) == Self.multiset(b.effects)
    }

    /// Effects compared by name and typed arguments, not by where or how they are written.
    private static func multiset(_ calls: [EffectCall]) -> [EffectCall.Shape: Int] {
        calls.reduce(into: [:]) { $0[$1.shape, default: 0] += 1 }
    }

    // MARK: Static checks: conflicts, redundancy, shadowing

    mutating func checkRegions() {
        var reportedPairs: Set<[Int]> = []
        // By row index: whether the row wins some situation, whether one of its groups was checked, and whether one
        // was left unchecked (arrays, not sets: a large table puts every row in all three).
        var everWins = [Bool](repeating: false, count: machine.rows.count)
        var analysed = [Bool](repeating: false, count: machine.rows.count)
        var unchecked = [Bool](repeating: false, count: machine.rows.count)
        var overlapping: Set<Int> = []
        // The groups are the model's rows by (state, event) (`MachineModel.rowsByStateAndEvent`), the cells that hold
        // rows taken in the order of the state's name, then the event's (names hold no NUL, so this is the order of
        // the text keys "state\0event" used before).
        let stateNames = machine.states.map(\.name)
        let eventNames = machine.events.map(\.name) + [Machine.relaunchEvent]
        let (width, starts) = (eventNames.count, model.rowStarts)
        let order = (0..<(starts.count - 1)).filter { starts[$0 + 1] > starts[$0] }.sorted {
            (stateNames[$0 / width], eventNames[$0 % width]) < (stateNames[$1 / width], eventNames[$1 % width])
        }
        var atomsLeft = budgets.atoms
        for (k, key) in order.enumerated() {
            guard let eventDecl = machine.event(eventNames[key % width]) else { continue }
            let members = model.rowList[starts[key]..<starts[key + 1]]
            let outcome = checkGroup(members, state: stateNames[key / width], event: eventDecl, atomsLeft: &atomsLeft,
                                     reportedPairs: &reportedPairs, everWins: &everWins, overlapping: &overlapping)
            if outcome == .checked {
                for r in members { analysed[r] = true }
                continue
            }
            // A row of a group left unchecked (this one, and past the budget every later one) may win there, so under
            // hit: first it is not said never to fire for what its checked groups showed.
            for left in outcome == .pastBudget ? order[k...] : order[k...k] {
                for r in model.rowList[starts[left]..<starts[left + 1]] { unchecked[r] = true }
            }
            if outcome == .pastBudget { break }
        }
        // A row that an earlier row covers wherever it matches never fires. Under `hit: unique` the overlap is
        // already reported (a conflict, or a redundant row): saying also that it never fires would contradict it.
        if machine.hit != .first {
            for r in overlapping where !everWins[r] { shadowed.insert(r) }
        } else {
            for r in machine.rows.indices where analysed[r] && !unchecked[r] && !everWins[r] {
                shadowed.insert(r)
                let row = machine.rows[r]
                diagnostics.append(Diagnostic(.warning, id: "check.dead-row",
                    "row \(row.identity.id) never fires: earlier rows match every situation it matches (hit: first)",
                    at: row.identity.location, rows: [row.identity.id]))
            }
        }
    }

    /// The region check of the rows that start from one state on one event: conflicts and redundancy between rows
    /// that match the same situation (the later row of each reported pair joins `overlapping`), and which rows win
    /// somewhere (for the dead rows of `hit: first`). A group of more than `RegionAnalysis.maximumAtoms` atoms is not
    /// checked (`.tooLarge`); the others take their atoms from `atomsLeft`, the machine's budget, before they are walked,
    /// and the group that would pass it is not checked, nor any after it (`.pastBudget`). Each is a `check.limit` warning.
    private mutating func checkGroup(_ members: ArraySlice<Int>, state: String, event eventDecl: EventDeclaration, atomsLeft: inout Int,
                                     reportedPairs: inout Set<[Int]>, everWins: inout [Bool],
                                     overlapping: inout Set<Int>) -> GroupCheck {
        let event = eventDecl.name
        let group = Array(members)
        var names: [String] = []
        for r in group { for c in machine.rows[r].when where !names.contains(c.name) { names.append(c.name) } }
        let declarations = names.compactMap { machine.variable($0) ?? eventDecl.input($0) }
        let analysis = RegionAnalysis(declarations: declarations, conditions: group.map { machine.rows[$0].when })
        guard let atomCount = analysis.atomCount else {
            diagnostics.append(Diagnostic(.warning, id: "check.limit",
                "in state \(state) on '\(event)' the rows split the inputs into more than \(RegionAnalysis.maximumAtoms) combinations; conflicts were not checked there",
                at: machine.rows[group[0]].identity.location, rows: group.map { machine.rows[$0].identity.id }))
            return .tooLarge
        }
        atomsLeft -= atomCount
        guard atomsLeft >= 0 else {
            diagnostics.append(Diagnostic(.warning, id: "check.limit",
                "the rows split the inputs into more than \(budgets.atoms) combinations over all states and events; conflicts were checked only before state \(state) on '\(event)', not there nor after it",
                at: machine.rows[group[0]].identity.location, rows: group.map { machine.rows[$0].identity.id },
                hint: "give the rows 'from:' states, or fewer edges on the events' inputs, so fewer combinations need checking"))
            return .pastBudget
        }
        var overlaps = RowOverlaps()
        analysis.forEachAtom { atom, matches in
            guard let first = matches.first else { return }
            everWins[group[first]] = true
            // The first row wins under hit: first; fully shadowed rows are reported by checkRegions. Every atom a row
            // matches is counted, alone or not: a row is redundant only if the other matches all of them.
            if machine.hit != .first { overlaps.add(atom, matches: matches, size: analysis.size(atom)) }
        }
        for pair in overlaps.pairs {
            let (a, b) = (group[pair.earlier], group[pair.later])
            // A pair of rows on several events (`on: [a, b]`) is reported at the first that shows it.
            guard reportedPairs.insert([a, b]).inserted else { continue }
            let situation = "in state \(state) on '\(event)'" + (analysis.dimensions.isEmpty ? "" : " with \(RowOverlaps.place(pair, in: analysis))")
            let covered = overlaps.covered(pair).map { group[$0] }
            diagnostics.append(RowOverlaps.finding(machine.rows[a].identity, machine.rows[b].identity, match: situation,
                                                   differ: sameOutcome(machine.rows[a], machine.rows[b]) ? nil : "do different things",
                                                   alike: "do the same thing", covered: covered.map { machine.rows[$0].identity.id }, scope: " there"))
            overlapping.insert(b)
        }
        return .checked
    }

    /// What `checkGroup` did with a group: checked it, or left it for its own size or for the machine's budget.
    enum GroupCheck { case checked, tooLarge, pastBudget }

    // MARK: Exploration

    /// A row's firing kept for its case: the values of the names it tests, the situation it fires in, and the step.
    typealias Firing = (key: [Value], configuration: Int, step: TestStep)

    /// What the search found, before the region checks are known: the firings per row, the gaps, the domain errors,
    /// the rows that matched but are unmodelled, and the machine's analysis (the model and the reachable situations).
    struct Search: Sendable {
        var firings: [[Firing]]
        var gaps: [String]
        var gapCount: Int
        var found: [Diagnostic]
        var unmodelledRows: Set<Int>
        var analysis: MachineAnalysis
    }

    /// The region checks, the exploration and the graph of one machine, with every finding in the order of running
    /// them (`checkRegions`, then the search's closing report, which needs the rows the region checks found shadowed),
    /// the machine's analysis, for the compilation to carry, and why each row has no case (by row index; nil where it
    /// has one, and for every row when the initial state is not declared), and the cases. `searchObserver` is told of
    /// the search.
    static func compile(spec: Spec, machine: Machine, searchObserver: (@Sendable () -> Void)? = MachineAnalysis.searchObserver,
                        budgets: Budgets = Budgets())
        -> (cases: [TestCase], graph: MachineGraph, diagnostics: [Diagnostic], analysis: MachineAnalysis, noCase: [RowRecord.NoCase?]) {
        var compiler = MachineCompiler(spec: spec, machine: machine, budgets: budgets)
        compiler.checkRegions()
        let graph = compiler.graph()
        let search = compiler.search(searchObserver: searchObserver)
        guard compiler.model.initial != nil else {
            return ([], graph, compiler.diagnostics, search.analysis, Array(repeating: nil, count: machine.rows.count))
        }
        let cases = compiler.cases(firings: search.firings, reachability: search.analysis.reachability)
        compiler.diagnostics += cases.tooLong.map { [$0] } ?? []
        compiler.report(search)
        return (cases.cases, graph, compiler.diagnostics, search.analysis, compiler.noCaseReasons(search))
    }

    /// Why each row has no case, by row index (nil where it fires, so has one): covered by earlier rows, or matched
    /// by no reachable situation, it never fires (lint warns of it); matched only where it is marked `unmodelled:`,
    /// it predicts nothing; not found firing before the search stopped at its limit, it was not checked.
    private func noCaseReasons(_ search: Search) -> [RowRecord.NoCase?] {
        let truncated = search.analysis.reachability.truncated
        return machine.rows.indices.map { r in
            guard search.firings[r].isEmpty else { return nil }
            if shadowed.contains(r) { return .neverFires }
            if search.unmodelledRows.contains(r) { return .unmodelled }
            return truncated ? .pastLimit : .neverFires
        }
    }

    /// Searches every reachable situation (none when the initial state is not declared) and records what each row
    /// does there; changes nothing.
    func search(searchObserver: (@Sendable () -> Void)?) -> Search {
        let model = self.model
        let machine = self.machine
        // For each row, the situations it fires in, one per distinct value of the names its conditions test, in the
        // order the breadth-first search meets them (so the first is reached by a shortest path).
        // Indexed by row: an array, not a dictionary, since every firing looks its row up.
        var firings = [[Firing]](repeating: [], count: machine.rows.count)
        var gaps: [String] = []
        var gapCount = 0
        var domainErrors: Set<String> = []
        var unmodelledRows: Set<Int> = []
        var found: [Diagnostic] = []
        // The closure reads locals, not `self`: it runs for every situation, event and input combination.
        let forbidden = machine.otherwise == .forbidden
        let analysis = MachineAnalysis(model: model, observer: searchObserver,
                                       maximumOutcomes: budgets.outcomes) { cursor, configuration, e, inputs, outcome in
            switch outcome {
            case .unmatched:
                guard forbidden else { return nil }
                gapCount += 1
                if gaps.count < Self.maximumListedGaps {
                    let stateName = machine.states[configuration.state].name
                    gaps.append("in state \(stateName) with \(describe(configuration.values)) on \(TestAction.event(model.plans[e].event.name, inputs: inputs))")
                }
            case .leftDomain(let r, let a, let o, let overflow):
                let row = machine.rows[r], assignment = row.then[a]
                guard domainErrors.insert(row.identity.id).inserted,
                      let v = machine.variables.firstIndex(where: { $0.name == assignment.name }) else { return nil }
                let domain = machine.variables[v].domain
                // open-ended: past the top is where the model stops, not a mistake (the step stays unpredicted).
                if machine.variables[v].openEnded, overflow || o > (domain.bounds?.upperBound ?? .max) { domainErrors.remove(row.identity.id); return nil }
                let stateName = machine.states[configuration.state].name
                found.append(Diagnostic(.error, id: "check.domain",
                    "row \(row.identity.id) would set \(assignment.name) to \(overflow ? "a value far" : "\(domain.value(atOrdinal: o)),") outside \(domain), in state \(stateName) with \(describe(configuration.values))",
                    at: assignment.location, rows: [row.identity.id],
                    notes: ["widen the domain of \(assignment.name), or add a condition so the row cannot fire there"]))
            case .relaunched:
                return nil  // no row fires: the default relaunch is checked by the exploration, and by the paths through it
            case .unmodelled(let r):
                unmodelledRows.insert(r)  // it matches (so it is not dead) but predicts nothing: no case
            case .fired(let r, _):
                // The key and the step are built only while the row still takes variants.
                guard firings[r].count < Self.maximumVariantsPerRow else { return nil }
                let key = model.key(row: r, plan: e, in: configuration, inputs: inputs)
                guard !firings[r].contains(where: { $0.key == key }), let step = model.step(of: outcome, plan: e, inputs: inputs) else { return nil }
                firings[r].append((key, cursor, step))
                return step  // the search takes it for the arrival, if the move reaches a new situation
            }
            return nil
        }
        return Search(firings: firings, gaps: gaps, gapCount: gapCount, found: found, unmodelledRows: unmodelledRows,
                      analysis: analysis)
    }

    /// Adds the findings of a search: its domain errors, then, of the search as a whole, its limit, the gaps,
    /// unreachable states and rows that never fire (nor match unmodelled anywhere).
    private mutating func report(_ search: Search) {
        diagnostics += search.found
        let (reachability, gaps, gapCount) = (search.analysis.reachability, search.gaps, search.gapCount)
        let truncated = reachability.truncated
        if let budget = reachability.outcomeBudget {
            diagnostics.append(Diagnostic(.error, id: "check.search-too-large",
                "the search of the machine's situations would try more than \(budget) input combinations in all (each situation with every combination of every event); it stopped after \(reachability.configurations.count) situations",
                at: spec.location, hint: "narrow the domains of the variables or of the events' inputs, or give the events fewer inputs"))
        } else if truncated {
            diagnostics.append(Diagnostic(.warning, id: "check.limit",
                "the machine reaches more than \(Self.maximumConfigurations) situations (state and variable values); reachability was checked only that far",
                at: spec.location, notes: ["narrow the domains of the variables to let the analysis finish"]))
        }
        if gapCount > 0 {
            var notes = gaps
            if gapCount > gaps.count { notes.append("… and \(gapCount - gaps.count) more") }
            diagnostics.append(Diagnostic(.error, id: "check.gap",
                "the machine says 'otherwise: forbidden' but \(gapCount) reachable combination\(gapCount == 1 ? " has" : "s have") no row",
                at: spec.location, notes: notes + ["add rows for them, or write 'otherwise: ignore' if nothing should happen"]))
        }
        if !truncated {
            let reached = Set(reachability.configurations.map(\.state))
            let unreached = machine.states.indices.filter { !reached.contains($0) }.map { machine.states[$0] }
            // Rows read in place: a copy of each row would retain and release every field of it.
            let dead = machine.rows.indices.filter { search.firings[$0].isEmpty && !search.unmodelledRows.contains($0) && !shadowed.contains($0) }
            diagnostics += listedFirst(unreached, { state in
                Diagnostic(.warning, id: "check.unreachable-state",
                           "state \(state.name) cannot be reached from \(machine.initial) by any row", at: state.location,
                           notes: [rowsInto(state.name, dead: Set(dead))])
            }, rest: { count, first in
                Diagnostic(.warning, id: "check.unreachable-state",
                           "\(count) more states cannot be reached from \(machine.initial) by any row, the first of them \(first.name)",
                           at: first.location)
            })
            // With rows in conflict, the one the analysis lets win can keep another's situations from being reached.
            let conflicted = diagnostics.contains { $0.id == "check.conflict" }
                ? ["this machine has rows in conflict (check.conflict): fix those first; until then a row can look unreachable only because a conflicting row wins its situation"] : []
            diagnostics += listedFirst(dead, { r in
                let row = machine.rows[r]
                let why = deadRowReason(r, reachability: reachability).map { [$0] } ?? []
                return Diagnostic(.warning, id: "check.dead-row",
                    "row \(row.identity.id) never fires: no reachable situation matches it\(machine.hit == .unique ? "" : " before an earlier row")",
                    at: row.identity.location, rows: [row.identity.id], notes: why + row.identity.productNotes + conflicted)
            }, rest: { count, first in
                let row = machine.rows[first]
                return Diagnostic(.warning, id: "check.dead-row", "\(count) more rows never fire, the first of them \(row.identity.id)",
                                  at: row.identity.location, rows: [row.identity.id])
            })
        }
    }

    /// One test case per distinct situation a row fires in (by the values of the names it tests): the shortest path
    /// to it, then the row itself. The first keeps the row's id; the others are named `ROW[name=value,…]`. Each case's
    /// length is counted before it is built: the case that would take the steps of all past `budgets.caseSteps` is not
    /// built, and the cases stop there with `tooLong`, a `check.cases-too-long` error at that case's row.
    private func cases(firings: [[Firing]], reachability: MachineModel.Reachability) -> (cases: [TestCase], tooLong: Diagnostic?) {
        let product = spec.effectiveProduct.namedValues
        // One list, allocated at its length: a case is large, and a list grown case by case copies them.
        var cases: [TestCase] = []
        cases.reserveCapacity(firings.reduce(0) { $0 + $1.count })
        var steps = 0
        for r in machine.rows.indices {
            for (n, firing) in firings[r].enumerated() {
                steps += reachability.depth(of: firing.configuration) + 1
                if steps > budgets.caseSteps { return (cases, casesTooLong(row: r)) }
                let path = reachability.path(to: firing.configuration, then: firing.step)
                let identity = machine.rows[r].identity
                cases.append(TestCase(id: n == 0 ? identity.id : variantID(row: r, key: firing.key, first: firings[r][0].key),
                                      spec: spec.id, row: identity.id, fixture: spec.fixture, product: product, steps: path,
                                      target: path.count - 1, file: spec.file, line: identity.location.line, column: identity.location.column))
            }
        }
        return (cases, nil)
    }

    /// The error of a machine whose cases would take more than `budgets.caseSteps` steps in all, at the row whose case
    /// passes it.
    private func casesTooLong(row r: Int) -> Diagnostic {
        let row = machine.rows[r]
        let share = budgets.sharedBy.map { ", its share of the \($0.total) that the \($0.machines) machines compiled together may take" } ?? ""
        return Diagnostic(.error, id: "check.cases-too-long",
            "the test cases of this machine take more than \(budgets.caseSteps) steps in all\(share) (each is a shortest path to its row); row \(row.identity.id)'s case passes that, and the cases stop there",
            at: row.identity.location, rows: [row.identity.id],
            hint: "narrow the domains of the variables, or make the situations the rows need reachable in fewer steps"
                + (budgets.sharedBy == nil ? "" : "; or compile fewer machines together"))
    }

    /// A variant's id: the row's, then the values that differ from the row's first case, `ROW[phase=inactive]`.
    private func variantID(row r: Int, key: [Value], first: [Value]) -> String {
        let when = machine.rows[r].when
        let differing = when.indices.filter { key[$0] != first[$0] }
        return machine.rows[r].identity.id + "[" + differing.map { "\(when[$0].name)=\(key[$0])" }.joined(separator: ",") + "]"
    }

    private func describe(_ values: [Value]) -> String {
        values.isEmpty ? "no variables" : zip(machine.variables, values).map { "\($0.name)=\($1)" }.joined(separator: ", ")
    }

    /// The state graph for diagrams: one edge per row, source state and event.
    func graph() -> MachineGraph {
        let stateNames = machine.states.map(\.name)
        var edges: [MachineGraph.Edge] = []
        edges.reserveCapacity(machine.rows.count)
        for row in machine.rows {
            let guardText = row.when.map { c in
                let domain = machine.variable(c.name)?.domain ?? machine.events.lazy.compactMap { $0.input(c.name)?.domain }.first
                return "\(c.name)=\(domain?.describe(c.set) ?? "?")"
            }.joined(separator: ", ")
            for from in row.from.isEmpty ? stateNames : row.from {
                for event in row.on {
                    edges.append(MachineGraph.Edge(row: row.identity.id, from: from, to: row.to ?? from, event: event, guardText: guardText))
                }
            }
        }
        return MachineGraph(states: stateNames, initial: machine.initial, edges: edges)
    }
}
