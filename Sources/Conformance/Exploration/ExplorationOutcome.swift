import SpecKit

/// What `ConformanceExploration.run` gives back: the result when the tour ran, or why it could not, with the findings.
public struct ExplorationOutcome: Sendable {
    /// The tours' result, when they ran.
    public var result: ExplorationResult?
    /// Why nothing ran, when it did not (the same reasons as a run's).
    public var stop: RunOutcome.Stop?
    /// The findings that stopped it (empty when it ran), sorted.
    public var diagnostics: [Diagnostic]

    /// Creates an outcome.
    public init(result: ExplorationResult?, stop: RunOutcome.Stop?, diagnostics: [Diagnostic]) {
        self.result = result
        self.stop = stop
        self.diagnostics = diagnostics.sorted()
    }

    /// 0 every transition holds, 1 a divergence, 2 the tour could not run.
    public var exitCode: Int32 {
        guard let result else { return 2 }
        return result.failed ? 1 : 0
    }
}
