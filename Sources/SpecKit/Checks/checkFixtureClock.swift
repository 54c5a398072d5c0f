/// Scenarios that set the device clock (`setClock:`, or `advance:` by a negative amount) need a fixture that can set
/// it (`FixtureVocabulary.setsClock`); one that cannot would refuse the step at run time, or run it as time passing.
/// One finding per spec, at its first such step, with the others in the notes.
func checkFixtureClock(_ spec: Spec, _ set: ScenarioSet, _ vocabulary: FixtureVocabulary) -> [Diagnostic] {
    guard !vocabulary.setsClock else { return [] }
    let uses = FixtureUse.steps(of: set) { action in
        switch action {
        case .setClock: "the step 'setClock'"
        case .advance(let ms) where ms < 0: "the step 'advance' by a negative amount"
        default: nil
        }
    }
    return FixtureUse.finding("fixture.no-clock-set", spec, uses, cannot: "cannot set its device clock",
        remedy: "remove the step, or use a fixture that sets its clock ('lockspec lint --fixtures' says 'sets the device clock back and forward')")
}
