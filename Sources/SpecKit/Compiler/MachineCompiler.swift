import Foundation

/// Checks a machine and turns every row into a test case: the static region checks per (state, event), then a
/// breadth-first exploration of the reachable situations, which finds gaps, unreachable states, rows that never fire,
/// steps that leave a domain, and a shortest path to every row.
struct MachineCompiler {
    /// The most situations (state and variable values) explored before the analysis stops with a warning.
    static let maximumConfigurations = 200_000
    /// The most input combinations tried per event.
    static let maximumInputCombinations = 4096
    /// The most test cases one row gets (one per distinct value of the names it tests).
    static let maximumVariantsPerRow = 16
    /// The most gaps listed per machine; the rest are counted.
    static let maximumListedGaps = 20

    let spec: Spec
    let machine: Machine
    private(set) var diagnostics: [Diagnostic] = []
    /// Rows `checkRegions` already reported as shadowed, so the exploration does not report them again.
    private var shadowed: Set<Int> = []

    init(spec: Spec, machine: Machine) {
        self.spec = spec
        self.machine = machine
    }

    private var stateIndex: [String: Int] { Dictionary(machine.states.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first }) }

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
        var everWins = Set<Int>()
        var analysed = Set<Int>()
        var groups: [String: [Int]] = [:]  // rows indexed by (from, on) to skip empty groups cheaply
        for (r, row) in machine.rows.enumerated() {
            for state in row.from.isEmpty ? machine.states.map(\.name) : row.from {
                for event in row.on { groups["\(state)\u{0}\(event)", default: []].append(r) }
            }
        }
        for key in groups.keys.sorted() {
            let parts = key.split(separator: "\u{0}", omittingEmptySubsequences: false).map(String.init)
            let (state, event) = (parts[0], parts[1])
            guard let group = groups[key], let eventDecl = machine.event(event) else { continue }
            var names: [String] = []
            for r in group { for c in machine.rows[r].when where !names.contains(c.name) { names.append(c.name) } }
            let dimensions: [RegionAnalysis.Dimension] = names.compactMap { name in
                guard let domain = machine.variable(name)?.domain ?? eventDecl.input(name)?.domain, let whole = domain.ordinalRange else { return nil }
                return RegionAnalysis.Dimension(name: name, domain: domain, whole: whole)
            }
            let rows = group.map { r in dimensions.map { d in machine.rows[r].when.first { $0.name == d.name }?.set } }
            let analysis = RegionAnalysis(dimensions: dimensions, rows: rows)
            guard analysis.atomCount != nil else {
                diagnostics.append(Diagnostic(.warning, id: "check.limit",
                    "in state \(state) on '\(event)' the rows split the inputs into more than \(RegionAnalysis.maximumAtoms) combinations; conflicts were not checked there",
                    at: machine.rows[group[0]].identity.location, rows: group.map { machine.rows[$0].identity.id }))
                continue
            }
            group.forEach { analysed.insert($0) }
            analysis.forEachAtom { atom, matches in
                guard let first = matches.first else { return }
                everWins.insert(group[first])
                guard matches.count > 1 else { return }
                for other in matches.dropFirst() {
                    let (a, b) = (group[first], group[other])
                    guard reportedPairs.insert([a, b]).inserted else { continue }
                    let rowA = machine.rows[a], rowB = machine.rows[b]
                    let situation = "in state \(state) on '\(event)'" + (dimensions.isEmpty ? "" : " with \(analysis.describe(atom))")
                    if machine.hit == .first {
                        continue  // the first row wins; fully shadowed rows are reported below
                    } else if sameOutcome(rowA, rowB) {
                        diagnostics.append(Diagnostic(.warning, id: "check.redundant",
                            "rows \(rowA.identity.id) and \(rowB.identity.id) both match \(situation) and do the same thing; one of them is redundant",
                            at: rowB.identity.location, rows: [rowA.identity.id, rowB.identity.id],
                            notes: ["\(rowA.identity.id) is at \(rowA.identity.location)"]))
                    } else {
                        diagnostics.append(Diagnostic(.error, id: "check.conflict",
                            "rows \(rowA.identity.id) and \(rowB.identity.id) conflict: both match \(situation) but do different things",
                            at: rowB.identity.location, rows: [rowA.identity.id, rowB.identity.id],
                            notes: ["\(rowA.identity.id) is at \(rowA.identity.location)",
                                    "make their conditions exclusive, or set 'hit: first' if the first row should win"]))
                    }
                }
            }
        }
        if machine.hit == .first {
            for r in analysed.subtracting(everWins).sorted() {
                shadowed.insert(r)
                let row = machine.rows[r]
                diagnostics.append(Diagnostic(.warning, id: "check.dead-row",
                    "row \(row.identity.id) never fires: earlier rows match every situation it matches (hit: first)",
                    at: row.identity.location, rows: [row.identity.id]))
            }
        }
    }

    // MARK: Exploration

    /// How one event is tried: the input combinations (one representative value per atom of each input).
    private struct EventPlan {
        var event: EventDeclaration
        var combinations: [[NamedValue]]
    }

    private func eventPlans() -> [EventPlan] {
        machine.events.map { event in
            var perInput: [[Value]] = []
            for input in event.inputs {
                guard let whole = input.domain.ordinalRange else { perInput.append([input.initial]); continue }
                // Every member of a boolean or an enumeration is tried: a row listing [failure, cancel] is checked with both.
                if !input.domain.isOrdered {
                    perInput.append(whole.map { input.domain.value(atOrdinal: $0) })
                    continue
                }
                let sets = machine.rows.filter { $0.on.contains(event.name) }.compactMap { $0.when.first(where: { $0.name == input.name })?.set }
                let atoms = RegionAnalysis.atoms(of: whole, cutBy: sets)
                if atoms.count == 1 { perInput.append([input.initial]); continue }
                perInput.append(atoms.map { atom in
                    let (lo, hi) = (atom.lowerBound, atom.upperBound)
                    // The edge of the condition: the value just past a cut, or the last before the next one.
                    return input.domain.value(atOrdinal: lo > whole.lowerBound ? lo : hi)
                })
            }
            var combinations: [[NamedValue]] = [[]]
            for (i, values) in perInput.enumerated() {
                combinations = combinations.flatMap { prefix in values.map { prefix + [NamedValue(event.inputs[i].name, $0)] } }
                if combinations.count > Self.maximumInputCombinations {
                    combinations = Array(combinations.prefix(Self.maximumInputCombinations))
                }
            }
            return EventPlan(event: event, combinations: combinations)
        }
    }

    /// A situation: the state's index and each variable's value.
    private struct Configuration: Hashable {
        var state: Int
        var values: [Value]
    }

    private struct Arrival {
        var parent: Int
        var step: TestStep
    }

    mutating func explore() -> [TestCase] {
        let variables = machine.variables
        let index = stateIndex
        guard let initialState = index[machine.initial] else { return [] }
        let plans = eventPlans()
        // Rows by state and event, in file order, built in one pass over the rows (not a scan per state and event).
        let eventIndex = Dictionary(plans.enumerated().map { ($1.event.name, $0) }, uniquingKeysWith: { first, _ in first })
        var rowsByStateEvent = [[[Int]]](repeating: [[Int]](repeating: [], count: plans.count), count: machine.states.count)
        for (r, row) in machine.rows.enumerated() {
            let states = row.from.isEmpty ? Array(machine.states.indices) : row.from.compactMap { index[$0] }
            for s in states {
                for event in row.on { if let e = eventIndex[event] { rowsByStateEvent[s][e].append(r) } }
            }
        }
        // Each row's conditions and assignments resolved once: a variable's index, or an input's name, and the domain.
        let variableIndex = Dictionary(variables.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        struct Test { var variable: Int?, name: String, set: ValueSet }
        let tests: [[Test]] = machine.rows.map { row in
            row.when.map { Test(variable: variableIndex[$0.name], name: $0.name, set: $0.set) }
        }
        let targets: [[Int?]] = machine.rows.map { row in row.then.map { variableIndex[$0.name] } }
        var configurations = [Configuration(state: initialState, values: variables.map(\.initial))]
        var seen: [Configuration: Int] = [configurations[0]: 0]
        var arrivals: [Arrival?] = [nil]
        // For each row, the situations it fires in, one per distinct value of the names its conditions test, in the
        // order the breadth-first search meets them (so the first is reached by a shortest path).
        var firings: [Int: [(key: [Value], configuration: Int, step: TestStep)]] = [:]
        var gaps: [String] = []
        var gapCount = 0
        var domainErrors: Set<String> = []
        var cursor = 0
        var truncated = false
        while cursor < configurations.count {
            let configuration = configurations[cursor]
            let stateName = machine.states[configuration.state].name
            for (e, plan) in plans.enumerated() {
                for inputs in plan.combinations {
                    let candidates = rowsByStateEvent[configuration.state][e]
                    let match = candidates.first { r in
                        tests[r].allSatisfy { test in
                            let value: Value
                            let domain: Domain
                            if let v = test.variable {
                                value = configuration.values[v]
                                domain = variables[v].domain
                            } else if let i = plan.event.inputs.firstIndex(where: { $0.name == test.name }),
                                      let input = inputs.first(where: { $0.name == test.name }) {
                                value = input.value
                                domain = plan.event.inputs[i].domain
                            } else { return false }
                            guard let o = domain.ordinal(of: value) else { return false }
                            return test.set.contains(o)
                        }
                    }
                    guard let r = match else {
                        if machine.otherwise == .forbidden {
                            gapCount += 1
                            if gaps.count < Self.maximumListedGaps {
                                gaps.append("in state \(stateName) with \(describe(configuration.values)) on \(TestAction.event(plan.event.name, inputs: inputs))")
                            }
                        }
                        continue
                    }
                    let row = machine.rows[r]
                    var next = configuration
                    var leftDomain = false
                    for (a, assignment) in row.then.enumerated() {
                        guard let v = targets[r][a] else { continue }
                        switch assignment.change {
                        case .set(let value): next.values[v] = value
                        case .add(let amount):
                            let domain = variables[v].domain
                            // The reader keeps amounts within the domain's span; the overflow check keeps that a
                            // fact checked here rather than a promise.
                            let (o, overflow) = (domain.ordinal(of: next.values[v]) ?? 0).addingReportingOverflow(amount)
                            if !overflow, domain.bounds?.contains(o) ?? false {
                                next.values[v] = domain.value(atOrdinal: o)
                            } else {
                                leftDomain = true
                                if domainErrors.insert(row.identity.id).inserted {
                                    diagnostics.append(Diagnostic(.error, id: "check.domain",
                                        "row \(row.identity.id) would set \(assignment.name) to \(overflow ? "a value far" : "\(domain.value(atOrdinal: o)),") outside \(domain), in state \(stateName) with \(describe(configuration.values))",
                                        at: assignment.location, rows: [row.identity.id],
                                        notes: ["widen the domain of \(assignment.name), or add a condition so the row cannot fire there"]))
                                }
                            }
                        }
                    }
                    if leftDomain { continue }
                    if let to = row.to, let t = index[to] { next.state = t }
                    let step = TestStep(
                        action: .event(plan.event.name, inputs: inputs),
                        expect: [NamedValue("state", .symbol(machine.states[next.state].name))]
                            + zip(variables, next.values).map { NamedValue($0.name, $1) },
                        effects: row.effects.map { call in
                            call.resolved { name in
                                inputs.first { $0.name == name }?.value ?? variables.firstIndex { $0.name == name }.map { next.values[$0] }
                            }
                        },
                        row: row.identity.id, line: row.identity.location.line, column: row.identity.location.column)
                    let key: [Value] = tests[r].map { test in
                        if let v = test.variable { return configuration.values[v] }
                        return inputs.first { $0.name == test.name }?.value ?? .text("")
                    }
                    if firings[r, default: []].count < Self.maximumVariantsPerRow, !(firings[r]?.contains { $0.key == key } ?? false) {
                        firings[r, default: []].append((key, cursor, step))
                    }
                    if seen[next] == nil {
                        if configurations.count >= Self.maximumConfigurations {
                            truncated = true
                            continue
                        }
                        seen[next] = configurations.count
                        configurations.append(next)
                        arrivals.append(Arrival(parent: cursor, step: step))
                    }
                }
            }
            cursor += 1
        }
        rowsByStateEvent = []

        if truncated {
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
            let reached = Set(configurations.map(\.state))
            for (s, state) in machine.states.enumerated() where !reached.contains(s) {
                diagnostics.append(Diagnostic(.warning, id: "check.unreachable-state",
                    "state \(state.name) cannot be reached from \(machine.initial) by any row", at: state.location))
            }
            for (r, row) in machine.rows.enumerated() where firings[r] == nil && !shadowed.contains(r) {
                diagnostics.append(Diagnostic(.warning, id: "check.dead-row",
                    "row \(row.identity.id) never fires: no reachable situation matches it\(machine.hit == .unique ? "" : " before an earlier row")",
                    at: row.identity.location, rows: [row.identity.id]))
            }
        }

        // One test case per distinct situation a row fires in (by the values of the names it tests): the shortest path
        // to it, then the row itself. The first keeps the row's id; the others are named `ROW[name=value,…]`.
        var cases: [TestCase] = []
        for (r, row) in machine.rows.enumerated() {
            for (n, firing) in (firings[r] ?? []).enumerated() {
                var path: [TestStep] = []
                var c = firing.configuration
                while let arrival = arrivals[c] {
                    path.append(arrival.step)
                    c = arrival.parent
                }
                path.reverse()
                // Name a variant by the values that differ from the row's first case: `ROW[phase=inactive]`.
                let first = firings[r]?.first?.key ?? firing.key
                let differing = row.when.indices.filter { firing.key[$0] != first[$0] }
                let id = n == 0 ? row.identity.id
                    : row.identity.id + "[" + differing.map { "\(row.when[$0].name)=\(firing.key[$0])" }.joined(separator: ",") + "]"
                cases.append(TestCase(id: id, spec: spec.id, row: row.identity.id, fixture: spec.fixture,
                                      product: spec.effectiveProduct.map { NamedValue($0.name, $0.value) }, steps: path + [firing.step],
                                      target: path.count, file: spec.file, line: row.identity.location.line, column: row.identity.location.column))
            }
        }
        return cases
    }

    private func describe(_ values: [Value]) -> String {
        values.isEmpty ? "no variables" : zip(machine.variables, values).map { "\($0.name)=\($1)" }.joined(separator: ", ")
    }

    /// The state graph for diagrams: one edge per row, source state and event.
    func graph() -> MachineGraph {
        var edges: [MachineGraph.Edge] = []
        for row in machine.rows {
            let guardText = row.when.map { c in
                let domain = machine.variable(c.name)?.domain ?? machine.events.lazy.compactMap { $0.input(c.name)?.domain }.first
                return "\(c.name)=\(domain?.describe(c.set) ?? "?")"
            }.joined(separator: ", ")
            for from in row.from.isEmpty ? machine.states.map(\.name) : row.from {
                for event in row.on {
                    edges.append(MachineGraph.Edge(row: row.identity.id, from: from, to: row.to ?? from, event: event, guardText: guardText))
                }
            }
        }
        return MachineGraph(states: machine.states.map(\.name), initial: machine.initial, edges: edges)
    }
}

/// Replaces `${name}` in an effect or output with the value of a variable (after the step) or an input.
func substitute<S: Sequence>(_ text: String, variables: S, inputs: [NamedValue]) -> String where S.Element == (String, Value) {
    guard text.contains("${") else { return text }
    var values: [String: Value] = [:]
    for (name, value) in variables { values[name] = value }
    for input in inputs { values[input.name] = input.value }
    var result = ""
    var rest = Substring(text)
    while let open = rest.range(of: "${") {
        result += rest[..<open.lowerBound]
        guard let close = rest[open.upperBound...].firstIndex(of: "}") else { break }
        let name = String(rest[open.upperBound..<close])
        result += values[name].map(\.description) ?? "${\(name)}"
        rest = rest[rest.index(after: close)...]
    }
    return result + rest
}
