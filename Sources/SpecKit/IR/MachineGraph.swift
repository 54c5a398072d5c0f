/// A machine's states and transitions, for diagrams and coverage.
public struct MachineGraph: Codable, Hashable, Sendable {
    /// The states, in declaration order.
    public var states: [String]
    /// The initial state.
    public var initial: String
    /// One edge per (row, source state, event).
    public var edges: [Edge]

    /// Edges with the same source, target and event, drawn as one arrow labelled with all their rows.
    public struct Transition: Hashable, Sendable {
        /// The source state.
        public var from: String
        /// The target state.
        public var to: String
        /// The event.
        public var event: String
        /// The rows behind the arrow, in file order.
        public var rows: [String]
    }

    /// The edges merged by source, target and event, in the order they first appear.
    public var transitions: [Transition] {
        var result: [Transition] = []
        var index: [[String]: Int] = [:]
        for edge in edges {
            let key = [edge.from, edge.to, edge.event]
            if let i = index[key] {
                result[i].rows.append(edge.row)
            } else {
                index[key] = result.count
                result.append(Transition(from: edge.from, to: edge.to, event: edge.event, rows: [edge.row]))
            }
        }
        return result
    }

    /// A transition drawn in a diagram.
    public struct Edge: Codable, Hashable, Sendable {
        /// The row it comes from.
        public var row: String
        /// The source state.
        public var from: String
        /// The target state.
        public var to: String
        /// The event.
        public var event: String
        /// The guard, as text (empty when none).
        public var guardText: String

        /// Creates an edge from all its fields.
        public init(row: String, from: String, to: String, event: String, guardText: String) {
            self.row = row
            self.from = from
            self.to = to
            self.event = event
            self.guardText = guardText
        }
    }

    /// Creates a graph from all its fields.
    public init(states: [String], initial: String, edges: [Edge]) {
        self.states = states
        self.initial = initial
        self.edges = edges
    }
}
