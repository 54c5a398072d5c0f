/// Reads the body of a `kind: scenarios` spec.
struct ScenarioReader {
    let context: ReadContext
    let machines: [String: Machine]
    /// Machine specs that exist but could not be read, by id, with the first error that stopped each (when known).
    let unreadable: [String: Diagnostic?]
    /// Machines left unread only because a product value they name was wrong (already reported at its line).
    var quiet: Set<String> = []
    /// This spec's fixture, and each machine's, by spec id: a scenario set drives its own fixture's machine only.
    var fixture: String? = nil
    var machineFixtures: [String: String] = [:]

    /// The most steps one scenario may run once repeats are unrolled.
    static let maximumSteps = 100_000

    /// What the scenarios may name: events, observations (with `state`), effects.
    struct Vocabulary {
        var events: [EventDeclaration] = []
        var observations: [Declaration] = []
        var effects: [String] = []
        /// The machine the observations come from, if any, and the names whose bounds it sets.
        var uses: String?
        var inherited: Set<String> = []
        /// Whether the spec has an `observe:` key, so a hint can say where a missing observation goes.
        var hasObserve = false
    }

    func read(_ byKey: KeyedNodes) -> ScenarioSet? {
        let c = context
        var vocabulary = Vocabulary()
        if let node = byKey["uses"] {
            // Without the machine every step's event and observation would be reported again: one finding is enough.
            guard let id = c.text(node, "uses") else { return nil }
            if let other = machineFixtures[id], let fixture, other != fixture {
                c.error("spec.uses-other-fixture", "'uses' names '\(id)', a machine of fixture '\(other)'; this spec drives fixture '\(fixture)'",
                        at: node.location, hint: "use a machine of fixture '\(fixture)', or set this spec's fixture to '\(other)'")
                return nil
            }
            if let machine = machines[id] {
                vocabulary.events = machine.events
                // `state` is declared where the machine lists its states (a finding about its values names that place).
                vocabulary.observations = [Declaration(name: "state", domain: .enumeration(machine.states.map(\.name)), initial: .symbol(machine.initial),
                                                       location: machine.states.first?.location ?? node.location)] + machine.variables
                vocabulary.effects = machine.effects.map(\.name)
                vocabulary.uses = id
                vocabulary.inherited = Set(vocabulary.observations.map(\.name))
            } else if quiet.contains(id) {
                c.quietFailures += 1
                return nil
            } else if let cause = unreadable[id] {
                c.error("spec.uses-broken-spec", "'uses' names '\(id)', which has errors of its own: fix those first", at: node.location,
                        notes: cause.map { ["follows from \($0.id) at \($0.location)"] } ?? [])
                return nil
            } else {
                let found = machines.keys.sorted()
                c.error("spec.unknown-spec", "'uses' names '\(id)', but no machine spec with that id was found", at: node.location,
                        hint: Suggest.didYouMean(id, in: found),
                        notes: [found.isEmpty ? "no machine spec was found among the specs read (for one file, the .yaml files beside it)"
                                : "the machine specs found are " + found.joined(separator: ", ")])
                return nil
            }
        }
        let events = byKey["events"].map { MachineReader.events($0, context: c) } ?? []
        for event in events where vocabulary.events.contains(where: { $0.name == event.name }) {
            c.error("spec.duplicate-name", "event '\(event.name)' is already declared by '\(vocabulary.uses ?? "")'", at: event.location)
        }
        vocabulary.events += events
        let observe = byKey["observe"].map { c.declarations($0, "observations", allowText: true, allowInitial: false) } ?? []
        vocabulary.hasObserve = byKey["observe"] != nil
        for o in observe {
            guard let i = vocabulary.observations.firstIndex(where: { $0.name == o.name }) else {
                vocabulary.observations.append(o)
                continue
            }
            // A scenario may observe more than the machine models (an 11th failure): an observation may widen an
            // inherited variable's range, never change its kind or narrow it.
            if o.domain.widens(vocabulary.observations[i].domain) {
                vocabulary.observations[i] = o
                vocabulary.inherited.remove(o.name)
            } else {
                c.error("spec.duplicate-name", "observation '\(o.name)' is already declared by '\(vocabulary.uses ?? "")' as \(vocabulary.observations[i].domain); "
                        + "a scenarios spec may only widen its range", at: o.location)
            }
        }
        let effects = byKey["effects"].map { MachineReader.effectNames($0, context: c) } ?? []
        vocabulary.effects += effects.map(\.name)

        let items = byKey["scenarios"].flatMap { c.list($0, "scenarios") }
        let scenarios = items?.compactMap { readScenario($0, vocabulary) } ?? []
        return ScenarioSet(uses: vocabulary.uses, events: events, observe: observe, effects: effects, scenarios: scenarios)
    }

