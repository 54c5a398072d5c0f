/// Every mutant of a core's sources and the schematized copy that holds them all behind one switch.
///
/// Made by `MutationPlanner.plan(packageRoot:sourceFolder:leaving:)`. Mutant `number` N is active in the schematized
/// build when the environment variable `LOCKSPEC_MUTANT` is N (0 or unset: none).
public struct MutationPlan: Codable, Sendable {
    /// Every site, sorted by file, line, column, operator and mutated text; `number` runs 1...n in that order.
    public var sites: [MutationSite]
    /// The declarations excluded by the marker comment, each with its site count (their sites are not in `sites`).
    public var excluded: [MutationExclusion]
    /// Package-relative path → schematized text, for every file with a site in the schemata, plus the switch file.
    public var schematizedFiles: [String: String]
    /// The ids of the sites that are not in the schemata (they cannot be schematized, or were left out with
    /// `leaving`): each needs its own build from `mutatedSource(of:)`.
    public var fallback: [String]
    /// Package-relative path → original text, for every file with a site.
    public var originalFiles: [String: String]
    /// Which lines of the schematized files belong to which sites.
    public var regions: [SchematizedRegion]

    /// Makes a plan from all its parts.
    public init(sites: [MutationSite], excluded: [MutationExclusion], schematizedFiles: [String: String],
                fallback: [String], originalFiles: [String: String], regions: [SchematizedRegion]) {
        self.sites = sites
        self.excluded = excluded
        self.schematizedFiles = schematizedFiles
        self.fallback = fallback
        self.originalFiles = originalFiles
        self.regions = regions
    }

    /// The ids of the sites whose schematized text is on `line` (1-based) of the schematized file `path`
    /// (package-relative): the sites a compile error on that line is blamed on. Sorted by site number; empty when the
    /// line holds no mutated text.
    public func siteIDs(inSchematizedFile path: String, line: Int) -> [String] {
        var ids: Set<String> = []
        for region in regions where region.file == path && region.firstLine <= line && line <= region.lastLine {
            ids.formUnion(region.siteIDs)
        }
        return sites.filter { ids.contains($0.id) }.map(\.id)
    }

    /// The text of the one file that site `id` changes, with only that mutant applied (for a fallback build), or nil
    /// when there is no such site.
    public func mutatedSource(of id: String) -> (path: String, text: String)? {
        guard let site = sites.first(where: { $0.id == id }), let original = originalFiles[site.file] else {
            return nil
        }
        return (site.file, SourceEdit.apply(site, to: original))
    }
}
