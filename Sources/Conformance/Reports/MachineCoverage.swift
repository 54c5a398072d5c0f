import SpecKit

/// How much of a machine a run covered. A row is covered when it appears in some passed case's `exercised` list.
public struct MachineCoverage: Hashable, Sendable {
    /// The covered row ids of this machine.
    public var coveredRows: Set<String>
    /// States touched by a covered edge (as source or target), in declaration order.
    public var visitedStates: [String]
    /// Every state, in declaration order.
    public var states: [String]
    /// Edges whose row is covered.
    public var coveredEdges: Int
    /// Every edge.
    public var edges: Int
    /// Guard outcomes: for each (state, event) with more than one edge, how many of its rows were covered.
    public var guards: [GuardOutcome]

    /// One (state, event) pair whose outcome depends on guards.
    public struct GuardOutcome: Hashable, Sendable {
        /// The source state.
        public var from: String
        /// The event.
        public var event: String
        /// Each guarded row with its guard text and whether it was covered.
        public var rows: [GuardedRow]

        /// How many of the rows were covered.
        public var coveredCount: Int { rows.filter(\.covered).count }
    }

    /// A row taking part in a guard choice.
    public struct GuardedRow: Hashable, Sendable {
        /// The row id.
        public var row: String
        /// Its guard, as text.
        public var guardText: String
        /// Whether the run covered it.
        public var covered: Bool
    }

    /// Measures a machine spec against a run's cases (only this spec's cases count). Nil for a spec without a graph.
    public init?(spec: CompiledSpec, cases: [CaseResult]) {
        guard let graph = spec.graph else { return nil }
        var covered: Set<String> = []
        for c in cases where c.spec == spec.id && c.status == .passed { covered.formUnion(c.exercised) }
        let graphRows = Set(graph.edges.map(\.row))
        coveredRows = covered.intersection(graphRows)
        let live = graph.edges.filter { covered.contains($0.row) }
        let touched = Set(live.flatMap { [$0.from, $0.to] })
        states = graph.states
        visitedStates = graph.states.filter { touched.contains($0) }
        coveredEdges = live.count
        edges = graph.edges.count
        var groups: [[String]: [MachineGraph.Edge]] = [:]
        for edge in graph.edges { groups[[edge.from, edge.event], default: []].append(edge) }
        let order = graph.states.enumerated().firstByKey { ($1, $0) }
        guards = groups.filter { Set($0.value.map(\.row)).count > 1 }
            .sorted { a, b in (order[a.key[0]] ?? 0, a.key[1]) < (order[b.key[0]] ?? 0, b.key[1]) }
            .map { key, edges in
                GuardOutcome(from: key[0], event: key[1],
                             rows: edges.map { GuardedRow(row: $0.row, guardText: $0.guardText, covered: covered.contains($0.row)) })
            }
    }
}
