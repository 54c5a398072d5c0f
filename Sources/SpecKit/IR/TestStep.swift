/// One step of a test: an action, then what must hold.
public struct TestStep: Codable, Hashable, Sendable {
    /// What the step does.
    public var action: TestAction
    /// Observations that must hold after it (for machine steps: the state and every variable).
    public var expect: [NamedValue]
    /// The exact effects of the step (a multiset of typed patterns), or nil when not checked.
    public var effects: [EffectPattern]?
    /// The row whose expectation this step checks, if it is a machine transition.
    public var row: String?
    /// Where the step (or its row) is written.
    public var line: Int
    /// Where the step (or its row) is written.
    public var column: Int

    /// Creates a value from all its fields.
    public init(action: TestAction, expect: [NamedValue], effects: [EffectPattern]?, row: String?, line: Int, column: Int) {
        self.action = action
        self.expect = expect
        self.effects = effects
        self.row = row
        self.line = line
        self.column = column
    }
}