    private func readScenario(_ node: NodeView, _ vocabulary: Vocabulary) -> Scenario? {
        let c = context
        guard let entries = c.mapping(node, "a scenario") else { return nil }
        let byKey = c.keys(entries, of: node, what: "a scenario", required: Self.scenarioKeys.required, optional: Self.scenarioKeys.optional,
                           below: (Self.stepKeys, "a step"))
        guard let id = c.rowID(byKey, at: node.location) else { return nil }
        let trace = c.trace(byKey, at: node.location, rowID: id)
        let title = byKey["title"].flatMap { c.text($0, "the title of scenario \(id)") }
        let given = byKey["given"].map { c.productBindings($0, "given") } ?? []
        // The scenario's steps refer to the product values in force for it: the spec's, overridden by `given`.
        let specScope = c.product
        c.product = specScope.overlaid(with: given)
        defer { c.product = specScope }
        var steps: [ScenarioStep] = []
        if let stepsNode = byKey["steps"], let items = c.list(stepsNode, "the steps of scenario \(id)") {
            if items.isEmpty {
                c.warning("spec.no-steps", "scenario \(id) has no steps, so it checks nothing, and a run would count it passed",
                          at: stepsNode.location, hint: "give it its steps, or remove it", rows: [id])
            }
            steps = items.compactMap { readStep($0, vocabulary, id) }
            if Self.unrolledCount(steps) > Self.maximumSteps {
                c.error("spec.scenario-too-long", "scenario \(id) runs more than \(Self.maximumSteps) steps once its repeats are unrolled",
                        at: stepsNode.location, rows: [id])
                return nil
            }
        }
        return Scenario(identity: c.rowIdentity(id, trace: trace, wording: byKey, at: node.location), title: title, given: given, steps: steps)
    }

    /// The most one `advance:` moves the clock, either way: 100 years. With at most `maximumSteps` steps, no scenario
    /// can take the device's clocks (milliseconds in 64 bits) to where they stop: they would stop silently, and the run
    /// would blame the core for what followed.
    static let maximumAdvance = maximumAdvanceDays * 86_400_000
    /// `maximumAdvance` in days, as a spec writes it (`36500d`).
    static let maximumAdvanceDays = 100 * 365

    /// The milliseconds of `advance:` or `setClock:` (`key`): a duration, signed (`-30s`; `+1h` too) or an expression
    /// of product parameters such as `grace + 1ms`, at most `maximumAdvance` either way. A negative `advance` sets the
    /// device clock back, as a user changing the time would; `setClock` sets it either way, and no time passes.
    private func clockAmount(_ node: NodeView, _ key: String, _ scenarioID: String) -> Int? {
        let c = context
        guard let text = c.text(node, key) else { return nil }
        let trimmed = text.trimmingSpaces
        let (sign, magnitude) = Value.splitSign(trimmed)
        func bounded(_ ms: Int) -> Int? {
            guard ms.magnitude > UInt(Self.maximumAdvance) else { return ms }
            c.error("spec.bad-duration", "\(key) '\(text)' moves the clock by more than \(Self.maximumAdvanceDays / 365) years at once, past what a scenario may: write at most \(Self.maximumAdvanceDays)d",
                    at: node.location, rows: [scenarioID])
            return nil
        }
        if let ms = Value.parseDuration(magnitude) { return bounded(sign * ms) }
        // A duration too large to hold is a duration all the same: past the bound, as a smaller large one is.
        if Value.isDurationText(magnitude) { return bounded(Int.max) }
        switch c.evaluate(trimmed, as: .duration(0...0), within: nil, at: node.location, rows: [scenarioID]) {
        case .value(let computed): return bounded(computed)
        case .failed: return nil
        case .notAReference:
            let example = key == "advance" ? "such as 30s or 5m (or -30s to move the clock back)" : "such as +1h or -30s"
            c.error("spec.bad-duration", "\(key) '\(text)' is not a duration: write a number with a unit, \(example)",
                    at: node.location, rows: [scenarioID])
            return nil
        }
    }

