import SpecKit

/// One machine's random walks: what ran, a fingerprint of the walks, and every distinct divergence, shrunk.
public struct MachineWalkResult: Codable, Hashable, Sendable {
    /// The spec id.
    public var spec: String
    /// The fixture that ran it.
    public var fixture: String
    /// The seed the walks were drawn from.
    public var seed: UInt64
    /// The walks asked for.
    public var walks: Int
    /// The most steps per walk.
    public var length: Int
    /// The steps driven and checked (a walk stops at its first divergence; shrinking is not counted).
    public var steps: Int
    /// The first 16 hex digits of SHA-256 over every walk's steps: equal seeds give equal fingerprints.
    public var fingerprint: String
    /// The walks that diverged.
    public var failingWalks: Int
    /// Each distinct divergence, shrunk, sorted by id.
    public var divergences: [WalkDivergence]
    /// The transitions where further walks diverged that were not shrunk (past the limit on shrinks), sorted.
    public var unshrunk: [String]
    /// What the walks leave out, when they do (kill, relaunch and clock moves the model cannot predict yet).
    public var limit: String?
    /// The moves of the device clock back among the steps checked; nil where the fixture cannot move its clock back.
    public var clockMoves: Int?

    /// Creates a value from all its fields.
    public init(spec: String, fixture: String, seed: UInt64, walks: Int, length: Int, steps: Int, fingerprint: String,
                failingWalks: Int, divergences: [WalkDivergence], unshrunk: [String], limit: String?, clockMoves: Int? = nil) {
        self.spec = spec
        self.fixture = fixture
        self.seed = seed
        self.walks = walks
        self.length = length
        self.steps = steps
        self.fingerprint = fingerprint
        self.failingWalks = failingWalks
        self.divergences = divergences
        self.unshrunk = unshrunk
        self.limit = limit
        self.clockMoves = clockMoves
    }
}
