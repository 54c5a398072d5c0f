/// A machine that models persistence (`persist: true` on a variable, or a row `on: relaunch`) needs a fixture that can
/// kill and relaunch its core (`FixtureVocabulary.supportsRelaunch`); otherwise nothing it says about a relaunch could
/// ever be checked. One finding per machine, at its first such place, with the others in the notes.
func checkFixtureRelaunch(_ spec: Spec, _ machine: Machine, _ vocabulary: FixtureVocabulary) -> [Diagnostic] {
    guard !vocabulary.supportsRelaunch else { return [] }
    var uses: [RelaunchUse] = []
    for v in machine.variables where v.persists {
        uses.append(RelaunchUse(location: v.persistLocation ?? v.location, what: "'persist: true' on '\(v.name)'", row: nil))
    }
    for row in machine.rows where row.on.contains(Machine.relaunchEvent) {
        uses.append(RelaunchUse(location: row.identity.location, what: "row \(row.identity.id) on relaunch", row: row.identity.id))
    }
    return noRelaunch(spec, uses, remedy: "remove what the machine says about persistence, or use a fixture that supports relaunch")
}

/// Scenarios that `kill` or `relaunch` the app need a fixture that can do it: one that cannot would run the step as
/// nothing, or refuse it at run time. One finding per spec, at its first such step, with the others in the notes.
func checkFixtureRelaunch(_ spec: Spec, _ set: ScenarioSet, _ vocabulary: FixtureVocabulary) -> [Diagnostic] {
    guard !vocabulary.supportsRelaunch else { return [] }
    var uses: [RelaunchUse] = []
    func collect(_ steps: [ScenarioStep], _ id: String) {
        for step in steps {
            switch step.action {
            case .kill: uses.append(RelaunchUse(location: step.location, what: "the step 'kill' of scenario \(id)", row: id))
            case .relaunch: uses.append(RelaunchUse(location: step.location, what: "the step 'relaunch' of scenario \(id)", row: id))
            case .block(let inner): collect(inner, id)
            case .event, .advance, .setClock, .check: break
            }
        }
    }
    for scenario in set.scenarios { collect(scenario.steps, scenario.identity.id) }
    return noRelaunch(spec, uses, remedy: "remove the kill and relaunch steps, or use a fixture that supports relaunch")
}

/// One place a spec relies on a kill and relaunch: where, what it is, and the row or scenario it belongs to.
private struct RelaunchUse {
    var location: SourceLocation
    var what: String
    var row: String?
}

/// `fixture.no-relaunch` at the first of `uses` (in file order), the others in the notes; nothing when there is none.
private func noRelaunch(_ spec: Spec, _ found: [RelaunchUse], remedy: String) -> [Diagnostic] {
    let uses = found.sorted { $0.location < $1.location }
    guard let first = uses.first else { return [] }
    var rows: [String] = []
    for row in uses.compactMap(\.row) where !rows.contains(row) { rows.append(row) }
    return [Diagnostic(.error, id: "fixture.no-relaunch",
        "fixture '\(spec.fixture)' cannot kill and relaunch its core, so \(first.what) could never be checked",
        at: first.location, rows: rows,
        notes: uses.dropFirst().map { "also \($0.what) at \($0.location)" } + [remedy])]
}