    /// The step count once repeats are unrolled, at most one past the maximum (a repeat is at most the maximum, so no
    /// product here can overflow). A block's repetition counts its steps and the check of its `expect-each`, when it
    /// has one; its `expect` alone is one check, after the last.
    static func unrolledCount(_ steps: [ScenarioStep]) -> Int {
        steps.reduce(0) { total, step in
            guard case .block(let inner) = step.action else { return min(total + step.count, maximumSteps + 1) }
            let checks = !step.expectEach.isEmpty ? step.count : step.expect.isEmpty ? 0 : 1
            return min(total + unrolledCount(inner) * step.count + checks, maximumSteps + 1)
        }
    }

    /// One step: a bare `kill` / `relaunch`, or a mapping that does one thing (event, advance, kill, relaunch, a
    /// repeated block, or only `expect`), with an optional `repeat` and `expect`.
    private func readStep(_ node: NodeView, _ vocabulary: Vocabulary, _ scenarioID: String) -> ScenarioStep? {
        let c = context
        if let word = node.scalar { return readWordStep(word, at: node.location, scenarioID) }
        guard let entries = c.mapping(node, "a step") else { return nil }
        let mark = c.failureMark
        let byKey = c.keys(entries, of: node, what: "a step", required: [], optional: Self.stepKeys)
        // A key the step does not take was reported with what it takes: the step doing nothing follows from it.
        let unknownKey = c.failureMark > mark
        let actions = ["event", "advance", "setClock", "kill", "relaunch", "steps"].filter { byKey[$0] != nil }
        if actions.count > 1 {
            c.error("spec.bad-step", "a step does one thing, but this one has \(actions.joined(separator: " and ")): split it into steps",
                    at: node.location, rows: [scenarioID])
            return nil
        }
        guard let count = readRepeat(byKey["repeat"], scenarioID) else { return nil }
        if let with = byKey["with"], byKey["event"] == nil {
            c.error("spec.bad-step", "'with' gives an event's inputs, but this step has no 'event'", at: with.location, rows: [scenarioID])
        }
        guard let action = readAction(byKey, node, vocabulary, scenarioID, quiet: unknownKey) else { return nil }
        guard expectationsFit(entries, byKey, action, scenarioID) else { return nil }
        let (expect, expectEffects) = readExpect(byKey["expect"] ?? byKey["expect-last"], vocabulary, scenarioID)
        let (each, eachEffects) = readExpect(byKey["expect-each"], vocabulary, scenarioID)
        if action == .check, let effects = expectEffects, !effects.isEmpty {
            c.error("spec.effects-on-check",
                    "scenario \(scenarioID) expects effects [\(effects.map(\.text).joined(separator: ", "))] on a step that only checks, which emits none, so they can never be seen",
                    at: byKey["expect"]?["effects"]?.location ?? node.location,
                    hint: "name them in the expect: of the step that emits them (the event before this step)", rows: [scenarioID])
        }
        // A step's `${name}` takes an input its event is given (`with:`), as the compiler fills it.
        let given: (event: String, inputs: Set<String>) = if case .event(let name, let inputs) = action { (name, Set(inputs.map(\.name))) } else { ("", []) }
        MachineReader.checkTemplates((expectEffects ?? []) + (eachEffects ?? []), known: given.inputs, of: "scenario \(scenarioID)",
                                     knownAs: given.event.isEmpty ? "not an input: this step sends no event" : "not an input this step gives event '\(given.event)'",
                                     rowID: scenarioID, context: c)
        return ScenarioStep(action: action, count: count, expect: expect, expectEffects: expectEffects, expectEach: each,
                            expectEachEffects: eachEffects, location: node.location)
    }

