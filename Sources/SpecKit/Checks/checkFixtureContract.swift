/// Checks that every spec gives its fixture everything the fixture needs to run it, so a spec that lints clean never
/// meets a fixture error for a missing input or product value at run time:
///
/// - `fixture.missing-input`: an event the spec declares lacks an input the fixture requires (`bumpLegalVersion`
///   without `to`), or a decision or matrix spec lacks an input or axis of its `table:`.
/// - `fixture.scenario-only-event`: a machine declares an event that only a scenario can send (one that needs the
///   app killed first, or steps before it that no machine state holds), so its rows and its exploration could not run.
/// - `fixture.unreadable-variable`: a machine declares a variable its fixture reads from the store file and an event
///   that can leave the store unreadable (`FixtureVocabulary.unreadableAfter`): its exploration sends the event from
///   every state and then reads the variable, so the read would fail.
/// - `product.missing`: the fixture needs a product value (always, or to send an event a machine declares or a
///   scenario sends) that neither the fixture's product file nor the spec sets (nor the sending scenario's `given:`).
///
/// Names the fixture does not know are `checkFixtureVocabulary`'s to report.
func checkFixtureContract(_ spec: Spec, product file: ProductFile?, catalog: any FixtureCatalog) -> [Diagnostic] {
    guard let vocabulary = catalog.vocabulary(of: spec.fixture) else { return [] }
    var out: [Diagnostic] = []
    var declaredEvents: [EventDeclaration] = []
    switch spec.body {
    case .machine(let m):
        declaredEvents = m.events
        out += scenarioOnlyEvents(m.events, spec.fixture, vocabulary)
        out += unreadableVariables(m, spec.fixture, vocabulary)
    case .scenarios(let s): declaredEvents = s.events
    case .decision(let d):
        out += missingTableInputs(spec, d.table, vocabulary.decisions[d.table.name], declared: d.inputs, kind: "input", under: "inputs")
    case .matrix(let m):
        out += missingTableInputs(spec, m.table, vocabulary.matrices[m.table.name], declared: m.inputs, kind: "axis", under: "axes")
    }
    for event in declaredEvents {
        for name in vocabulary.requiredInputs(of: event.name) where event.input(name) == nil {
            let type = vocabulary.events[event.name]?[name].map { "\($0)" } ?? ""
            out.append(Diagnostic(.error, id: "fixture.missing-input",
                "event '\(event.name)' needs the input '\(name)' (\(type)), but this spec does not declare it, so fixture '\(spec.fixture)' could not send the event",
                at: event.location,
                notes: ["declare it under events: \(event.name): {\(name): [values]}; then give it in every step that sends the event (with: {\(name): …})"],
                hint: "add '\(name):' under '\(event.name):'"))
        }
    }
    out += missingProduct(spec, file, vocabulary, events: declaredEvents.map(\.name))
    if case .scenarios(let s) = spec.body {
        for scenario in s.scenarios {
            var instances = Instances(front: vocabulary.instanceSwitch?.initial ?? "")
            out += killedAppSteps(scenario.steps, scenario.identity.id, spec.fixture, vocabulary, instances: &instances)
        }
    }
    return out
}

/// `fixture.scenario-only-event` at each event a machine declares that its fixture sends only in a scenario.
private func scenarioOnlyEvents(_ events: [EventDeclaration], _ fixture: String, _ vocabulary: FixtureVocabulary) -> [Diagnostic] {
    events.compactMap { event in
        let why = vocabulary.onlyWhileKilled.contains(event.name)
            ? "it needs the app killed first, and a machine's rows run with the app running"
            : vocabulary.scenarioOnlyEvents[event.name]
        return why.map {
            Diagnostic(.error, id: "fixture.scenario-only-event",
                "fixture '\(fixture)' sends '\(event.name)' only in a scenario: \($0)", at: event.location,
                hint: "remove '\(event.name)' from this machine's events, and send it from a scenario set that uses the machine")
        }
    }
}

