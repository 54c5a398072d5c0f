import SpecKit

/// The transition tours and random walks of every machine explored, each sorted by spec id.
public struct ExplorationResult: Codable, Hashable, Sendable {
    /// One tour per machine spec.
    public var machines: [MachineTourResult]
    /// One set of random walks per machine spec (empty when no walks ran).
    public var walks: [MachineWalkResult] = []

    /// Creates a result.
    public init(machines: [MachineTourResult]) { self.machines = machines.sorted { $0.spec < $1.spec } }

    /// Creates a result with random walks.
    public init(machines: [MachineTourResult], walks: [MachineWalkResult]) {
        self.init(machines: machines)
        self.walks = walks.sorted { $0.spec < $1.spec }
    }

    /// Whether any transition diverged, on the tour or on a walk.
    public var failed: Bool { machines.contains { !$0.divergences.isEmpty } || walks.contains { $0.failingWalks > 0 } }
}
