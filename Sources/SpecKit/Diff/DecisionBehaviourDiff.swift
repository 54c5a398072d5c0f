/// The behaviour part of a diff for a decision table: the input space is cut into atoms at the edges of both sides'
/// conditions (the region analysis the checks use), each atom is decided by both tables, and the atoms whose outputs
/// differ are kept as regions (`failures=3..4, outcome=failure`), with the old and the new outputs.
enum DecisionBehaviourDiff {
    /// The behaviour change of a decision table present on both sides, or a note saying why it cannot be compared.
    static func compare(spec: String, old: DecisionTable, new: DecisionTable) -> (change: BehaviourChange?, note: String?) {
        guard old.inputs.map({ [$0.name, "\($0.domain)"] }) == new.inputs.map({ [$0.name, "\($0.domain)"] }) else {
            return (nil, "\(spec): the inputs changed (names or domains), so input regions cannot be matched; compare its rows")
        }
        let analysis = RegionAnalysis(declarations: old.inputs, conditions: (old.rows + new.rows).map(\.when))
        guard analysis.atomCount != nil else {
            return (nil, "\(spec): more than \(RegionAnalysis.maximumAtoms) input atoms; not compared")
        }
        var regions: [BehaviourRegion] = []
        analysis.forEachAtom { index, matching in
            let before = outcome(old, rows: matching.filter { $0 < old.rows.count })
            let after = outcome(new, rows: matching.filter { $0 >= old.rows.count }.map { $0 - old.rows.count })
            guard before != after else { return }
            let place = analysis.describe(index)
            regions.append(BehaviourRegion(place: place, values: place.components(separatedBy: ", "), exact: true, count: 1,
                                           before: before, after: after, examples: []))
        }
        guard !regions.isEmpty else { return (nil, nil) }
        return (BehaviourChange(spec: spec, kind: "decision", regions: regions.sorted(), count: regions.count), nil)
    }

    /// What a table answers for an atom matched by `rows` (indices into its own rows, in file order).
    private static func outcome(_ table: DecisionTable, rows: [Int]) -> String {
        guard let first = rows.first else { return "no row (a gap)" }
        if table.hit == .unique, rows.count > 1 {
            let answers = Set(rows.map { describe(table.rows[$0].then) })
            if answers.count > 1 { return "rows \(rows.map { table.rows[$0].identity.id }.joined(separator: ", ")) conflict" }
        }
        return describe(table.rows[first].then)
    }

    private static func describe(_ bindings: [Binding]) -> String {
        bindings.map { "\($0.name)=\($0.value)" }.sorted().joined(separator: ", ")
    }
}
