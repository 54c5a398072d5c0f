/// What the run engine needs from a mutation plan: the sites, what the marker comment excluded, the schematized files,
/// the sites that need their own build, and the two look-ups behind compile-error recovery and fallback builds.
///
/// The site finder's `MutationPlan` is adapted into this (see `RunPlan.init(_:)` in `PlanAdapter.swift`), so the engine
/// and its tests depend on this shape only.
public struct RunPlan: Sendable {
    /// Every site, sorted; `number` is the switch value that selects it.
    public var sites: [MutationSite]
    /// The declarations the marker comment excluded, with how many sites each would have had.
    public var excluded: [ExcludedDeclaration]
    /// Package-relative path → schematized text (the switch file included).
    public var schematizedFiles: [String: String]
    /// The ids of the sites that are not in the schemata and need a build of their own.
    public var fallback: [String]
    /// The ids of the sites whose schematized code sits on a line of a schematized file (package-relative path).
    public var siteIDsAt: @Sendable (_ path: String, _ line: Int) -> [String]
    /// The one-mutant text of a site's file (package-relative path and text), for a fallback build.
    public var mutatedSource: @Sendable (_ id: String) -> (path: String, text: String)?

    /// Makes a plan from all its parts.
    public init(sites: [MutationSite], excluded: [ExcludedDeclaration], schematizedFiles: [String: String],
                fallback: [String], siteIDsAt: @escaping @Sendable (String, Int) -> [String],
                mutatedSource: @escaping @Sendable (String) -> (path: String, text: String)?) {
        self.sites = sites
        self.excluded = excluded
        self.schematizedFiles = schematizedFiles
        self.fallback = fallback
        self.siteIDsAt = siteIDsAt
        self.mutatedSource = mutatedSource
    }
}

/// A declaration excluded from mutation by the marker comment, and how many sites it would have had.
public struct ExcludedDeclaration: Codable, Sendable, Hashable {
    /// The file, package-relative.
    public var file: String
    /// The declaration path (`LaunchLock.description`).
    public var declaration: String
    /// The sites left out.
    public var sites: Int
    /// The reason written after the marker, if any.
    public var reason: String?

    /// Makes an exclusion.
    public init(file: String, declaration: String, sites: Int, reason: String? = nil) {
        self.file = file
        self.declaration = declaration
        self.sites = sites
        self.reason = reason
    }
}
