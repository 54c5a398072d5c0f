/// One mutant's outcome: its site, its status and what detected it.
public struct MutantResult: Codable, Sendable, Hashable {
    /// The site (the mutant's place, operator and texts).
    public var site: MutationSite
    /// The status as measured (never `ignored` by acceptance: see `reportedStatus`).
    public var status: MutantStatus
    /// The cases (and exploration findings, `EX-…`) that failed with the mutant active, sorted.
    public var killedBy: [String]
    /// Whether the mutant ran in a build of its own (it could not be schematized).
    public var fallback: Bool
    /// Why the status is what it is, when the ids do not say it (a timeout, a signal, a compile error).
    public var reason: String?
    /// The gate's wall time for this mutant, in milliseconds.
    public var milliseconds: Int
    /// Whether the exploration ran for this mutant (under the rows-first policy, only for row survivors).
    public var explored: Bool
    /// The accepted-survivors entry that lists it, if any.
    public var accepted: AcceptedSurvivor?
    /// What reaches the mutant's code, measured by the coverage phase: case ids, then `explore:<spec>` for each spec
    /// whose exploration reaches it; nil when no coverage was measured for it (`--coverage off`, a fallback build).
    public var coveredBy: [String]?

    /// The prefix of a spec's exploration in `coveredBy`.
    public static let explorationPrefix = "explore:"

    /// Makes a result.
    public init(site: MutationSite, status: MutantStatus, killedBy: [String] = [], fallback: Bool = false,
                reason: String? = nil, milliseconds: Int = 0, explored: Bool = false, accepted: AcceptedSurvivor? = nil,
                coveredBy: [String]? = nil) {
        self.site = site
        self.status = status
        self.killedBy = killedBy
        self.fallback = fallback
        self.reason = reason
        self.milliseconds = milliseconds
        self.explored = explored
        self.accepted = accepted
        self.coveredBy = coveredBy
    }

    /// The status every report shows: a survivor listed in the accepted-survivors file is `Ignored`.
    public var reportedStatus: MutantStatus {
        accepted != nil && (status == .survived || status == .noCoverage) ? .ignored : status
    }
}

/// One entry of the accepted-survivors file: a mutant no behaviour table can see, or an equivalent one.
public struct AcceptedSurvivor: Codable, Sendable, Hashable {
    /// The mutant's stable id.
    public var mutant: String
    /// Why it may survive.
    public var reason: String
    /// The last day it may (YYYY-MM-DD).
    public var expires: String
    /// The line of the entry in its file.
    public var line: Int
    /// Whether the mutant's outcome depends on thread timing (`racy: true`: a data race the mutant opens, which
    /// crashes some runs and not others): then a run that detects it is not a stale entry.
    public var racy: Bool = false

    /// Makes an entry.
    public init(mutant: String, reason: String, expires: String, line: Int, racy: Bool = false) {
        self.mutant = mutant
        self.reason = reason
        self.expires = expires
        self.line = line
        self.racy = racy
    }
}
