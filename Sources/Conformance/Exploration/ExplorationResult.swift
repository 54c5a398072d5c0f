import SpecKit

/// The transition tours of every machine explored, sorted by spec id.
public struct ExplorationResult: Codable, Hashable, Sendable {
    /// One tour per machine spec.
    public var machines: [MachineTourResult]

    /// Creates a result.
    public init(machines: [MachineTourResult]) { self.machines = machines.sorted { $0.spec < $1.spec } }

    /// Whether any transition diverged.
    public var failed: Bool { machines.contains { !$0.divergences.isEmpty } }
}