    /// The keys a scenario takes.
    static let scenarioKeys = (required: ["id", "steps"], optional: ["source", "decision", "title", "given", "notes"])

    /// The keys a step may have (specs/schema.json lists the same).
    static let stepKeys = ["event", "with", "repeat", "advance", "setClock", "kill", "relaunch", "steps", "expect", "expect-each", "expect-last", "notes"]

    /// A repeated step says which repetitions its expectation covers: `expect:` on a step with `repeat:` is
    /// `spec.ambiguous-expect` (write `expect-each:` or `expect-last:`); those two need `repeat:`; a repeated block
    /// has no effects of its own; effects are named in one of the two, not both. False after an error.
    private func expectationsFit(_ entries: NodeView.Entries, _ byKey: KeyedNodes, _ action: ScenarioStep.Action, _ scenarioID: String) -> Bool {
        let c = context
        func key(_ name: String) -> SourceLocation? { entries.first { $0.key.scalar == name }?.key.location }
        if byKey["repeat"] != nil, let at = key("expect") {
            c.error("spec.ambiguous-expect", "'expect' on a repeated step does not say which repetitions it checks",
                    at: at, hint: "write 'expect-each:' to check after every repetition, or 'expect-last:' to check only after the last",
                    rows: [scenarioID],
                    notes: ["a spec written in language 1 checked it after the last repetition; 'lockspec migrate' writes expect-last: and lists it for you to check"])
            return false
        }
        let effectsIn = ["expect-each", "expect-last"].filter { byKey[$0]?.mapping?.contains(where: { $0.key.scalar == "effects" }) == true }
        for name in ["expect-each", "expect-last"] {
            guard let at = key(name) else { continue }
            if byKey["repeat"] == nil {
                c.error("spec.bad-step", "'\(name)' belongs to a repeated step; this one has no 'repeat': write 'expect:'", at: at, rows: [scenarioID])
                return false
            }
            if case .block = action, effectsIn.contains(name) {
                c.error("spec.bad-step", "a repeated block has no effects of its own: name them on the block's steps", at: at, rows: [scenarioID])
                return false
            }
        }
        if effectsIn.count == 2, let at = key("expect-last") {
            c.error("spec.bad-step", "effects are named in both 'expect-each' and 'expect-last': name them in one", at: at, rows: [scenarioID])
            return false
        }
        return true
    }

    /// `kill` or `relaunch` written as a bare word.
    private func readWordStep(_ word: String, at location: SourceLocation, _ scenarioID: String) -> ScenarioStep? {
        switch word {
        case "kill": return ScenarioStep(action: .kill, count: 1, expect: [], expectEffects: nil, location: location)
        case "relaunch": return ScenarioStep(action: .relaunch, count: 1, expect: [], expectEffects: nil, location: location)
        default:
            context.error("spec.bad-step", "'\(word)' is not a step: write kill, relaunch, or a mapping with event, advance, repeat or expect",
                          at: location, hint: Suggest.didYouMean(word, in: ["kill", "relaunch"]),
                          rows: [scenarioID])
            return nil
        }
    }

    /// The step's repeat count: 1 without `repeat`, the number or product expression written, or nil after an error.
    private func readRepeat(_ repeatNode: NodeView?, _ scenarioID: String) -> Int? {
        guard let repeatNode else { return 1 }
        let c = context
        guard let text = c.text(repeatNode, "repeat") else { return nil }
        var n = Int(text)
        // `repeat: pinAttempts`: a count computed from product parameters.
        switch c.evaluate(text, as: .int(0...0), within: 1...Self.maximumSteps, at: repeatNode.location, rows: [scenarioID]) {
        case .value(let computed): n = computed
        case .failed: return nil
        case .notAReference: break
        }
        guard let n, n >= 1, n <= Self.maximumSteps else {
            c.error("spec.bad-repeat", "'repeat' must be a whole number from 1 to \(Self.maximumSteps)", at: repeatNode.location, rows: [scenarioID])
            return nil
        }
        return n
    }

