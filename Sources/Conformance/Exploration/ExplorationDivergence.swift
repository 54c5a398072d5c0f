import SpecKit

/// A transition where the core does not do what the table predicts: the situation, the event with its inputs, the row
/// that should fire (or none: the table ignores it), and the runner's divergence (the path and the cells that differ).
public struct ExplorationDivergence: Codable, Hashable, Sendable {
    /// The stable id, `EX-<spec>-<state>-<event>-<hash of variables and inputs>`.
    public var id: String
    /// The spec id.
    public var spec: String
    /// The situation's control state.
    public var state: String
    /// The situation's variable values.
    public var variables: [NamedValue]
    /// The event and its inputs, as a reader writes it (`unlock(pin=wrong)`).
    public var event: String
    /// The row the table says fires, or nil where no row matches and the machine ignores the event.
    public var row: String?
    /// The spec's file.
    public var file: String
    /// The row's line (the spec's, for an ignored event).
    public var line: Int
    /// The row's column (the spec's, for an ignored event).
    public var column: Int
    /// What differed: the step, the path that led there, and the cells.
    public var divergence: Divergence
    /// Whether the transition holds on its own shortest path and diverged only after the longer history in
    /// `divergence.path` (the core depends on something the table's situation does not capture).
    public var longerHistory: Bool

    /// Creates a value from all its fields.
    public init(id: String, spec: String, state: String, variables: [NamedValue], event: String, row: String?, file: String,
                line: Int, column: Int, divergence: Divergence, longerHistory: Bool = false) {
        self.id = id
        self.spec = spec
        self.state = state
        self.variables = variables
        self.event = event
        self.row = row
        self.file = file
        self.line = line
        self.column = column
        self.divergence = divergence
        self.longerHistory = longerHistory
    }

    /// The command that reruns the tour of this divergence's machine, over the folder that holds its spec, started by
    /// `program` as the reader invoked lockspec (`RunResult.rerunCommand(for:program:)`).
    public func rerunCommand(program: String) -> String {
        "\(RunResult.shellWord(program)) explore \(RunResult.rerunFolder(of: file)) --spec \(spec)"
    }

    /// The situation as text: `Locked with failures=3, cover=false`; a decision table's is `the table`.
    public var situation: String {
        if state.isEmpty && variables.isEmpty { return "the table" }
        return state + " with " + (variables.isEmpty ? "no variables" : variables.map { "\($0.name)=\($0.value)" }.joined(separator: ", "))
    }
}
