/// Checks every value a spec writes in its rows, steps, `with:` and `expect:` against what its fixture can translate,
/// so an unknown value is a lint error at the value itself, never a fixture error at run time.
func checkFixtureValues(_ spec: Spec, _ vocabulary: FixtureVocabulary) -> [Diagnostic] {
    var out: [Diagnostic] = []
    func check(_ value: Value, _ type: FixtureType?, _ what: String, at location: SourceLocation, row: String) {
        guard let type, let p = type.problem(with: value) else { return }
        out.append(Diagnostic(.error, id: "fixture.unknown-value",
            "row \(row) gives \(what) '\(value)', which fixture '\(spec.fixture)' cannot translate: \(p.message)",
            at: location, rows: [row], notes: ["the fixture takes: \(type)"], hint: p.hint))
    }
    func checkCondition(_ condition: Condition, _ domain: Domain?, _ type: FixtureType?, row: String) {
        guard let domain, let whole = domain.ordinalRange, !domain.isOrdered, condition.set != ValueSet([whole]) else { return }
        for o in whole where condition.set.contains(o) {
            check(domain.value(atOrdinal: o), type, "'\(condition.name)' the value", at: condition.location, row: row)
        }
    }
    switch spec.body {
    case .machine(let m):
        for row in m.rows {
            let id = row.identity.id
            for c in row.when {
                if let v = m.variable(c.name) {
                    checkCondition(c, v.domain, vocabulary.observations[c.name], row: id)
                } else if let e = row.on.lazy.compactMap({ m.event($0) }).first(where: { $0.input(c.name) != nil }) {
                    checkCondition(c, e.input(c.name)?.domain, vocabulary.events[e.name]?[c.name], row: id)
                }
            }
            for a in row.then {
                if case .set(let v) = a.change { check(v, vocabulary.observations[a.name], "'\(a.name)' the value", at: a.location, row: id) }
            }
            if let to = row.to { check(.symbol(to), vocabulary.observations["state"], "the state", at: row.toLocation, row: id) }
        }
    case .scenarios(let s):
        func walk(_ steps: [ScenarioStep], _ id: String) {
            for step in steps {
                switch step.action {
                case .event(let name, let inputs):
                    for b in inputs { check(b.value, vocabulary.events[name]?[b.name], "'\(name).\(b.name)' the value", at: b.location, row: id) }
                case .block(let inner): walk(inner, id)
                default: break
                }
                for b in step.expect { check(b.value, vocabulary.observations[b.name], "'\(b.name)' the value", at: b.location, row: id) }
            }
        }
        for scenario in s.scenarios { walk(scenario.steps, scenario.identity.id) }
    case .decision(let d):
        for row in d.rows {
            for b in row.then { check(b.value, vocabulary.observations[b.name], "'\(b.name)' the value", at: b.location, row: row.identity.id) }
        }
    case .matrix(let m):
        for row in m.rows {
            for b in row.expect { check(b.value, vocabulary.observations[b.name], "'\(b.name)' the value", at: b.location, row: row.identity.id) }
        }
    }
    return out
}
