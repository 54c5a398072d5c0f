import SpecKit

/// How much of a machine some checks reached: situations (state and variable values), (situation, event) pairs and
/// rows. The coverage report states one for the rows' own paths and one for the exploration.
public struct MachineReach: Codable, Hashable, Sendable {
    /// Situations in which some event was fired.
    public var situations: Int
    /// Distinct (situation, event) pairs fired, whatever the inputs.
    public var pairs: Int
    /// The rows that fired, sorted.
    public var rows: [String]

    /// Creates a value from all its fields.
    public init(situations: Int, pairs: Int, rows: [String]) {
        self.situations = situations
        self.pairs = pairs
        self.rows = rows
    }

    /// What a tour reached: the transitions it fired (`fired[situation][transition]`).
    public init(_ exploration: MachineExploration, fired: [[Bool]]) {
        var situations = 0, pairs = 0
        var rows: Set<String> = []
        for (s, situation) in exploration.situations.enumerated() where s < fired.count {
            var events: Set<String> = []
            for (t, transition) in situation.transitions.enumerated() where t < fired[s].count && fired[s][t] {
                events.insert(ExplorationCoverage.event(transition.step.action))
                if let row = transition.step.row { rows.insert(row) }
            }
            if !events.isEmpty { situations += 1 }
            pairs += events.count
        }
        self.init(situations: situations, pairs: pairs, rows: rows.sorted())
    }
}
