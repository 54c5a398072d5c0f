import SpecKit

/// One machine's coverage: of its reachable situations, (situation, event) pairs and rows, how many the rows' own
/// paths reach (the compiled cases) and how many the exploration reaches. In the JSON and HTML reports.
public struct ExplorationCoverage: Codable, Hashable, Sendable {
    /// The spec id.
    public var spec: String
    /// The situations explored (every reachable one unless the exploration stopped at its limit).
    public var situations: Int
    /// The distinct (situation, event) pairs in those situations.
    public var pairs: Int
    /// The machine's rows, sorted.
    public var rows: [String]
    /// What the compiled cases of the spec's rows reach along their paths.
    public var byRows: MachineReach
    /// What the exploration reached.
    public var byExploration: MachineReach

    /// Creates a value from all its fields.
    public init(spec: String, situations: Int, pairs: Int, rows: [String], byRows: MachineReach, byExploration: MachineReach) {
        self.spec = spec
        self.situations = situations
        self.pairs = pairs
        self.rows = rows
        self.byRows = byRows
        self.byExploration = byExploration
    }

    /// Measures a machine: its exploration (the model), the compiled cases of its spec, and what the tour reached.
    public init(_ exploration: MachineExploration, rows: [String], cases: [TestCase], tour: MachineReach) {
        var index: [[Value]: Int] = [:]
        var pairs = 0
        for (i, situation) in exploration.situations.enumerated() {
            index[[.symbol(situation.state)] + situation.variables.map(\.value)] = i
            pairs += Set(situation.transitions.map { Self.event($0.step.action) }).count
        }
        var reached: Set<Int> = [], reachedPairs: Set<[String]> = [], reachedRows: Set<String> = []
        for testCase in cases where testCase.spec == exploration.spec {
            var current: Int? = exploration.situations.isEmpty ? nil : 0
            for step in testCase.steps {
                if let c = current {
                    reached.insert(c)
                    reachedPairs.insert([String(c), Self.event(step.action)])
                }
                if let row = step.row { reachedRows.insert(row) }
                if !step.action.isDecision { current = index[step.expect.map(\.value)] }
            }
        }
        self.init(spec: exploration.spec, situations: exploration.situations.count, pairs: pairs, rows: rows.sorted(),
                  byRows: MachineReach(situations: reached.count, pairs: reachedPairs.count, rows: reachedRows.sorted()),
                  byExploration: tour)
    }

    /// The event a step fires, without its inputs (a non-event step by its description).
    static func event(_ action: TestAction) -> String {
        if case .event(let name, _) = action { return name }
        return action.description
    }
}