/// `fixture.unreadable-variable` at each variable of a machine that its fixture reads from the store file, when the
/// machine also declares an event that can leave the store unreadable: one finding per variable, naming the events.
private func unreadableVariables(_ machine: Machine, _ fixture: String, _ vocabulary: FixtureVocabulary) -> [Diagnostic] {
    machine.variables.compactMap { variable in
        let events = machine.events.map(\.name).filter { vocabulary.unreadableAfter[variable.name]?.contains($0) == true }
        guard !events.isEmpty else { return nil }
        let named = joinedWithAnd(events.map { "'\($0)'" })
        return Diagnostic(.error, id: "fixture.unreadable-variable",
            "fixture '\(fixture)' reads '\(variable.name)' from the store file, which \(named) can leave unreadable: this machine's exploration sends \(events.count == 1 ? "it" : "each") from every state it reaches and then reads every variable, so the read would fail",
            at: variable.location,
            hint: "check '\(variable.name)' in a scenario set that uses this machine, or remove \(named) from its events")
    }
}

/// Which instance of the app the steps drive, and where each killed one was killed (`FixtureVocabulary.instanceSwitch`;
/// one instance, "", for a fixture without): a `kill` and a `relaunch` act on the instance in front.
private struct Instances {
    var front: String
    var killed: [String: SourceLocation] = [:]
    /// Where the instance in front was killed, nil while it runs.
    var killedAt: SourceLocation? { killed[front] }
    /// Which instance is in front and which are killed, without where: what decides the findings of the steps to come.
    var situation: [String] { [front] + killed.keys.sorted() }
    /// The instance in front as the steps name it (`the extension`), or `the app`.
    var named: String { "the " + (front.isEmpty ? "app" : front) }
}

/// `fixture.killed-app`: a step between a `kill` and the `relaunch` that sends an event or reads an observation the
/// killed app does not serve, or an event that needs the app killed sent while it runs; each instance of the app on
/// its own, the one in front as the steps choose it.
private func killedAppSteps(_ steps: [ScenarioStep], _ id: String, _ fixture: String, _ vocabulary: FixtureVocabulary,
                            instances: inout Instances) -> [Diagnostic] {
    var out: [Diagnostic] = []
    func refuse(_ what: String, at location: SourceLocation, since kill: SourceLocation, _ app: String) {
        out.append(Diagnostic(.error, id: "fixture.killed-app",
            "scenario \(id) \(what) after \(app) was killed (line \(kill.line)) and before a relaunch: fixture '\(fixture)' cannot do that with a killed app",
            at: location, rows: [id], notes: ["a killed app still serves: " + (vocabulary.servedWhileKilled ?? []).sorted().joined(separator: ", ")],
            hint: "add '- relaunch' before this step, or move it before the kill"))
    }
    for step in steps {
        let found = out.count
        switch step.action {
        case .kill: instances.killed[instances.front] = step.location
        case .relaunch: instances.killed[instances.front] = nil
        case .event(let name, let inputs):
            if let kill = instances.killedAt, let served = vocabulary.servedWhileKilled, !served.contains(name) {
                refuse("sends '\(name)'", at: step.location, since: kill, instances.named)
            } else if instances.killedAt == nil, vocabulary.onlyWhileKilled.contains(name) {
                out.append(Diagnostic(.error, id: "fixture.killed-app",
                    "scenario \(id) sends '\(name)' while \(instances.named) runs: fixture '\(fixture)' does it only to a killed app (it damages what the app left on the device)",
                    at: step.location, rows: [id], hint: "add '- kill' before this step (and '- relaunch' after it)"))
            }
            if let switching = vocabulary.instanceSwitch, name == switching.event,
               let which = inputs.first(where: { $0.name == switching.input })?.value.description {
                instances.front = which
            }
        case .block(let inner):
            // Pass after pass while each starts from a situation no earlier pass started from (which instance is in
            // front, which are killed): a kill at the end of one pass meets the start of the next, and with two
            // instances a third pass can start where neither earlier one did. A finding is said once, at its step.
            var starts: Set<[String]> = []
            for _ in 0..<step.count {
                guard starts.insert(instances.situation).inserted else { break }
                for d in killedAppSteps(inner, id, fixture, vocabulary, instances: &instances)
                where !out.contains(where: { $0.id == d.id && $0.location == d.location }) {
                    out.append(d)
                }
            }
        case .advance, .setClock, .check: break
        }
        // One finding a step: the expectations of a refused event follow from it.
        if let kill = instances.killedAt, let served = vocabulary.servedWhileKilled, out.count == found {
            for b in step.expect + step.expectEach where !served.contains(b.name) { refuse("expects '\(b.name)'", at: b.location, since: kill, instances.named) }
        }
    }
    return out
}

