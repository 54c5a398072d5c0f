/// `check.contradicts-machine`: a scenario step that expects what the machine it `uses:` says cannot happen after the
/// same steps. The scenario runs with the machine's own product values and, up to that step, takes only moves the
/// table predicts (`MachineWalkModel.replay`), so the table and the scenario speak of the same run of the core: at
/// most one of them can pass. The run shows it (the scenario's case fails, or the exploration's walk from the
/// scenario's opening); lint says it before, naming both sides. A warning, not an error: the run still goes ahead, so
/// that it can show which of the two the core agrees with (`lint --strict`, as CI runs it, fails on it).
///
/// One finding per scenario, at its first contradicting step: what follows it follows from it. Observations the
/// machine does not model (a scenario's own `observe:`) and effects either side leaves unchecked are not compared.
func checkScenarioPredictions(_ cases: [TestCase], specs: [Spec], analyses: [String: MachineAnalysis]) -> [Diagnostic] {
    let byID = specs.firstByKey { ($0.id, $0) }
    var models: [String: MachineWalkModel] = [:]
    var out: [Diagnostic] = []
    var reported: Set<String> = []
    for testCase in cases {
        guard let spec = byID[testCase.spec], case .scenarios(let set) = spec.body, let uses = set.uses,
              let machine = byID[uses], machine.fixture == spec.fixture, machine.runsWithOwnProduct(testCase),
              !reported.contains(testCase.row) else { continue }
        if models[uses] == nil { models[uses] = MachineWalkModel(spec: machine, analysis: analyses[uses]) }
        guard let model = models[uses], let finding = contradiction(in: testCase, model: model) else { continue }
        reported.insert(testCase.row)
        out.append(finding)
    }
    return out
}

/// The finding for the first step of a scenario's case whose expectations the table's prediction contradicts, if any.
private func contradiction(in testCase: TestCase, model: MachineWalkModel) -> Diagnostic? {
    // The step whose row last fired: a step that only checks reads the frame it left.
    var last: MachineWalkModel.ReplayedStep?
    for replayed in model.replay(testCase.steps) {
        let step = testCase.steps[replayed.index]
        let source = replayed.predicted.action == .check ? last : replayed
        if replayed.predicted.action != .check { last = replayed }
        let frame = replayed.predicted.expect.firstByKey { ($0.name, $0.value) }
        let cells = step.expect.compactMap { expected in
            frame[expected.name].flatMap { expected.value.agrees(with: $0) || $0.agrees(with: expected.value) ? nil : (expected, $0) }
        }
        let effects = step.effects.flatMap { written in
            replayed.predicted.effects.flatMap { EffectPattern.compatible(written, $0) ? nil : (written, $0) }
        }
        guard !cells.isEmpty || effects != nil else { continue }
        let expected = cells.map { "\($0.0.name) \(quoted($0.0.value))" } + (effects.map { ["effects " + listed($0.0)] } ?? [])
        let predicted = cells.map { "\($0.0.name) \(quoted($0.1))" } + (effects.map { ["effects " + listed($0.1)] } ?? [])
        return Diagnostic(.warning, id: "check.contradicts-machine",
            "scenario \(testCase.row) expects \(joined(expected)) \(after(step.action == .check ? source?.predicted.action : step.action)), "
                + "but \(said(source, in: model)) \(joined(predicted))\(source == nil ? "" : " after the same steps")",
            at: SourceLocation(file: testCase.file, line: step.line, column: step.column),
            rows: [testCase.row] + (source?.predicted.row.map { [$0] } ?? []),
            notes: notes(source, model: model),
            hint: "the run shows which of the two the core agrees with; decide from the design document which is right. If the machine is, "
                + "write \(joined(cells.map { "\($0.0.name): \(quoted($0.1))" } + (effects.map { ["effects: " + listed($0.1, yaml: true)] } ?? []))) "
                + "in this step's expect:; if the scenario is, \(correction(source, in: model))")
    }
    return nil
}

/// What to correct in the machine when the scenario is right: the row that fired, or the rows that should have.
private func correction(_ source: MachineWalkModel.ReplayedStep?, in model: MachineWalkModel) -> String {
    guard let source else { return "correct the machine's initial: state or its variables' initial values" }
    if let row = source.predicted.row { return "correct row \(row)" }
    switch source.predicted.action {
    case .relaunch: return "add a row on: relaunch from \(source.state)"
    case .advance, .setClock: return "know that a machine cannot say so: in its model, moving the device clock changes nothing (D-CLOCK, D-MT-CLOCK)"
    default: return "add a row for \(source.predicted.action) in \(source.state)"
    }
}

