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
    // The scenario sets that use a machine: only their cases are replayed (the others are not looked up one by one).
    let replayed = Set(specs.compactMap { if case .scenarios(let s) = $0.body, s.uses != nil { $0.id } else { nil } })
    guard !replayed.isEmpty else { return [] }
    var models: [String: MachineWalkModel] = [:]
    var out: [Diagnostic] = []
    var reported: Set<String> = []
    for testCase in cases where replayed.contains(testCase.spec) {
        guard let spec = byID[testCase.spec], case .scenarios(let set) = spec.body, let uses = set.uses,
              let machine = byID[uses], machine.fixture == spec.fixture, machine.runsWithOwnProduct(testCase),
              !reported.contains(testCase.row) else { continue }
        if models[uses] == nil { models[uses] = MachineWalkModel(spec: machine, analysis: analyses[uses]) }
        let scenario = set.scenarios.first { $0.identity.id == testCase.row }
        guard let model = models[uses], let finding = contradiction(in: testCase, scenario: scenario, model: model) else { continue }
        reported.insert(testCase.row)
        out.append(finding)
    }
    return out
}

/// The finding for the first step of a scenario's case whose expectations the table's prediction contradicts, if any.
private func contradiction(in testCase: TestCase, scenario: Scenario?, model: MachineWalkModel) -> Diagnostic? {
    let replay = model.replay(testCase.steps)
    for (n, replayed) in replay.enumerated() {
        let step = testCase.steps[replayed.index]
        let frame = replayed.predicted.expect.firstByKey { ($0.name, $0.value) }
        let cells = step.expect.compactMap { expected in
            frame[expected.name].flatMap { expected.value.agrees(with: $0) || $0.agrees(with: expected.value) ? nil : (expected.name, expected.value, $0) }
        }
        // A step that only checks emits nothing: effects named there are the reader's `spec.effects-on-check`.
        let effects = replayed.predicted.action == .check ? nil : step.effects.flatMap { written in
            replayed.predicted.effects.flatMap { EffectPattern.compatible(written, $0) ? nil : (written, $0) }
        }
        guard !cells.isEmpty || effects != nil else { continue }
        let written = scenario.flatMap { Contradiction.written(step, in: $0.steps) }
        return Contradiction(testCase: testCase, model: model, replay: Array(replay[...n]), cells: cells, effects: effects,
                             written: written).finding
    }
    return nil
}

/// A scenario step the table contradicts, and the replay up to it, as a finding.
private struct Contradiction {
    let testCase: TestCase
    let model: MachineWalkModel
    /// The replay up to and with the step.
    let replay: [MachineWalkModel.ReplayedStep]
    /// Each observation that differs: its name, the scenario's value and the machine's.
    let cells: [(String, Value, Value)]
    /// The scenario's effects and the machine's, when they differ.
    let effects: ([EffectPattern], [EffectPattern])?
    /// The step as the scenario writes it (found by its place), for where each expectation is written.
    let written: ScenarioStep?

    /// The written step at the place of a compiled one, looked for inside repeated blocks too.
    static func written(_ step: TestStep, in steps: [ScenarioStep]) -> ScenarioStep? {
        steps.flattened.first { $0.location.line == step.line && $0.location.column == step.column }
    }

    /// Where the first differing expectation is written (its value, or its first effect), else the step.
    var location: SourceLocation {
        let bindings = (written?.expect ?? []) + (written?.expectEach ?? [])
        if let name = cells.first?.0, let binding = bindings.first(where: { $0.name == name }) { return binding.location }
        if effects != nil, let effect = (written?.expectEffects ?? written?.expectEachEffects)?.first { return effect.location }
        return SourceLocation(file: testCase.file, line: step.line, column: step.column)
    }

    /// The scenario's step.
    var step: TestStep { testCase.steps[replay[replay.count - 1].index] }
    /// The last step of the replay that moved the machine (the step itself, unless it only checks: such a step reads
    /// the frame that one left); nil when none did.
    var source: MachineWalkModel.ReplayedStep? { replay.last { $0.predicted.action != .check } }

