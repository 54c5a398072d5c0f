/// Checks every value a spec writes in its rows, steps, `with:` and `expect:` (effects' arguments included) against
/// what its fixture can translate or report, so an unknown value is a lint error at the value itself, never a fixture
/// error or a divergence at run time.
func checkFixtureValues(_ spec: Spec, _ vocabulary: FixtureVocabulary) -> [Diagnostic] {
    var check = ValueCheck(spec: spec, vocabulary: vocabulary)
    switch spec.body {
    case .machine(let m):
        for row in m.rows { check.machineRow(row, of: m) }
    case .scenarios(let s):
        for scenario in s.scenarios { check.steps(scenario.steps, row: scenario.identity.id) }
    case .decision(let d):
        for row in d.rows { check.observations(row.then, row: row.identity.id) }
    case .matrix(let m):
        for row in m.rows { check.observations(row.then, row: row.identity.id, expected: true) }
    }
    return listedFirst(check.out, { $0 }, rest: { count, first in
        Diagnostic(.error, id: "fixture.unknown-value",
                   "\(count) more values in this spec, the first of them here, are ones fixture '\(spec.fixture)' cannot translate or report",
                   at: first.location, rows: first.rows)
    })
}

/// The values of one spec checked against its fixture, the findings gathered in `out` in the order found.
private struct ValueCheck {
    let spec: Spec
    let vocabulary: FixtureVocabulary
    var out: [Diagnostic] = []

    /// `fixture.unknown-value` for a value the fixture's `type` does not take: the row `gives` it to a name (an input,
    /// a new value, an output), or, `expected`, a scenario or matrix row expects a name to be it.
    mutating func value(_ value: Value, _ type: FixtureType?, _ what: String, at location: SourceLocation, row: String, expected: Bool = false) {
        guard let type, let p = type.problem(with: value) else { return }
        let says = expected ? "expects \(what) to be '\(value)'" : "gives \(what) the value '\(value)'"
        out.append(Diagnostic(.error, id: "fixture.unknown-value",
            "\(spec.kind.rowNoun) \(row) \(says), which fixture '\(spec.fixture)' cannot translate: \(p.message)",
            at: location, rows: [row], notes: ["the fixture takes: \(type)"], hint: p.hint))
    }

    mutating func observations(_ bindings: [Binding], row: String, expected: Bool = false) {
        for b in bindings { value(b.value, vocabulary.observations[b.name], "'\(b.name)'", at: b.location, row: row, expected: expected) }
    }

    /// Effects whose arguments the fixture can never report (`*` is checked for its place only, and so is a `${name}`
    /// unless `given` fills it: a scenario step's inputs, as the compiler fills them; or `domains`, one value a machine
    /// row fires with for each of its variables and inputs, whose kind every other value shares).
    mutating func effects(_ calls: [EffectCall]?, row: String, given: [Binding] = [], domains: [String: Value] = [:]) {
        for call in calls ?? [] {
            guard let signature = vocabulary.effectSignatures[call.name] else { continue }
            let filled = call.resolved { name in given.first { $0.name == name }?.value ?? domains[name] }.arguments
            let arguments = zip(call.arguments, filled).map { argument, filled -> (label: String?, value: Value?) in
                switch (argument.term, filled.match) {
                case (.value(let v), _): return (argument.label, v)
                case (.template, .value(let v)) where !v.description.containsText("${"): return (argument.label, v)
                default: return (argument.label, nil)
                }
            }
            guard let p = signature.problem(with: arguments) else { continue }
            out.append(Diagnostic(.error, id: "fixture.unknown-value",
                "\(spec.kind.rowNoun) \(row) expects effect '\(call.text)', which fixture '\(spec.fixture)' cannot report: \(p.message)",
                at: call.location, rows: [row], notes: ["the fixture reports: \(signature.written(call.name))"], hint: p.hint))
        }
    }

