/// Puts every schematizable site of one file behind the mutant switch: literals become ternaries in place, function
/// bodies with other sites are copied once per mutant behind `if LockSpecMutantSwitch.on(N) { … } else …`.
/// `on(N)` is `active == N`, and records that the code of mutant N was reached when the run records coverage.
struct Schematizer {
    /// The name of the generated switch type.
    static let switchName = "LockSpecMutantSwitch"

    /// One change to the text: a character range and its replacement (pieces with their own regions).
    struct Edit {
        var start: Int
        var end: Int
        var write: (inout Output) -> Void
    }

    /// The text being written, with its current line and the regions recorded so far.
    struct Output {
        var text = ""
        var line = 1
        var regions: [SchematizedRegion] = []
        let file: String

        mutating func append(_ piece: String) {
            text += piece
            line += piece.reduce(0) { $0 + ($1.isNewline ? 1 : 0) }
        }

        mutating func appendRegion(_ piece: String, ids: [String]) {
            let first = line
            append(piece)
            regions.append(SchematizedRegion(file: file, firstLine: first, lastLine: line, siteIDs: ids))
        }
    }

    let structure: SourceStructure
    let chars: [Character]
    let lines: LineTable

    private init(structure: SourceStructure) {
        self.structure = structure
        chars = structure.source.characters
        lines = LineTable(chars)
    }

    /// The schematized text of a file, its regions, and the ids of its sites that had to stay out (fallback).
    static func schematize(file: String, structure: SourceStructure, sites: [FileSites.Planned],
                           leaving: Set<String>) -> (text: String, regions: [SchematizedRegion], fallback: [String]) {
        let schematizer = Schematizer(structure: structure)
        var groups = Groups()
        var fallback: [String] = []
        for planned in sites.sorted(by: { $0.site.number < $1.site.number }) {
            let left = leaving.contains(planned.site.id)
            switch planned.found.placement {
            case .literal(let token) where !left: groups.literal[token, default: []].append(planned)
            case .body(let open) where !left: groups.bodies[open, default: []].append(planned)
            case .rawValue(let open) where !left: groups.enums[open, default: []].append(planned)
            case .initializer(let first, let last) where !left:
                groups.initializers[TokenSpan(first: first, last: last), default: []].append(planned)
            default: fallback.append(planned.site.id)
            }
        }
        var output = Output(file: file)
        schematizer.write(0..<structure.source.characters.count, edits: schematizer.edits(groups), to: &output)
        return (output.text, output.regions, fallback)
    }

    /// The sites of a file by how they go in: literal tokens, function bodies, raw-value enums, initializers.
    struct Groups {
        var literal: [Int: [FileSites.Planned]] = [:]
        var bodies: [Int: [FileSites.Planned]] = [:]
        var enums: [Int: [FileSites.Planned]] = [:]
        var initializers: [TokenSpan: [FileSites.Planned]] = [:]
    }

    /// The first and last token of a stretch of source.
    struct TokenSpan: Hashable {
        var first: Int
        var last: Int
    }

    private func edits(_ groups: Groups) -> [Edit] {
        let tokens = structure.tokens
        var edits: [Edit] = []
        var literalEdits: [Edit] = []
        for (token, sites) in groups.literal {
            let original = tokens[token].text
            literalEdits.append(Edit(start: tokens[token].start, end: tokens[token].end) { output in
                output.appendRegion(Self.ternary(original: original, sites: sites.map(\.site)), ids: sites.map(\.site.id))
            })
        }
        for (open, sites) in groups.bodies {
            let inner = tokens[open].end..<tokens[structure.match[open]].start
            let innerLiterals = literalEdits.filter { inner.contains($0.start) }
            edits.append(Edit(start: inner.lowerBound, end: inner.upperBound) { output in
                self.writeCopies(of: inner, sites: sites.map(\.site), literals: innerLiterals, to: &output)
            })
        }
        for (span, sites) in groups.initializers {
            let range = tokens[span.first].start..<tokens[span.last].end
            let inner = literalEdits.filter { range.contains($0.start) }
            edits.append(Edit(start: range.lowerBound, end: range.upperBound) { output in
                self.writeTernary(of: range, sites: sites.map(\.site), literals: inner, to: &output)
            })
        }
        for (open, sites) in groups.enums {
            if let enumeration = structure.rawValueEnum(body: open) {
                edits += rawValueEdits(enumeration, sites: sites.map(\.site))
            }
        }
        let bodyRanges = edits.map { $0.start..<$0.end }
        edits += literalEdits.filter { edit in !bodyRanges.contains { $0.contains(edit.start) } }
        return edits.sorted { $0.start < $1.start }
    }

    /// `(LockSpecMutantSwitch.on(3) ? 61 : LockSpecMutantSwitch.on(4) ? 59 : 60)`.
    static func ternary(original: String, sites: [MutationSite]) -> String {
        "(" + sites.map { "\(switchName).on(\($0.number)) ? \($0.mutated) : " }.joined() + original + ")"
    }

    /// The body's inner text once per mutant (that mutant only), then the original with its literal ternaries.
    private func writeCopies(of inner: Range<Int>, sites: [MutationSite], literals: [Edit], to output: inout Output) {
        for (offset, site) in sites.enumerated() {
            let header = (offset == 0 ? "\nif " : "\n} else if ") + "\(Self.switchName).on(\(site.number)) {"
            var copy = Output(file: output.file)
            write(inner, edits: [mutantEdit(site)], to: &copy)
            output.append("\n")
            output.appendRegion(String(header.dropFirst()) + copy.text, ids: [site.id])
        }
        output.append("\n} else {")
        write(inner, edits: literals, to: &output)
        output.append("\n")
        // A "missing return" of any copy is reported on the body's closing line: blame every mutant of the body.
        output.appendRegion("}", ids: sites.map(\.id))
    }

    /// The edit of one site, located by its original line and column.
    func mutantEdit(_ site: MutationSite) -> Edit {
        let start = lines.offset(line: site.line, column: site.column)
        let end = lines.offset(line: site.endLine, column: site.endColumn)
        return Edit(start: start, end: end) { $0.append(site.mutated) }
    }

    /// Writes the characters of `range`, with `edits` (sorted, not overlapping, inside the range) applied.
    func write(_ range: Range<Int>, edits: [Edit], to output: inout Output) {
        var cursor = range.lowerBound
        for edit in edits.sorted(by: { $0.start < $1.start }) where edit.start >= cursor {
            output.append(String(chars[cursor..<edit.start]))
            edit.write(&output)
            cursor = edit.end
        }
        output.append(String(chars[cursor..<range.upperBound]))
    }
}
