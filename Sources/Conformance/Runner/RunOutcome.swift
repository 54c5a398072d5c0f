import SpecKit

/// What `ConformanceRun.run` gives back: the result when the run happened, or why it could not, with the findings.
public struct RunOutcome: Sendable {
    /// Why a run did not happen.
    public enum Stop: Hashable, Sendable {
        /// A path could not be read, or a documents folder does not exist; the diagnostics say which.
        case unreadableInput
        /// The specs have errors; the diagnostics are those errors.
        case specsDoNotCompile
        /// The expected-failures file or the design documents do not fit the specs; the diagnostics say how.
        case invalidInput
        /// A selected row or spec is not in the suite: a sentence with a did-you-mean (or, with none close, where the ids
        /// are), for the command line's usage error.
        case unknownSelection(String)
    }

    /// The run's result, when it ran.
    public var result: RunResult?
    /// Why it did not run, when it did not.
    public var stop: Stop?
    /// The findings that stopped the run (empty when it ran), sorted.
    public var diagnostics: [Diagnostic]
    /// When a run of some specs (`--spec`, `--row`) went ahead although others have lint errors: those errors, none
    /// in a file the selected specs read (their own, their fixture's product file, the machine they use). Sorted.
    public var unselectedErrors: [Diagnostic] = []
    /// When it ran: lint's warnings in the files of the specs that ran (a scenario that contradicts its machine, a
    /// value at a domain's edge), which the run does not check. Sorted.
    public var warnings: [Diagnostic] = []

    /// Creates an outcome.
    public init(result: RunResult?, stop: Stop?, diagnostics: [Diagnostic]) {
        self.result = result
        self.stop = stop
        self.diagnostics = diagnostics.sorted()
    }

    /// The exit code every LockSpec command uses: 0 everything holds, 1 findings (a divergence, an unexpected pass, an
    /// expired expectation), 2 the job could not be done.
    public var exitCode: Int32 {
        guard let result else { return 2 }
        return result.failed ? 1 : 0
    }
}
