/// The sites of one file, located, named and excluded, before the plan numbers them.
struct FileSites: Sendable {
    /// A located site with how it goes into the schemata.
    struct Planned: Sendable, Hashable {
        /// The public site (id and number filled in by the plan).
        var site: MutationSite
        /// Where and how the finder found it.
        var found: FoundSite
    }

    /// The file, package-relative.
    let file: String
    /// The file's structure.
    let structure: SourceStructure
    /// The sites outside excluded declarations, sorted by position, with ids (numbers still 0).
    private(set) var sites: [Planned] = []
    /// The excluded declarations with their site counts.
    private(set) var exclusions: [MutationExclusion] = []

    /// Finds the sites of `text` (the file `file`, package-relative).
    /// - Throws: `SwiftSourceError` when the file does not lex.
    init(text: String, file: String) throws {
        self.file = file
        let finder = try SiteFinder(text: text, file: file)
        structure = finder.structure
        let lines = LineTable(structure.source.characters)
        let excluded = finder.exclusions()
        var counts = Array(repeating: 0, count: excluded.count)
        var kept: [Planned] = []
        for found in finder.allSites() {
            if let hit = excluded.firstIndex(where: { $0.range.contains(found.start) }) {
                counts[hit] += 1
                continue
            }
            let (line, column) = lines.position(of: found.start)
            let (endLine, lastColumn) = lines.position(of: max(found.start, found.end - 1))
            let site = MutationSite(id: "", number: 0, file: file, line: line, column: column, endLine: endLine,
                                    endColumn: lastColumn + (found.end > found.start ? 1 : 0),
                                    declaration: structure.declaration[found.anchor],
                                    mutationOperator: found.mutationOperator, original: found.original,
                                    mutated: found.mutated)
            kept.append(Planned(site: site, found: found))
        }
        sites = Self.withIDs(kept.sorted { Self.precedes($0.site, $1.site) })
        exclusions = excluded.enumerated().map { offset, exclusion in
            MutationExclusion(file: file, line: exclusion.line, declaration: exclusion.declaration,
                              reason: exclusion.reason, siteCount: counts[offset])
        }
    }

    /// The plan's order: file, line, column, operator, mutated text.
    static func precedes(_ lhs: MutationSite, _ rhs: MutationSite) -> Bool {
        (lhs.file, lhs.line, lhs.column) != (rhs.file, rhs.line, rhs.column)
            ? (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
            : lhs.mutationOperator != rhs.mutationOperator ? lhs.mutationOperator < rhs.mutationOperator
            : lhs.mutated != rhs.mutated ? lhs.mutated < rhs.mutated : lhs.endColumn < rhs.endColumn
    }

    /// Gives each site its id: file, declaration, operator, original, mutated and the ordinal among equal ones.
    private static func withIDs(_ sorted: [Planned]) -> [Planned] {
        var seen: [String: Int] = [:]
        return sorted.map { planned in
            var planned = planned
            let site = planned.site
            let key = [site.file, site.declaration, site.mutationOperator.rawValue, site.original, site.mutated]
            let ordinal = seen[key.joined(separator: "\u{0}"), default: 0]
            seen[key.joined(separator: "\u{0}")] = ordinal + 1
            planned.site.id = StableID.make(key + [String(ordinal)])
            return planned
        }
    }
}

/// Line and column (1-based, in characters) of character offsets.
struct LineTable: Sendable {
    private(set) var starts: [Int] = [0]

    /// Indexes the line starts of `characters`.
    init(_ characters: [Character]) {
        for (offset, char) in characters.enumerated() where char.isNewline { starts.append(offset + 1) }
    }

    /// The 1-based line and column of the character at `offset`.
    func position(of offset: Int) -> (line: Int, column: Int) {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return (low + 1, offset - starts[low] + 1)
    }
}

extension LineTable {
    /// The character offset of a 1-based line and column.
    func offset(line: Int, column: Int) -> Int { starts[min(max(line, 1), starts.count) - 1] + column - 1 }
}