/// Who predicts a frame: the row that fired (`row R of machine m gives`), the machine ignoring an event, a relaunch no
/// row matches, the clock moved, or the initial situation.
private func said(_ source: MachineWalkModel.ReplayedStep?, in model: MachineWalkModel) -> String {
    let machine = "machine \(model.spec.id)"
    guard let source else { return "\(machine) starts with" }
    if let row = source.predicted.row { return "row \(row) of \(machine) gives" }
    switch source.predicted.action {
    case .relaunch: return "\(machine), none of whose rows matches a relaunch in \(source.state), gives"
    case .advance, .setClock: return "\(machine), where moving the device clock changes nothing, keeps"
    default: return "\(machine), where no row matches \(source.predicted.action) in \(source.state) and the event is ignored, keeps"
    }
}

/// Where the row is written, and why the two cannot both pass.
private func notes(_ source: MachineWalkModel.ReplayedStep?, model: MachineWalkModel) -> [String] {
    let row = source.flatMap { s in s.predicted.row.map { "row \($0) is at \(model.spec.file):\(s.predicted.line):\(s.predicted.column)" } }
    return (row.map { [$0] } ?? []) + ["the scenario runs with the machine's own product values, and each step before this one is a move the machine "
        + "predicts from its initial state, so both speak of the same run of the core: at most one of them can pass"]
}

/// `after` and the action that leads to a step's frame, as a step names it (`after unlock(pin=wrong)`, `after
/// relaunch`), or `at the start` before any.
private func after(_ action: TestAction?) -> String { action.map { "after \($0)" } ?? "at the start" }

/// A value as the message shows it, an empty text as `""`.
private func quoted(_ value: Value) -> String { Value.shownAlike(value, value).0 }

/// Effects as a list: `[a, b(1)]`, or `none` (`[]` as YAML writes it).
private func listed(_ effects: [EffectPattern], yaml: Bool = false) -> String {
    effects.isEmpty && !yaml ? "none" : "[" + effects.map(\.description).joined(separator: ", ") + "]"
}

/// `a`, `a and b`, `a, b and c`.
private func joined(_ parts: [String]) -> String {
    parts.count < 2 ? parts.joined() : parts.dropLast().joined(separator: ", ") + " and " + parts[parts.count - 1]
}

extension Spec {
    /// Whether a case runs with this spec's own product values: its product (the spec's and a scenario's `given:`)
    /// holds the same values as the spec's. A machine's table predicts only such runs. The values of the product file's
    /// variants a case is expanded over do not count: no row can name one, and the machine's own cases run once per value.
    public func runsWithOwnProduct(_ testCase: TestCase) -> Bool {
        let variants = Set(sharedVariants.map(\.name))
        return testCase.product.filter { !variants.contains($0.name) }.firstByKey { ($0.name, $0.value) }
            == effectiveProduct.firstByKey { ($0.name, $0.value) }
    }
}

extension EffectPattern {
    /// Whether some effects could match both lists of patterns: the same count, and each exact list matched by the
    /// other; where both hold wildcards, the same names and labels, whatever the arguments.
    static func compatible(_ a: [EffectPattern], _ b: [EffectPattern]) -> Bool {
        guard a.count == b.count else { return false }
        if let effects = b.exactEffects { return multisetMatches(a, effects) }
        if let effects = a.exactEffects { return multisetMatches(b, effects) }
        let shape = { (p: EffectPattern) in [p.name] + p.arguments.map { $0.label ?? "" } }
        return a.map(shape).sorted { $0.lexicographicallyPrecedes($1) } == b.map(shape).sorted { $0.lexicographicallyPrecedes($1) }
    }
}

extension Array where Element == EffectPattern {
    /// The effects these patterns describe when none has a wildcard.
    var exactEffects: [Effect]? {
        guard !contains(where: \.hasWildcard) else { return nil }
        return map { pattern in
            Effect(pattern.name, pattern.arguments.map { argument in
                guard case .value(let value) = argument.match else { return Effect.Argument(argument.label, .text("")) }
                return Effect.Argument(argument.label, value)
            })
        }
    }
}
