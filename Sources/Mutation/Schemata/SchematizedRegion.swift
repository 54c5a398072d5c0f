/// Lines of a schematized file that belong to some sites: a compile error on one of them is caused by those sites.
public struct SchematizedRegion: Codable, Sendable, Hashable {
    /// The schematized file, relative to the package root.
    public var file: String
    /// The first line (1-based) of the region in the schematized text.
    public var firstLine: Int
    /// The last line (1-based, inclusive) of the region in the schematized text.
    public var lastLine: Int
    /// The ids of the sites whose mutated text those lines hold.
    public var siteIDs: [String]

    /// Makes a region from all its parts.
    public init(file: String, firstLine: Int, lastLine: Int, siteIDs: [String]) {
        self.file = file
        self.firstLine = firstLine
        self.lastLine = lastLine
        self.siteIDs = siteIDs
    }
}
