/// What `lockspec mutate` asks of the engine: the package, where to work, which mutants, how to run them.
public struct MutationRequest: Sendable {
    /// The package to mutate (its root folder).
    public var packageRoot: String
    /// The folder of the stable copy, its scratch path and the gate's outputs (`<package>/.build/mutation`).
    public var workFolder: String
    /// The seed of `sample`.
    public var seed: UInt64 = 1
    /// Runs only a seeded sample of this many mutants.
    public var sample: Int?
    /// Runs only these mutant ids.
    public var only: Set<String>?
    /// Runs only shard I of N (a deterministic round-robin split of the sorted selection).
    public var shard: Shard?
    /// Gates run in parallel.
    public var jobs: Int
    /// When the exploration runs.
    public var policy: ExplorationPolicy = .rowsFirst
    /// Measure per-case coverage after the baseline and run each mutant's reaching cases only (true), or run the
    /// whole gate for every mutant (false, `--coverage off`).
    public var coverage: Bool = true
    /// Run every case that reaches a mutant, recording every row that kills it (the exact kill matrix, `--matrix`), or
    /// stop each mutant's gate at its first failing case (false, the default: a verdict per mutant, in far less time).
    public var matrix: Bool = false
    /// At most this many fallback builds (one per mutant that could not be schematized); the rest are reported as
    /// not built.
    public var maxFallbackBuilds: Int = 16
    /// The mutants the accepted-survivors file lists, reported `Ignored` without a run (as Stryker ignores the mutants
    /// its configuration names); empty to run them like every other mutant (`--recheck-accepted`), which is what shows
    /// that a listed mutant still survives.
    public var listed: Set<String> = []
    /// The mutants whose Timeout is run once more at twice the timeout before it stands: the listed ones under
    /// `--recheck-accepted`, so that a loaded machine cannot make an equivalent mutant look detected (a stale entry).
    public var retryTimeouts: Set<String> = []
    /// Each gate's timeout is this many times the unmutated wall time of what it runs (the whole gate, or under
    /// coverage the selected cases' and specs' coverage runs) …
    public var timeoutFactor: Double = 5
    /// … and never less than this many seconds.
    public var minimumTimeout: Double = 5

    /// Makes a request with the defaults.
    public init(packageRoot: String, workFolder: String, jobs: Int) {
        self.packageRoot = packageRoot
        self.workFolder = workFolder
        self.jobs = max(1, jobs)
    }
}

/// When the exploration (the transition tour and the walks) runs for a mutant.
public enum ExplorationPolicy: String, Sendable, CaseIterable, Codable {
    /// Rows, scenarios and matrices for every mutant; the exploration too for the mutants they did not kill.
    case rowsFirst = "rows-first"
    /// The whole gate, exploration included, for every mutant.
    case always
    /// Never the exploration (rows, scenarios and matrices only).
    case never
}

/// One shard of a split run: `index` of `count`, 1-based.
public struct Shard: Sendable, Hashable, Codable, CustomStringConvertible {
    /// This shard, 1...count.
    public var index: Int
    /// How many shards.
    public var count: Int

    /// Reads `I/N` (1 ≤ I ≤ N); nil when it is not that.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(i) else { return nil }
        index = i
        count = n
    }

    /// `I/N`.
    public var description: String { "\(index)/\(count)" }
}

/// Why an analysis could not run (exit code 2): the message says what to fix.
public struct MutationRunError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var message: String

    /// Makes an error.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
