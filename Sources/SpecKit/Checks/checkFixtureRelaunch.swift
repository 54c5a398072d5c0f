/// A machine that models persistence (`persist: true` on a variable, or a row `on: relaunch`) needs a fixture that can
/// kill and relaunch its core (`FixtureVocabulary.supportsRelaunch`); otherwise nothing it says about a relaunch could
/// ever be checked. One finding per machine, at its first such place, with the others in the notes.
func checkFixtureRelaunch(_ spec: Spec, _ machine: Machine, _ vocabulary: FixtureVocabulary) -> [Diagnostic] {
    guard !vocabulary.supportsRelaunch else { return [] }
    let uses = machine.variables.filter(\.persists).map { v in
        FixtureUse(location: v.persistLocation ?? v.location, what: "'persist: true' on '\(v.name)'", row: nil)
    } + machine.rows.filter { $0.on.contains(Machine.relaunchEvent) }.map { row in
        FixtureUse(location: row.identity.location, what: "row \(row.identity.id) on relaunch", row: row.identity.id)
    }
    return noRelaunch(spec, uses, remedy: "remove what the machine says about persistence, or use a fixture that supports relaunch")
}

/// Scenarios that `kill` or `relaunch` the app need a fixture that can do it: one that cannot would run the step as
/// nothing, or refuse it at run time. One finding per spec, at its first such step, with the others in the notes.
func checkFixtureRelaunch(_ spec: Spec, _ set: ScenarioSet, _ vocabulary: FixtureVocabulary) -> [Diagnostic] {
    guard !vocabulary.supportsRelaunch else { return [] }
    let uses = FixtureUse.steps(of: set) { action in
        switch action {
        case .kill: "the step 'kill'"
        case .relaunch: "the step 'relaunch'"
        default: nil
        }
    }
    return noRelaunch(spec, uses, remedy: "remove the kill and relaunch steps, or use a fixture that supports relaunch")
}

/// `fixture.no-relaunch` at the first of `uses`.
private func noRelaunch(_ spec: Spec, _ uses: [FixtureUse], remedy: String) -> [Diagnostic] {
    FixtureUse.finding("fixture.no-relaunch", spec, uses, cannot: "cannot kill and relaunch its core", remedy: remedy)
}
