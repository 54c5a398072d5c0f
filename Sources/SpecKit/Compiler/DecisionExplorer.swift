/// Turns a decision spec into an exploration over every combination of its inputs, not only the points its rows are
/// checked at: every member of a boolean or enumeration input, every value of a small integer or duration input, and
/// the edges of each of the rows' regions (its first two and last two values) of a larger one. The table is the
/// oracle: the row its hit policy chooses gives the outputs.
///
/// The result is a `MachineExploration` with one situation, the table, whose transitions each evaluate one combination
/// and leave the fixture where it was (a table is a pure function), so the transition tour, the expected-failures
/// file and every report take a decision table as they take a machine.
public enum DecisionExplorer {
    /// An integer or duration input with at most this many values is tried at every value.
    public static let wholeDomainLimit = 64

    /// Explores a decision spec; nil for other kinds of spec, and for a table whose conditions split its inputs
    /// past the region analysis's limit (lint says `check.limit`). Combinations no row decides are left out: they are
    /// `check.gap` errors, and a spec with errors is not explored. Past `maximumTransitions` combinations, the rest
    /// are left out and `limit` says so.
    public static func explore(_ spec: Spec, maximumTransitions: Int = MachineExplorer.defaultMaximumTransitions) -> MachineExploration? {
        guard case .decision(let table) = spec.body else { return nil }
        let analysis = RegionAnalysis(declarations: table.inputs, conditions: table.rows.map(\.when))
        guard analysis.atomCount != nil else { return nil }
        let values = analysis.dimensions.indices.map { tried(dimension: $0, in: analysis) }
        let total = RegionAnalysis.product(values.map(\.count)) ?? Int.max
        var transitions: [MachineExploration.Transition] = []
        Combinations.forEach(counts: values.map(\.count), limit: maximumTransitions) { index in
            let point = zip(values, index).map { $0[$1] }
            let atom = point.enumerated().map { d, ordinal in analysis.atoms[d].firstIndex { $0.contains(ordinal) } ?? 0 }
            guard let r = analysis.matching(atom).first else { return }
            let inputs = zip(analysis.dimensions, point).map { NamedValue($0.name, $0.domain.value(atOrdinal: $1)) }
            transitions.append(MachineExploration.Transition(
                id: transitionID(spec: spec.id, inputs: inputs),
                step: TableCompiler.decisionStep(table: table, row: table.rows[r], inputs: inputs)))
        }
        let limit = total > maximumTransitions
            ? "the table has \(total) input combinations to try; the exploration stops after \(maximumTransitions) of them" : nil
        let situation = MachineExploration.Situation(state: "", variables: [], path: [], transitions: transitions)
        return MachineExploration(spec: spec.id, fixture: spec.fixture, product: spec.effectiveProduct.namedValues,
                                  file: spec.file, situations: [situation], reachable: 1, limit: limit, table: table.table.name)
    }

    /// The ordinals tried on one input: its whole domain when small, else each region's first two and last two.
    static func tried(dimension d: Int, in analysis: RegionAnalysis) -> [Int] {
        let whole = analysis.dimensions[d].whole
        if whole.count <= wholeDomainLimit { return Array(whole) }
        return Set(analysis.atoms[d].flatMap { atom in
            [atom.lowerBound, atom.lowerBound + 1, atom.upperBound - 1, atom.upperBound].filter { atom.contains($0) }
        }).sorted()
    }

    /// `EX-<spec>-decide-<hash>`: the first 8 hex digits of SHA-256 over the inputs' `name=value` pairs.
    static func transitionID(spec: String, inputs: [NamedValue]) -> String {
        let text = inputs.map { "\($0.name)=\($0.value)" }.joined(separator: ",")
        return "EX-\(spec)-decide-" + SHA256.hex(Array(text.utf8)).prefix(8)
    }
}