    /// The finding, at the scenario's step.
    var finding: Diagnostic {
        let expected = cells.map { "\($0.0) \($0.1.sideBySide)" } + (effects.map { [effectsPhrase($0.0)] } ?? [])
        let values = joinedWithAnd(cells.map { "\($0.0) \($0.2.sideBySide)" })
        let emits = effects.map { $0.1.isEmpty ? "emits none" : "emits " + listed($0.1) }
        let predicted = [values.isEmpty ? nil : "has " + values, emits].compactMap { $0 }.joined(separator: " and ")
        let machine = "machine \(model.spec.id)"
        let but = source == nil ? "\(machine) starts with \(values)" : "\(machine) \(predicted) after the same steps (\(machineSide.how))"
        return Diagnostic(.warning, id: "check.contradicts-machine",
            "scenario \(testCase.row) expects \(joinedWithAnd(expected)) \(after), but \(but)",
            at: location,
            rows: [testCase.row] + (source?.predicted.row.map { [$0] } ?? []),
            notes: notes,
            hint: "`lockspec run` shows which of the two the core agrees with; decide from the design document which is right. If the machine is, "
                + "write \(joinedWithAnd(cells.map { "\($0.0): \($0.2.sideBySide)" } + (effects.map { ["effects: " + listed($0.1)] } ?? []))) "
                + "in this step's expect:; if the scenario is, \(machineSide.correction)",
            related: taken.map { Diagnostic.Related(SourceLocation(file: model.spec.file, line: $0.step.line, column: $0.step.column),
                                                    "row \($0.row), taken on \($0.step.action)") })
    }

    /// `after unlock(pin=wrong)`, with which run of a repeated step (`after the 3rd of 5 runs of unlock(pin=wrong)`);
    /// for a step that only checks, after the step before it; `at the start` before any.
    var after: String {
        guard let action = step.action == .check ? source?.predicted.action : step.action else { return "at the start" }
        let runs = testCase.steps.indices.filter { testCase.steps[$0].line == step.line && testCase.steps[$0].column == step.column }
        guard runs.count > 1, let k = runs.firstIndex(of: replay[replay.count - 1].index) else { return "after \(action)" }
        return "after the \(ordinal(k + 1)) of \(runs.count) runs of \(action)"
    }

    /// How the machine came to its frame (the row that fired last, the event ignored, a relaunch no row matches, the
    /// clock moved), and what to correct in it when the scenario is right (the rows that took it there, or the row it
    /// lacks).
    var machineSide: (how: String, correction: String) {
        guard let source else { return ("", "correct the machine's initial: state or its variables' initial values") }
        if let row = source.predicted.row { return ("its row \(row) fired last", "correct row \(row), or a row before it (the note lists them)") }
        let (action, state) = (source.predicted.action, source.state)
        switch action {
        case .relaunch:
            return ("no row matches a relaunch in \(state): it starts again at its initial state", "add a row on: relaunch from \(state)")
        case .advance, .setClock:
            return ("moving the device clock changes nothing in a machine",
                    "know that a machine cannot say so: in its model, moving the device clock changes nothing (D-CLOCK, D-MT-CLOCK)")
        default:
            return ("no row matches \(action) in \(state): it ignores the event", "add a row for \(action) in \(state)")
        }
    }

    /// The most rows taken on the way a finding names.
    static let mostRowsTaken = 10

    /// The rows the machine took on the way, in order, the last `mostRowsTaken`: each with the step it fired on.
    var taken: ArraySlice<(row: String, step: TestStep)> {
        replay.compactMap { r in r.predicted.row.map { (row: $0, step: r.predicted) } }.suffix(Self.mostRowsTaken)
    }

    /// The rows the machine took (`taken`), with their lines; and, for effects lists of which each has several, the
    /// effects only one side names.
    var notes: [String] {
        let rows = taken
        let path = rows.isEmpty ? [] : ["the rows machine \(model.spec.id) (\(model.spec.file)) took on the way: "
            + (rows.startIndex > 0 ? "…, " : "") + rows.map { "\($0.step.action) → \($0.row) (line \($0.step.line))" }.joined(separator: ", ")]
        // For effects lists of several against the machine's exact ones, the effects only one side names.
        let differing = effects.flatMap { written, predicted in
            predicted.exactEffects.flatMap { EffectPattern.onlyOneSide(written, $0, patternsSide: "the scenario names", effectsSide: "the machine,") }
        }
        return path + (differing.map { [$0] } ?? [])
            + ["the scenario runs with the machine's own product values, and each step before this one is a move the machine "
                + "predicts from its initial state, so both speak of the same run of the core: at most one of them can pass"]
    }
}

/// `effects [a, b]`, or `no effects`.
private func effectsPhrase(_ effects: [EffectPattern]) -> String { effects.isEmpty ? "no effects" : "effects " + listed(effects) }

/// `1st`, `2nd`, `3rd`, `4th`, …, `11th`, `21st`.
private func ordinal(_ n: Int) -> String {
    let suffix = (11...13).contains(n % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][n % 10] ?? "th"
    return "\(n)\(suffix)"
}

/// Effects as a list, as YAML writes it: `[a, b(1)]`, `[]`.
private func listed(_ effects: [EffectPattern]) -> String { "[" + effects.map(\.description).joined(separator: ", ") + "]" }
