/// A declaration that a `// lockspec:mutate-exclude <reason>` comment left out of the analysis, with what it held.
public struct MutationExclusion: Codable, Sendable, Hashable {
    /// The file, relative to the package root.
    public var file: String
    /// The 1-based line of the marker comment.
    public var line: Int
    /// The excluded declaration's path (`MedTimeUnlock.description`).
    public var declaration: String
    /// The reason written after the marker.
    public var reason: String
    /// How many sites the declaration would have given.
    public var siteCount: Int

    /// Makes an exclusion from all its parts.
    public init(file: String, line: Int, declaration: String, reason: String, siteCount: Int) {
        self.file = file
        self.line = line
        self.declaration = declaration
        self.reason = reason
        self.siteCount = siteCount
    }
}
