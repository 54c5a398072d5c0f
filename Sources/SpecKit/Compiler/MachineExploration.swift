/// What a machine table predicts everywhere it can reach: every reachable situation (state and variable values) with a
/// shortest path to it, and for each, every event with every input atom and its predicted outcome. Built by
/// `MachineExplorer`; driven against a core by Conformance's transition tour.
public struct MachineExploration: Hashable, Sendable {
    /// The spec id.
    public var spec: String
    /// The fixture that runs it.
    public var fixture: String
    /// Product values for the fixture.
    public var product: [NamedValue]
    /// The spec's file.
    public var file: String
    /// The reachable situations, in breadth-first order (the first is the initial one).
    public var situations: [Situation]
    /// Every reachable situation the machine has, counted even when the tour stops before some of them.
    public var reachable: Int
    /// Why the exploration covers less than every reachable situation, when it does (a `check.limit`-style note).
    public var limit: String?
    /// For a decision table's exploration (`DecisionExplorer`), the fixture function it evaluates; nil for a machine.
    public var table: String? = nil

    /// A reachable situation and everything that can happen in it.
    public struct Situation: Hashable, Sendable {
        /// The control state.
        public var state: String
        /// Every variable's value.
        public var variables: [NamedValue]
        /// A shortest path from the initial situation: machine steps, each with its full frame and effects.
        public var path: [TestStep]
        /// Every event with every input atom, and what the table predicts.
        public var transitions: [Transition]
    }

    /// One event with one input combination in a situation, and the table's prediction.
    public struct Transition: Hashable, Sendable {
        /// A stable id: `EX-<spec>-<state>-<event>-<8 hex digits of the variables and inputs>`.
        public var id: String
        /// The event, its inputs, the frame after it and the exact effects. `row` names the row that fires, or is
        /// nil where no row matches and the machine says `otherwise: ignore` (nothing changes, nothing is emitted).
        public var step: TestStep
    }

    /// How many transitions the exploration predicts.
    public var transitionCount: Int { situations.reduce(0) { $0 + $1.transitions.count } }
}
