/// Checks that every domain a spec declares for a name its fixture knows (event inputs, `state` and variables,
/// observations, decision inputs and outputs) fits inside the values the fixture can translate. Unknown names are
/// `checkFixtureVocabulary`'s to report.
func checkFixtureDomains(_ spec: Spec, _ vocabulary: FixtureVocabulary) -> [Diagnostic] {
    var out: [Diagnostic] = []
    func misfit(_ subject: String, _ declaration: Declaration, _ type: FixtureType?) {
        if let d = domainMismatch(subject, declaration, type, fixture: spec.fixture) { out.append(d) }
    }
    func events(_ declared: [EventDeclaration]) {
        for event in declared {
            for input in event.inputs {
                misfit("input '\(input.name)' of event '\(event.name)'", input, vocabulary.events[event.name]?[input.name])
            }
        }
    }
    func observations(_ declared: [Declaration]) {
        for o in declared { misfit("observation '\(o.name)'", o, vocabulary.observations[o.name]) }
    }
    switch spec.body {
    case .machine(let m):
        events(m.events)
        observations([Declaration(name: "state", domain: .enumeration(m.states.map(\.name)), initial: .symbol(m.initial),
                                  location: m.states.first?.location ?? spec.location)] + m.variables)
    case .scenarios(let s):
        events(s.events)
        observations(s.observe)
    case .decision(let d):
        for input in d.inputs {
            misfit("input '\(input.name)' of table '\(d.table.name)'", input, vocabulary.decisions[d.table.name]?[input.name])
        }
        observations(d.outputs)
    case .matrix(let m):
        for axis in m.inputs { misfit("axis '\(axis.name)' of matrix '\(m.table.name)'", axis, vocabulary.matrices[m.table.name]?[axis.name]) }
        observations(m.outputs)
    }
    return out
}

/// The finding for a declared domain that does not fit the fixture's type (`subject`: "input 'x' of event 'y'"), or
/// nil when it fits. The spec reader gives it for an event's inputs as it reads them, so the rows that use a value of
/// the declaration follow from it; `checkFixtureDomains` gives it for the rest.
func domainMismatch(_ subject: String, _ declaration: Declaration, _ type: FixtureType?, fixture: String) -> Diagnostic? {
    guard let type, let p = type.problem(fitting: declaration.domain) else { return nil }
    return Diagnostic(.error, id: "fixture.domain-mismatch",
        "\(subject) is declared as \(declaration.domain.brief), but fixture '\(fixture)' cannot translate it: \(p.message)",
        at: declaration.location, notes: ["the fixture's \(declaration.name): \(type)"], hint: p.hint)
}
