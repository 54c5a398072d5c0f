/// Scenarios that set the device clock (`setClock:`, or `advance:` by a negative amount) need a fixture that can set
/// it (`FixtureVocabulary.setsClock`); one that cannot would refuse the step at run time, or run it as time passing.
/// One finding per spec, at its first such step, with the others in the notes.
func checkFixtureClock(_ spec: Spec, _ set: ScenarioSet, _ vocabulary: FixtureVocabulary) -> [Diagnostic] {
    guard !vocabulary.setsClock else { return [] }
    var uses: [(location: SourceLocation, what: String, row: String)] = []
    func collect(_ steps: [ScenarioStep], _ id: String) {
        for step in steps {
            switch step.action {
            case .setClock: uses.append((step.location, "the step 'setClock' of scenario \(id)", id))
            case .advance(let ms) where ms < 0: uses.append((step.location, "the step 'advance' by a negative amount of scenario \(id)", id))
            case .block(let inner): collect(inner, id)
            default: break
            }
        }
    }
    for scenario in set.scenarios { collect(scenario.steps, scenario.identity.id) }
    let sorted = uses.sorted { $0.location < $1.location }
    guard let first = sorted.first else { return [] }
    var rows: [String] = []
    for use in sorted where !rows.contains(use.row) { rows.append(use.row) }
    return [Diagnostic(.error, id: "fixture.no-clock-set",
        "fixture '\(spec.fixture)' cannot set its device clock, so \(first.what) could never be checked",
        at: first.location, rows: rows,
        notes: sorted.dropFirst().map { "also \($0.what) at \($0.location)" }
            + ["remove the step, or use a fixture that sets its clock ('lockspec lint --fixtures' says 'sets the device clock back and forward')"])]
}
