import SpecKit

/// Everything an exploration found, per machine, sorted by spec id. Each kind of exploration adds its own per-machine
/// section (the transition tour's `machines`; seeded random walks can add theirs beside it); `divergences`, `failed`
/// and `coverage` gather every kind, and a run's verdict, its expected failures and its reports read only those.
public struct ExplorationResult: Codable, Hashable, Sendable {
    /// One transition tour per machine spec.
    public var machines: [MachineTourResult]
    /// One coverage line per machine spec explored.
    public var coverage: [ExplorationCoverage]

    /// Creates a result.
    public init(machines: [MachineTourResult], coverage: [ExplorationCoverage] = []) {
        self.machines = machines.sorted { $0.spec < $1.spec }
        self.coverage = coverage.sorted { $0.spec < $1.spec }
    }

    /// Every divergence of every kind of exploration, sorted by spec, then id.
    public var divergences: [ExplorationDivergence] {
        machines.flatMap(\.divergences).sorted { ($0.spec, $0.id) < ($1.spec, $1.id) }
    }

    /// Every transition checked, by every kind of exploration.
    public var checked: Int { machines.reduce(0) { $0 + $1.checked } }

    /// Whether any transition diverged.
    public var failed: Bool { machines.contains { !$0.divergences.isEmpty } }
}