    mutating func condition(_ condition: Condition, _ domain: Domain?, _ type: FixtureType?, row: String) {
        guard let domain, let whole = domain.ordinalRange, !domain.isOrdered, condition.set != ValueSet([whole]) else { return }
        for o in whole where condition.set.contains(o) {
            value(domain.value(atOrdinal: o), type, "'\(condition.name)'", at: condition.location, row: row)
        }
    }

    mutating func machineRow(_ row: MachineRow, of m: Machine) {
        let id = row.identity.id
        for c in row.when {
            if let v = m.variable(c.name) {
                condition(c, v.domain, vocabulary.observations[c.name], row: id)
            } else if let e = row.on.lazy.compactMap({ m.event($0) }).first(where: { $0.input(c.name) != nil }) {
                condition(c, e.input(c.name)?.domain, vocabulary.events[e.name]?[c.name], row: id)
            }
        }
        for a in row.then {
            if case .set(let v) = a.change { value(v, vocabulary.observations[a.name], "'\(a.name)'", at: a.location, row: id) }
        }
        if let to = row.to { value(.symbol(to), vocabulary.observations["state"], "the state", at: row.toLocation, row: id) }
        effects(row.effects, row: id, domains: Self.firedValues(row, of: m))
    }

    /// For each variable of the machine and input of the row's event, one value the row fires with: the least its
    /// conditions on the name accept. A template takes it; every other value of the name shares its kind.
    static func firedValues(_ row: MachineRow, of m: Machine) -> [String: Value] {
        var domains = m.variables.firstByKey { ($0.name, $0.domain) }
        for input in row.on.compactMap({ m.event($0) }).first?.inputs ?? [] where domains[input.name] == nil { domains[input.name] = input.domain }
        var values: [String: Value] = [:]
        for (name, domain) in domains {
            guard let whole = domain.ordinalRange else { continue }
            // The least accepted ordinal is the domain's first or the start of a range of some condition on the name.
            let conditions = row.when.filter { $0.name == name }
            let starts = [whole.lowerBound] + conditions.flatMap { $0.set.ranges.map(\.lowerBound) }
            values[name] = starts.filter { o in whole.contains(o) && conditions.allSatisfy { $0.set.contains(o) } }.min().map(domain.value(atOrdinal:))
        }
        return values
    }

    /// A step's input outside the range another of its inputs gives it (`FixtureVocabulary.inputBounds`).
    mutating func bounded(_ event: String, _ inputs: [Binding], row: String) {
        for bound in vocabulary.inputBounds[event] ?? [] {
            guard let by = inputs.first(where: { $0.name == bound.by }), let range = bound.ranges[by.value.description],
                  let b = inputs.first(where: { $0.name == bound.input }), case .int(let n) = b.value, !range.contains(n) else { continue }
            out.append(Diagnostic(.error, id: "fixture.unknown-value",
                "\(spec.kind.rowNoun) \(row) gives '\(event).\(bound.input)' the value \(n), which fixture '\(spec.fixture)' cannot write with \(bound.by): \(by.value): it takes \(range.lowerBound)..\(range.upperBound) there (\(bound.reason))",
                at: b.location, rows: [row], hint: "give a value from \(range.lowerBound) to \(range.upperBound)"))
        }
    }

    mutating func steps(_ steps: [ScenarioStep], row id: String) {
        for step in steps {
            switch step.action {
            case .event(let name, let inputs):
                for b in inputs { value(b.value, vocabulary.events[name]?[b.name], "'\(name).\(b.name)'", at: b.location, row: id) }
                bounded(name, inputs, row: id)
            case .block(let inner): self.steps(inner, row: id)
            default: break
            }
            observations(step.expect + step.expectEach, row: id, expected: true)
            let given: [Binding] = if case .event(_, let inputs) = step.action { inputs } else { [] }
            effects(step.expectEffects, row: id, given: given)
            effects(step.expectEachEffects, row: id, given: given)
        }
    }
}
