/// The sites of one file, located, named and excluded, before the plan numbers them.
struct FileSites: Sendable {
    /// A located site with how it goes into the schemata.
    struct Planned: Sendable, Hashable {
        /// The public site (id and number filled in by the plan).
        var site: MutationSite
        /// Where and how the finder found it.
        var found: FoundSite
        /// The text of the lines the site stands on, whitespace runs folded: part of its id.
        var context: String
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
            kept.append(Planned(site: site, found: found, context: lines.text(from: line, through: endLine, of: structure.source.characters)))
        }
        sites = Self.withIDs(kept.sorted { Self.precedes($0.site, $1.site) })
        exclusions = excluded.enumerated().compactMap { offset, exclusion in
            guard exclusion.marked || counts[offset] > 0 else { return nil }
            return MutationExclusion(file: file, line: exclusion.line, declaration: exclusion.declaration,
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

    /// Gives each site its id: file, declaration, operator, original, mutated, the text of its lines and the ordinal
    /// among equal ones. The lines' text keeps an id from passing to another site of the same shape in the same
    /// declaration when code moves (a `0 → 1` of one line taking the id an accepted survivor was decided for on
    /// another); an edit of the site's own lines gives it a new id, which the accepted list then names as unknown.
    private static func withIDs(_ sorted: [Planned]) -> [Planned] {
        var seen: [String: Int] = [:]
        return sorted.map { planned in
            var planned = planned
            let site = planned.site
            let key = [site.file, site.declaration, site.mutationOperator.rawValue, site.original, site.mutated, planned.context]
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
    /// The text of lines `first...last` (1-based) of `characters`, each run of whitespace folded into one space and
    /// the ends trimmed, so that indentation and line breaks do not count.
    func text(from first: Int, through last: Int, of characters: [Character]) -> String {
        let start = starts[first - 1], end = last < starts.count ? starts[last] : characters.count
        return characters[start..<end].split(whereSeparator: \.isWhitespace).map { String($0) }.joined(separator: " ")
    }

    /// The character offset of a 1-based line and column.
    func offset(line: Int, column: Int) -> Int { starts[min(max(line, 1), starts.count) - 1] + column - 1 }
}
