/// A machine that models persistence (`persist: true` on a variable, or a row `on: relaunch`) needs a fixture that can
/// kill and relaunch its core (`FixtureVocabulary.supportsRelaunch`); otherwise nothing it says about a relaunch could
/// ever be checked. One finding per machine, at its first such place, with the others in the notes.
func checkFixtureRelaunch(_ spec: Spec, _ machine: Machine, _ vocabulary: FixtureVocabulary) -> [Diagnostic] {
    guard !vocabulary.supportsRelaunch else { return [] }
    var uses: [(location: SourceLocation, what: String, row: String?)] = []
    for v in machine.variables where v.persists {
        uses.append((v.persistLocation ?? v.location, "'persist: true' on '\(v.name)'", nil))
    }
    for row in machine.rows where row.on.contains(Machine.relaunchEvent) {
        uses.append((row.identity.location, "row \(row.identity.id) on relaunch", row.identity.id))
    }
    uses.sort { $0.location < $1.location }
    guard let first = uses.first else { return [] }
    return [Diagnostic(.error, id: "fixture.no-relaunch",
        "fixture '\(spec.fixture)' cannot kill and relaunch its core, so \(first.what) could never be checked",
        at: first.location, rows: uses.compactMap(\.row),
        notes: uses.dropFirst().map { "also \($0.what) at \($0.location)" }
            + ["remove what the machine says about persistence, or use a fixture that supports relaunch"])]
}