    /// What the step does, or nil after an error.
    private func readAction(_ byKey: KeyedNodes, _ node: NodeView, _ vocabulary: Vocabulary, _ scenarioID: String,
                            quiet: Bool) -> ScenarioStep.Action? {
        let c = context
        if let eventNode = byKey["event"] { return readEvent(eventNode, with: byKey["with"], vocabulary, scenarioID) }
        if let advanceNode = byKey["advance"] { return clockAmount(advanceNode, "advance", scenarioID).map { .advance(milliseconds: $0) } }
        if let setNode = byKey["setClock"] { return clockAmount(setNode, "setClock", scenarioID).map { .setClock(milliseconds: $0) } }
        if byKey["kill"] != nil { return .kill }
        if byKey["relaunch"] != nil { return .relaunch }
        if let stepsNode = byKey["steps"] {
            guard byKey["repeat"] != nil else {
                c.error("spec.bad-step", "a block of 'steps' needs 'repeat: N'", at: stepsNode.location, rows: [scenarioID])
                return nil
            }
            guard let items = c.list(stepsNode, "the repeated steps") else { return nil }
            if items.isEmpty {
                c.warning("spec.no-steps", "the repeated block of scenario \(scenarioID) has no steps, so it repeats nothing",
                          at: stepsNode.location, hint: "give the block its steps, or remove it", rows: [scenarioID])
            }
            return .block(items.compactMap { readStep($0, vocabulary, scenarioID) })
        }
        if byKey["expect"] != nil { return .check }
        if !quiet {
            c.error("spec.bad-step", "the step does nothing: give it event, advance, setClock, kill, relaunch, repeat with steps, or expect",
                    at: node.location, rows: [scenarioID])
        }
        return nil
    }

    /// `event: name` with its `with:` inputs, each declared and every input given.
    private func readEvent(_ eventNode: NodeView, with withNode: NodeView?, _ vocabulary: Vocabulary, _ scenarioID: String) -> ScenarioStep.Action? {
        let c = context
        guard let name = c.text(eventNode, "the event") else { return nil }
        guard let event = vocabulary.events.first(where: { $0.name == name }) else {
            c.unknown(name, "spec.unknown-event", "scenario \(scenarioID) sends '\(name)', which is not a declared event", at: eventNode.location,
                      among: vocabulary.events.map(\.name), rows: [scenarioID], notes: [MachineReader.declaredEvents(vocabulary.events.map(\.name))],
                      hint: c.fixtureKnows(name, as: .event))
            return nil
        }
        let inputs = withNode.map {
            DecisionReader.bindings($0, declared: event.inputs, what: "an input of event '\(name)'", rowID: scenarioID, inputs: name,
                                    context: c)
        } ?? []
        let written = Set(withNode?.mapping?.compactMap(\.key.scalar) ?? [])
        for input in event.inputs where !inputs.contains(where: { $0.name == input.name }) && !written.contains(input.name) {
            c.error("spec.missing-input", "event '\(name)' needs input '\(input.name)' (\(input.domain)): add it under 'with'",
                    at: eventNode.location, rows: [scenarioID])
        }
        return .event(name, inputs: inputs)
    }

