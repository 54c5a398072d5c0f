/// Checks every name a spec uses against its fixture's vocabulary.
func checkFixtureVocabulary(_ spec: Spec, catalog: any FixtureCatalog) -> [Diagnostic] {
    // A spec naming a fixture the catalog lacks is not read (`SpecReader.knownFixtures`); this is for a catalog whose
    // names and vocabularies disagree.
    guard let vocabulary = catalog.vocabulary(of: spec.fixture) else {
        return [unknownFixture(spec.fixture, in: "the spec", at: spec.fixtureLocation ?? spec.location, known: catalog.fixtureNames)]
    }
    var check = VocabularyCheck(spec: spec, vocabulary: vocabulary)
    check.checkProduct(spec.product)
    check.checkBody()
    return check.out + checkFixtureDomains(spec, vocabulary) + checkFixtureValues(spec, vocabulary)
}

/// The names of one spec checked against its fixture's vocabulary, the findings gathered in `out` in the order found.
private struct VocabularyCheck {
    let spec: Spec
    let vocabulary: FixtureVocabulary
    var out: [Diagnostic] = []

    mutating func unknown(_ what: String, _ name: String, _ known: some Collection<String>, at location: SourceLocation) {
        out.append(unknownName(spec.fixture, what, name, known, at: location))
    }

    mutating func checkProduct(_ bindings: [Binding]) {
        for b in bindings where vocabulary.product[b.name] == nil {
            out.append(unknownProduct(b.name, spec.fixture, vocabulary, at: b.nameLocation ?? b.location))
        }
        out += unsupportedProductValues(bindings, spec.fixture, vocabulary)
    }

    mutating func checkEvent(_ event: EventDeclaration) {
        guard let inputs = vocabulary.events[event.name] else {
            unknown("event", event.name, vocabulary.events.keys, at: event.location)
            return
        }
        for input in event.inputs where inputs[input.name] == nil {
            out.append(Diagnostic(.error, id: "fixture.unknown-name",
                "in fixture '\(spec.fixture)', event '\(event.name)' takes no input '\(input.name)', so no row using it could run",
                at: input.location,
                notes: [inputs.isEmpty ? "the fixture's '\(event.name)' takes no inputs" : "its inputs: \(inputs.keys.sorted().joined(separator: ", "))"],
                hint: Suggest.didYouMean(input.name, in: inputs.keys)))
        }
    }

    /// An observation a spec declares: one the fixture has, and, outside tables, none of its tables' outputs; in a
    /// spec of `table`, none that only the fixture's other tables set.
    mutating func checkObservation(_ name: String, at location: SourceLocation, outsideTables: Bool = false, table: String? = nil) {
        if vocabulary.observations[name] == nil { return unknown("observation", name, vocabulary.observations.keys, at: location) }
        if let table { return checkOutput(name, of: table, at: location) }
        guard outsideTables, vocabulary.tableOutputs.contains(name) else { return }
        out.append(Diagnostic(.error, id: "fixture.table-output",
            "'\(name)' is an output of the tables of fixture '\(spec.fixture)': it exists only right after a decision table's row or a matrix cell runs, so a \(spec.kind.rawValue) spec cannot observe it",
            at: location, notes: ["the outputs of its tables: \(vocabulary.tableOutputs.sorted().joined(separator: ", "))"],
            hint: "check it in a decision or matrix spec, or observe a name the fixture keeps (lockspec lint --fixtures)"))
    }

    /// `fixture.table-output` for an output that other tables of the fixture set and `table` does not: it never
    /// stands right after a row of `table`.
    mutating func checkOutput(_ name: String, of table: String, at location: SourceLocation) {
        let setters = vocabulary.outputsOfTables.filter { $0.value.contains(name) }.keys.sorted()
        guard !setters.isEmpty, !setters.contains(table) else { return }
        let own = (vocabulary.outputsOfTables[table] ?? []).sorted()
        let kind = spec.kind == .matrix ? "matrix" : "decision"
        out.append(Diagnostic(.error, id: "fixture.table-output",
            "'\(name)' is an output of \(setters.map { "'\($0)'" }.joined(separator: " and ")), not of '\(table)': fixture '\(spec.fixture)' sets it only right after a row of \(setters.count == 1 ? "that table" : "those tables"), so this \(kind) spec cannot observe it",
            at: location, notes: ["the outputs of '\(table)': \(own.isEmpty ? "(none; it is observed through the names the fixture keeps)" : own.joined(separator: ", "))"],
            hint: Suggest.didYouMean(name, in: own) ?? "observe an output of '\(table)' or a name the fixture keeps (lockspec lint --fixtures)"))
    }

    mutating func checkEffects(_ named: [Named]) {
        for e in named where !vocabulary.effects.contains(e.name) { unknown("effect", e.name, vocabulary.effects, at: e.location) }
    }

