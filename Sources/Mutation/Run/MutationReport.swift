/// A whole mutation analysis (or one shard of it): every selected mutant's result, the gate's rows, the sources, what
/// was excluded, and how long each phase took. Every report (text, Markdown, HTML, Stryker JSON) renders this value,
/// and `MutationMerge` rebuilds one from shard reports.
public struct MutationReport: Codable, Sendable, Hashable {
    /// The results, sorted by file, line, column, operator and id.
    public var mutants: [MutantResult]
    /// The gate's cases in the unmutated run (the rows of the kill matrix).
    public var rows: [GateCase]
    /// The original text of every mutated file, package-relative path → text.
    public var sources: [String: String]
    /// The declarations the marker comment excluded.
    public var excluded: [ExcludedDeclaration]
    /// How the mutants were chosen and run.
    public var settings: MutationSettings
    /// Times and counts of the phases.
    public var timing: MutationTiming

    /// Makes a report; the mutants are sorted.
    public init(mutants: [MutantResult], rows: [GateCase], sources: [String: String], excluded: [ExcludedDeclaration],
                settings: MutationSettings, timing: MutationTiming) {
        self.mutants = mutants.sorted { Self.order($0.site, $1.site) }
        self.rows = rows
        self.sources = sources
        self.excluded = excluded
        self.settings = settings
        self.timing = timing
    }

    /// The site order of every report: file, line, column, operator, id.
    public static func order(_ a: MutationSite, _ b: MutationSite) -> Bool {
        (a.file, a.line, a.column, a.mutationOperator.rawValue, a.id) < (b.file, b.line, b.column, b.mutationOperator.rawValue, b.id)
    }

    /// Mutants detected (killed, timed out or crashed).
    public var detected: Int { mutants.filter { $0.reportedStatus.isDetected }.count }
    /// Mutants in the score's denominator (compile errors and ignored ones left out).
    public var counted: Int { mutants.filter { $0.reportedStatus.counts }.count }
    /// detected ÷ counted, in percent; nil when nothing counts.
    public var score: Double? { counted == 0 ? nil : Double(detected) * 100 / Double(counted) }
    /// The mutants by reported status.
    public var statusCounts: [MutantStatus: Int] {
        mutants.reduce(into: [:]) { $0[$1.reportedStatus, default: 0] += 1 }
    }
}

/// How a mutation analysis chose and ran its mutants.
public struct MutationSettings: Codable, Sendable, Hashable {
    /// The seed of the sample (recorded even when nothing was sampled).
    public var seed: UInt64
    /// The sample size, when only a seeded sample ran.
    public var sample: Int?
    /// `I/N` when this is one shard; nil for a whole run (or a merge of every shard).
    public var shard: String?
    /// The shards merged into this report (`1/3`, `2/3`, …), empty when it was not merged.
    public var mergedShards: [String] = []
    /// How many sites the plan had in all (before sampling and sharding).
    public var planSites: Int
    /// The exploration policy: `rows-first` (the exploration only for mutants the rows did not kill), `always`, or
    /// `never`.
    public var policy: String
    /// The parallel gates.
    public var jobs: Int
    /// Whether each mutant ran only the cases (and explorations) that reach it (`per-case`) or the whole gate (`off`).
    public var coverage: String
    /// Each mutant's timeout in seconds.
    public var timeout: Double
    /// Whether each mutant ran every case that reaches it, so every row that kills it is known (`--matrix`); false
    /// when each stopped at its first failing case. Nil in reports written before the choice existed (they ran every
    /// case).
    public var matrix: Bool?
    /// Whether the mutants the accepted-survivors file lists ran (`--recheck-accepted`), so a listed mutant that is now
    /// detected shows; false when they were reported `Ignored` without a run. Nil in reports written before the choice
    /// existed (they ran).
    public var listedRun: Bool?

    /// Whether the kill matrix is exact: every row that kills each mutant was run.
    public var exactMatrix: Bool { matrix ?? true }
    /// Whether the listed mutants ran, so the accepted list's staleness was checked.
    public var listedChecked: Bool { listedRun ?? true }

    /// Makes settings.
    public init(seed: UInt64, sample: Int?, shard: String?, planSites: Int, policy: String,
                jobs: Int, timeout: Double, coverage: String = "off", matrix: Bool = true, listedRun: Bool = true) {
        self.seed = seed
        self.sample = sample
        self.shard = shard
        self.planSites = planSites
        self.policy = policy
        self.jobs = jobs
        self.timeout = timeout
        self.coverage = coverage
        self.matrix = matrix
        self.listedRun = listedRun
    }
}

/// The phases' wall times (seconds) and build counts.
public struct MutationTiming: Codable, Sendable, Hashable {
    /// Building the schematized copy (every attempt).
    public var build: Double
    /// The schematized builds, the first included.
    public var builds: Int
    /// The unmutated gate, rows-only then whole (the baseline; its times set the timeouts).
    public var baseline: Double
    /// The unmutated gate's rows, scenarios and matrices alone (`--no-explore`).
    public var baselineRows: Double = 0
    /// The unmutated gate, exploration included (0 under the never-explore policy).
    public var baselineWhole: Double = 0
    /// The coverage phase (one unmutated gate process per case and per explored spec); 0 when it did not run.
    public var coverage: Double = 0
    /// The coverage phase's gate processes.
    public var coverageRuns: Int = 0
    /// Running the mutants (the fallback phase included).
    public var mutants: Double
    /// The fallback phase: the unschematized copy's build and baseline, and each fallback mutant's build and gate.
    public var fallback: Double = 0
    /// The fallback builds (one per mutant that could not be schematized).
    public var fallbackBuilds: Int
    /// Fallback mutants left unbuilt because the bound on fallback builds was reached.
    public var fallbackSkipped: Int
    /// The whole analysis.
    public var wall: Double

    /// Makes timings.
    public init(build: Double = 0, builds: Int = 0, baseline: Double = 0, mutants: Double = 0, fallbackBuilds: Int = 0,
                fallbackSkipped: Int = 0, wall: Double = 0) {
        self.build = build
        self.builds = builds
        self.baseline = baseline
        self.mutants = mutants
        self.fallbackBuilds = fallbackBuilds
        self.fallbackSkipped = fallbackSkipped
        self.wall = wall
    }
}
