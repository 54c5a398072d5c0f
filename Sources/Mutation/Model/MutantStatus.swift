/// What became of one mutant, in the words of Stryker's mutation-testing-report-schema.
public enum MutantStatus: String, Codable, Sendable, CaseIterable {
    /// At least one case of the gate failed (or the exploration diverged) with the mutant active.
    case killed = "Killed"
    /// Every case of the gate passed with the mutant active.
    case survived = "Survived"
    /// The gate did not finish within the time limit; counted as killed.
    case timeout = "Timeout"
    /// The gate process crashed (a trap, a signal); counted as killed.
    case runtimeError = "RuntimeError"
    /// The mutated source does not compile; left out of the score.
    case compileError = "CompileError"
    /// The mutant is listed as equivalent or accepted in the accepted-survivors file, and survived (or was not run:
    /// listed mutants run only with `--recheck-accepted`); left out of the score.
    case ignored = "Ignored"
    /// No case of the gate reaches the mutated code; a survivor.
    case noCoverage = "NoCoverage"

    /// Whether the mutant counts as detected in the score.
    public var isDetected: Bool { self == .killed || self == .timeout || self == .runtimeError }
    /// Whether the mutant counts in the score's denominator.
    public var counts: Bool { self != .compileError && self != .ignored }
}