    /// The names the spec's body declares or uses: events, observations, effects, and the tables it runs.
    mutating func checkBody() {
        switch spec.body {
        case .machine(let m):
            m.events.forEach { checkEvent($0) }
            checkObservation("state", at: m.states.first?.location ?? spec.location)
            for v in m.variables { checkObservation(v.name, at: v.location, outsideTables: true) }
            checkEffects(m.effects)
            out += checkFixtureRelaunch(spec, m, vocabulary)
        case .scenarios(let s):
            s.events.forEach { checkEvent($0) }
            for o in s.observe { checkObservation(o.name, at: o.location, outsideTables: true) }
            checkEffects(s.effects)
            for scenario in s.scenarios { checkProduct(scenario.given) }
            out += checkFixtureRelaunch(spec, s, vocabulary)
            out += checkFixtureClock(spec, s, vocabulary)
        case .decision(let d):
            guard let inputs = vocabulary.decisions[d.table.name] else {
                return out.append(unknownTable(spec, d.table, kind: "decision-table function", known: vocabulary.decisions.keys))
            }
            for i in d.inputs where inputs[i.name] == nil { unknown("input of table '\(d.table.name)'", i.name, inputs.keys, at: i.location) }
            for o in d.outputs { checkObservation(o.name, at: o.location, table: d.table.name) }
        case .matrix(let m):
            guard let axes = vocabulary.matrices[m.table.name] else {
                return out.append(unknownTable(spec, m.table, kind: "matrix function", known: vocabulary.matrices.keys))
            }
            for a in m.inputs where axes[a.name] == nil { unknown("axis of matrix '\(m.table.name)'", a.name, axes.keys, at: a.location) }
            for o in m.outputs { checkObservation(o.name, at: o.location, table: m.table.name) }
        }
    }
}

/// Checks a product file's fixture and parameter names against the fixture catalog.
func checkFixtureVocabulary(_ product: ProductFile, catalog: any FixtureCatalog) -> [Diagnostic] {
    guard let vocabulary = catalog.vocabulary(of: product.fixture) else {
        return [unknownFixture(product.fixture, in: "the product file", at: product.location, known: catalog.fixtureNames)]
    }
    let named = product.product.map { ($0.name, $0.nameLocation ?? $0.location) } + product.variants.map { ($0.name, $0.location) }
    let unsupported = unsupportedProductValues(product.product + product.variants.flatMap(\.values), product.fixture, vocabulary)
    return unsupported + named.filter { vocabulary.product[$0.0] == nil }
        .map { unknownProduct($0, product.fixture, vocabulary, at: $1) }
}

/// `fixture.unknown-name`: the fixture has no `what` (an event, a product value, …) `name`; with a did-you-mean.
private func unknownName(_ fixture: String, _ what: String, _ name: String, _ known: some Collection<String>,
                         at location: SourceLocation, so consequence: String = ", so no row using it could run") -> Diagnostic {
    Diagnostic(.error, id: "fixture.unknown-name", "fixture '\(fixture)' has no \(what) '\(name)'\(consequence)",
               at: location, notes: ["it knows: \(known.sorted().joined(separator: ", "))"],
               hint: Suggest.didYouMean(name, in: known))
}

/// A product value the fixture does not take; one it no longer takes is said so, with why, and the line to remove.
private func unknownProduct(_ name: String, _ fixture: String, _ vocabulary: FixtureVocabulary, at location: SourceLocation) -> Diagnostic {
    guard let why = vocabulary.retiredProducts[name] else {
        // A row naming it is told so at its own line: what this line sets, nothing reads.
        return unknownName(fixture, "product value", name, vocabulary.product.keys, at: location, so: ": this line sets a value nothing reads")
    }
    return Diagnostic(.error, id: "fixture.unknown-name", "fixture '\(fixture)' no longer takes the product value '\(name)': \(why)",
                      at: location, hint: "remove the line ('lockspec migrate' removes it)")
}

/// Product values inside their parameter's domain that the fixture still cannot run (`ProductChoices`), or that are
/// not of their value type (`productLiterals`), each at its own line.
private func unsupportedProductValues(_ bindings: [Binding], _ fixture: String, _ vocabulary: FixtureVocabulary) -> [Diagnostic] {
    bindings.compactMap { b -> Diagnostic? in
        if let grammar = vocabulary.productLiterals[b.name], let p = grammar.problem(with: b.value.description) {
            return Diagnostic(.error, id: "product.bad-value", "\(b.name): \(p.message)", at: b.location, hint: p.hint)
        }
        guard let choices = vocabulary.productChoices[b.name], !choices.values.contains(b.value) else { return nil }
        let allowed = choices.values.map(\.description)
        return Diagnostic(.error, id: "product.bad-value",
            "fixture '\(fixture)' can run \(b.name) only as \(allowed.joined(separator: " or ")) (\(choices.reason)), not \(b.value)",
            at: b.location, hint: allowed.count == 1 ? "write \(b.name): \(allowed[0]), or leave it out" : "write one of \(allowed.joined(separator: ", "))")
    }
}

/// A `table:` that names no function of the fixture, located at the name, with the functions it has.
private func unknownTable(_ spec: Spec, _ table: Named, kind: String, known: some Collection<String>) -> Diagnostic {
    Diagnostic(.error, id: "fixture.unknown-table",
               "fixture '\(spec.fixture)' has no \(kind) '\(table.name)', so no row of this table could run", at: table.location,
               notes: ["its \(kind)s: \(known.isEmpty ? "(none)" : known.sorted().joined(separator: ", "))"],
               hint: Suggest.didYouMean(table.name, in: known))
}

/// `fixture.unknown`: a spec or a product file (`what`) names a fixture that is not among `known`, with a did-you-mean.
func unknownFixture(_ fixture: String, in what: String, at location: SourceLocation, known: [String]) -> Diagnostic {
    Diagnostic(.error, id: "fixture.unknown", "\(what) names fixture '\(fixture)', which does not exist", at: location,
               notes: ["fixtures: \(known.joined(separator: ", "))"], hint: Suggest.didYouMean(fixture, in: known))
}