    /// The observations and effects a step's `expect:` names, each checked against the vocabulary.
    private func readExpect(_ expectNode: NodeView?, _ vocabulary: Vocabulary, _ scenarioID: String) -> ([Binding], [EffectCall]?) {
        let c = context
        var expect: [Binding] = []
        var expectEffects: [EffectCall]?
        guard let expectNode, let entries = c.mapping(expectNode, "expect") else { return ([], nil) }
        for entry in entries {
            guard let name = c.text(entry.key, "an observation") else { continue }
            if name == "effects" {
                expectEffects = MachineReader.effectCalls(entry.value, declared: vocabulary.effects, rowID: scenarioID, context: c)
                continue
            }
            guard let declaration = vocabulary.observations.first(where: { $0.name == name }) else {
                unknownObservation(name, at: entry.key.location, vocabulary, scenarioID)
                continue
            }
            if vocabulary.inherited.contains(name), let text = entry.value.scalar, let wider = declaration.domain.outgrownBy(text) {
                c.error("spec.observation-bound", "scenario \(scenarioID) expects '\(name)' to be \(text), outside \(declaration.domain), "
                        + "the bound it inherits from '\(vocabulary.uses ?? "")'", at: entry.value.location,
                        hint: "widen it in this spec's observe: \(name): \(wider)", rows: [scenarioID],
                        notes: [declaration.declaredNote])
                continue
            }
            // An observation is compared as written: `${…}` fills effects' arguments, and nothing here would fill it.
            if case .text = declaration.domain, let text = entry.value.scalar, text.containsText("${") {
                c.error("spec.unknown-name", "scenario \(scenarioID) expects '\(name)' to be '\(text)', but a ${…} is filled only in an effect's arguments, so it would stay as written",
                        at: entry.value.location, hint: "write the value itself", rows: [scenarioID])
                continue
            }
            if let v = c.value(entry.value, declaration.domain, "'\(name)' in scenario \(scenarioID)", rows: [scenarioID],
                               declaration: declaration) {
                expect.append(Binding(name: name, value: v, location: entry.value.location))
            }
        }
        return (expect, expectEffects)
    }

    /// `spec.unknown-name` for an expected name the spec has not declared. One the fixture offers needs only its
    /// declaration: the hint gives the line, with the type the fixture declares. Any other gets a did-you-mean and a
    /// note listing what the spec can expect.
    private func unknownObservation(_ name: String, at location: SourceLocation, _ vocabulary: Vocabulary, _ scenarioID: String) {
        let c = context
        // `state` is the used machine's, never declared under observe: (a reserved name).
        if let type = c.fixtureObservations?[name], name != "state", !c.isBroken(name) {
            let line = "'\(name): \(Self.declarable(type))'"
            c.error("spec.unknown-name", "scenario \(scenarioID) expects '\(name)', which this spec does not declare; fixture '\(fixture ?? "")' offers it as an observation",
                    at: location, hint: vocabulary.hasObserve ? "add \(line) under observe:" : "add observe: to the spec, with \(line) under it",
                    rows: [scenarioID])
            return
        }
        c.unknown(name, "spec.unknown-name", "scenario \(scenarioID) expects '\(name)', which is not an observation", at: location,
                  among: vocabulary.observations.map(\.name) + ["effects"], rows: [scenarioID], notes: [Self.expectable(vocabulary)])
    }

    /// A fixture's type as a spec declares it under `observe:`: its domain, or `text` for a value the fixture reads
    /// as text (a text expression, a version).
    static func declarable(_ type: FixtureType) -> String {
        if case .domain(let domain) = type { return domain.description }
        return "text"
    }

    /// The note naming what a scenario can expect: the used machine's state and variables, the spec's own
    /// observations, and effects.
    static func expectable(_ vocabulary: Vocabulary) -> String {
        let names = vocabulary.observations.map(\.name)
        let inherited = names.filter { vocabulary.inherited.contains($0) }
        let own = names.filter { !vocabulary.inherited.contains($0) }
        var groups: [String] = []
        if let uses = vocabulary.uses, !inherited.isEmpty { groups.append(inherited.joined(separator: ", ") + " (from '\(uses)')") }
        if !own.isEmpty { groups.append(own.joined(separator: ", ") + " (under observe:)") }
        guard !groups.isEmpty else { return "no observations are declared (declare them under observe:), so only effects can be expected" }
        return "the observations this spec can expect are " + groups.joined(separator: ", ") + ", and effects"
    }
}
