/// One place a spec relies on what its fixture may not do (kill and relaunch its core, set its clock): where, what it
/// is, and the row or scenario it belongs to.
struct FixtureUse {
    var location: SourceLocation
    var what: String
    var row: String?

    /// The steps of a scenario set, blocks included, that `kind` names (`the step 'kill'`), each as `… of scenario <id>`.
    static func steps(of set: ScenarioSet, _ kind: (ScenarioStep.Action) -> String?) -> [FixtureUse] {
        set.scenarios.flatMap { scenario in
            let id = scenario.identity.id
            return scenario.steps.flattened.compactMap { step in
                kind(step.action).map { FixtureUse(location: step.location, what: "\($0) of scenario \(id)", row: id) }
            }
        }
    }

    /// One finding `id` at the first of `uses` (in file order), saying the fixture `cannot`, with the others and
    /// `remedy` in the notes; nothing when there is none.
    static func finding(_ id: String, _ spec: Spec, _ found: [FixtureUse], cannot: String, remedy: String) -> [Diagnostic] {
        let uses = found.sorted { $0.location < $1.location }
        guard let first = uses.first else { return [] }
        return [Diagnostic(.error, id: id, "fixture '\(spec.fixture)' \(cannot), so \(first.what) could never be checked",
                           at: first.location, rows: uses.compactMap(\.row).firstOfEach(), notes: uses.dropFirst().map { "also \($0.what) at \($0.location)" } + [remedy])]
    }
}