/// Each input (or axis) of a decision (or matrix) function that the spec does not declare, located at `table:`;
/// nothing for a function the fixture does not have (`checkFixtureVocabulary` reports that).
private func missingTableInputs(_ spec: Spec, _ table: Named, _ inputs: [String: FixtureType]?, declared: [Declaration],
                                kind: String, under key: String) -> [Diagnostic] {
    guard let inputs else { return [] }
    return inputs.keys.filter { name in !declared.contains { $0.name == name } }.sorted().map { name in
        Diagnostic(.error, id: "fixture.missing-input",
            "table '\(table.name)' needs the \(kind) '\(name)' (\(inputs[name]!)), but this spec does not declare it, so fixture '\(spec.fixture)' could not evaluate any row",
            at: table.location, notes: ["declare it under \(key): as \(name): [values]; a row that does not name it covers every value"],
            hint: "add '\(name):' under '\(key):'")
    }
}

/// The product values the fixture needs for this spec that no one sets, located at the spec's `fixture:`. A machine
/// sends every event it declares; a scenario set, the events its scenarios' steps send (its machine's included, through
/// `uses:`), each scenario with its own `given:`.
private func missingProduct(_ spec: Spec, _ file: ProductFile?, _ vocabulary: FixtureVocabulary, events: [String]) -> [Diagnostic] {
    // A value written but refused is already reported where it is written.
    var set = Set(spec.product.map(\.name)).union(spec.unreadableProduct)
    if let file { set.formUnion(file.product.map(\.name)); set.formUnion(file.variants.map(\.name)) }
    var senders: [(events: Set<String>, given: Set<String>)] = [(Set(events), [])]
    if case .scenarios(let s) = spec.body, !s.scenarios.isEmpty {
        senders = s.scenarios.map { (sentEvents($0.steps), Set($0.given.map(\.name))) }
    }
    // Without one, the file to make: beside the spec, named after the fixture.
    let folder = spec.location.file.lastIndex(of: "/").map { String(spec.location.file[...$0]) } ?? ""
    let productFile = file?.file ?? "\(folder)\(spec.fixture).product.yaml"
    return vocabulary.productNeeds.keys.sorted().compactMap { name -> Diagnostic? in
        guard let need = vocabulary.productNeeds[name], !set.contains(name) else { return nil }
        let lacking = senders.filter { !$0.given.contains(name) && need.applies(toEvents: $0.events) }
        guard !lacking.isEmpty else { return nil }
        let why: String
        switch need {
        case .always: why = "to run any of its specs"
        case .forEvents(let needing):
            why = "to send " + needing.intersection(lacking.reduce(into: Set<String>()) { $0.formUnion($1.events) }).sorted().joined(separator: ", ")
        }
        // A value type (a version, a date) is named as such, and the hint's line is one lint takes, to be made the product's.
        let literal = vocabulary.productLiterals[name]
        let domain = (literal.map { FixtureType.literal($0).description } ?? vocabulary.product[name]?.description).map { " (\($0))" } ?? ""
        return Diagnostic(.error, id: "product.missing",
            "fixture '\(spec.fixture)' needs the product value '\(name)'\(domain) \(why), but neither \(productFile) nor this spec sets it",
            at: spec.fixtureLocation ?? spec.location,
            notes: ["every '\(spec.fixture)' spec takes its product values from \(productFile); a spec may override one for itself under product:, with a decision"],
            hint: literal.map { "add the line \(name): \($0.example) under product: in \(productFile), with your product's \($0 == .date ? "date" : "version")" }
                ?? "add '\(name): …' under product: in \(productFile)")
    }
}

/// The events a scenario's steps send, repeated blocks included.
private func sentEvents(_ steps: [ScenarioStep]) -> Set<String> {
    Set(steps.flattened.compactMap { step in
        if case .event(let name, _) = step.action { name } else { nil }
    })
}
