import SpecKit

/// Everything an exploration found, per machine, sorted by spec id. Each kind of exploration adds its own per-machine
/// section (the transition tour's `machines`, the seeded random walks' `walks`); `divergences`, `failed` and
/// `coverage` gather every kind, and a run's verdict, its expected failures and its reports read only those.
public struct ExplorationResult: Codable, Hashable, Sendable {
    /// One transition tour per machine spec.
    public var machines: [MachineTourResult]
    /// One set of random walks per machine spec (empty when no walks ran).
    public var walks: [MachineWalkResult] = []
    /// One coverage line per machine spec explored.
    public var coverage: [ExplorationCoverage]

    /// Creates a result.
    public init(machines: [MachineTourResult], coverage: [ExplorationCoverage] = [], walks: [MachineWalkResult] = []) {
        self.machines = machines.sorted { $0.spec < $1.spec }
        self.coverage = coverage.sorted { $0.spec < $1.spec }
        self.walks = walks.sorted { $0.spec < $1.spec }
    }

    /// Every divergence of every kind of exploration, once per id (the tour's first, then the walks' shrunk ones),
    /// sorted by spec, then id.
    public var divergences: [ExplorationDivergence] {
        var seen: Set<String> = []
        let all = machines.flatMap(\.divergences) + walks.flatMap { $0.divergences.map(\.divergence) }
        return all.filter { seen.insert($0.id).inserted }.sorted { ($0.spec, $0.id) < ($1.spec, $1.id) }
    }

    /// Every transition the tours checked and every step the walks checked.
    public var checked: Int { machines.reduce(0) { $0 + $1.checked } + walks.reduce(0) { $0 + $1.steps } }

    /// Whether any transition diverged, on the tour or on a walk (a walk's unshrunk divergences count too).
    public var failed: Bool { !divergences.isEmpty || walks.contains { $0.failingWalks > 0 } }
}
