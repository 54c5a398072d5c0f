import SpecKit

/// One machine's transition tour: how much it covered and every divergence, sorted by id.
public struct MachineTourResult: Codable, Hashable, Sendable {
    /// The spec id.
    public var spec: String
    /// The fixture that ran it.
    public var fixture: String
    /// The situations the machine can reach.
    public var reachable: Int
    /// The situations the tour visited (fewer than `reachable` only at the limit).
    public var situations: Int
    /// The transitions the table predicts in those situations.
    public var transitions: Int
    /// The transitions fired (fewer than `transitions` when a path to a situation already diverged).
    public var checked: Int
    /// Why the tour covers less than every reachable situation, when it does.
    public var limit: String?
    /// `the tour stopped early: <limit>`, the warning the reports give for it; nil when the tour did not stop.
    public var stoppedEarly: String? { limit.map { "the tour stopped early: \($0)" } }
    /// Every divergence, sorted by id.
    public var divergences: [ExplorationDivergence]
    /// The situations, (situation, event) pairs and rows the tour fired.
    public var reach: MachineReach
    /// The ids of the predicted transitions the tour could not fire (their situation is reachable only over
    /// transitions that diverged), sorted.
    public var unchecked: [String]
    /// For a decision table, the fixture function it evaluates (its transitions are input combinations); nil for a
    /// machine.
    public var table: String?
    /// The moves of the device clock back among the transitions checked; nil where the fixture cannot move its clock
    /// back.
    public var clockMoves: Int?
    /// When the tour stopped at its first divergence that fails the run (`--fail-fast`): the steps it had taken by then
    /// (the greedy tour's every step, moves included; the replay tour's transitions). Nil when it ran to the end.
    public var stoppedAfter: Int?

    /// Creates a value from all its fields.
    public init(spec: String, fixture: String, reachable: Int, situations: Int, transitions: Int, checked: Int,
                limit: String?, divergences: [ExplorationDivergence], reach: MachineReach,
                unchecked: [String] = [], table: String? = nil, clockMoves: Int? = nil, stoppedAfter: Int? = nil) {
        self.spec = spec
        self.fixture = fixture
        self.reachable = reachable
        self.situations = situations
        self.transitions = transitions
        self.checked = checked
        self.limit = limit
        self.divergences = divergences
        self.reach = reach
        self.unchecked = unchecked
        self.table = table
        self.clockMoves = clockMoves
        self.stoppedAfter = stoppedAfter
    }
}
