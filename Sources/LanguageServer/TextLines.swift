/// A document's text split into lines, converting between SpecKit's locations (1-based line, 1-based column in
/// Unicode scalars, as libyaml counts) and LSP positions (0-based line, 0-based character in UTF-16 code units).
public struct TextLines: Sendable {
    /// The lines, without their line breaks.
    public var lines: [Substring]

    /// Splits `text` at `\n` and `\r\n` (one `Character` in Swift, so it is named on its own).
    public init(_ text: String) {
        lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    }

    /// The LSP character (UTF-16 offset) of a 1-based scalar column on 0-based `line`.
    public func character(line: Int, column: Int) -> Int {
        guard lines.indices.contains(line) else { return max(0, column - 1) }
        let scalars = lines[line].unicodeScalars
        var utf16 = 0
        for (i, scalar) in scalars.enumerated() where i < column - 1 { utf16 += scalar.utf16.count }
        return utf16
    }

    /// The scalars of `line`, or none.
    func scalars(_ line: Int) -> [Unicode.Scalar] {
        lines.indices.contains(line) ? Array(lines[line].unicodeScalars) : []
    }

    /// The LSP range of the token a finding at 1-based (line, column) points at: a quoted scalar to its closing quote,
    /// else up to the next space, comma, bracket, brace, or `: `. An empty token spans to the end of the line.
    public func tokenRange(line: Int, column: Int) -> (line: Int, start: Int, end: Int) {
        let l = max(0, line - 1)
        let text = scalars(l)
        let start = max(0, column - 1)
        guard start < text.count else { return (l, character(line: l, column: column), character(line: l, column: column)) }
        var end = start
        if text[start] == "\"" || text[start] == "'" {
            end = start + 1
            while end < text.count, text[end] != text[start] { end += 1 }
            end = min(text.count, end + 1)
        } else {
            let stops: Set<Unicode.Scalar> = [" ", "\t", ",", "]", "}", "[", "{"]
            while end < text.count, !stops.contains(text[end]), !(text[end] == ":" && (end + 1 == text.count || text[end + 1] == " ")) { end += 1 }
        }
        if end == start { end = text.count }
        return (l, character(line: l, column: start + 1), character(line: l, column: end + 1))
    }

    /// The identifier-like word (letters, digits, `_`, `-`, `.`) that ends at 0-based (line, UTF-16 character): the
    /// prefix a completion replaces, with the character where it starts.
    public func prefix(line: Int, character: Int) -> (word: String, start: Int) {
        guard lines.indices.contains(line) else { return ("", character) }
        let units = Array(lines[line].utf16)
        var start = min(character, units.count)
        while start > 0, let scalar = Unicode.Scalar(units[start - 1]), Self.isWord(scalar) { start -= 1 }
        let word = String(decoding: units[start..<min(character, units.count)], as: UTF16.self)
        return (word, start)
    }

    /// The text of `line` before the cursor at UTF-16 `character` (empty past the last line).
    public func before(line: Int, character: Int) -> String {
        guard lines.indices.contains(line) else { return "" }
        return String(decoding: Array(lines[line].utf16).prefix(character), as: UTF16.self)
    }

    /// The key of the YAML mapping entry the cursor is on (`on` in `    on: act|`), if any.
    public func key(line: Int, character: Int) -> String? {
        let before = before(line: line, character: character)
        guard let colon = before.lastIndex(of: ":") else { return nil }
        let key = before[..<colon].split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "{" || $0 == "," }).last
        return key.map(String.init)
    }

    /// The key whose value `line` continues: a line indented more than the nearest line above it that is indented
    /// less, where that line's value is a `>` or `|` block or a plain text that goes on (`notes: >`, `notes: a long
    /// note`), not a nested list or mapping (`rows:`, `when: {`). Nil for a line that continues nothing.
    public func continued(line: Int) -> String? {
        guard lines.indices.contains(line) else { return nil }
        let indent = { (l: Substring) in l.prefix { $0 == " " }.count }
        let mine = lines[line].allSatisfy { $0 == " " } ? Int.max : indent(lines[line])
        for l in stride(from: line - 1, through: 0, by: -1) {
            let text = lines[l]
            let trimmed = text.drop { $0 == " " }
            if trimmed.isEmpty || trimmed.hasPrefix("#") || indent(text) >= mine { continue }
            var entry = trimmed
            if entry.hasPrefix("- ") { entry = entry.dropFirst(2).drop { $0 == " " } }
            // A list item's first key: the item's other keys sit at its column, and are no continuation of it.
            guard text.count - entry.count < mine, let colon = entry.firstIndex(of: ":"), entry[..<colon].allSatisfy({ Self.isWord($0.unicodeScalars.first ?? " ") }) else { return nil }
            let value = entry[entry.index(after: colon)...].drop { $0 == " " }
            guard let first = value.first, !"[{#&*!".contains(first) else { return nil }
            // A quoted text goes on to the next line only while its quote is open.
            if first == "\"" || first == "'", value.dropFirst().contains(first) { return nil }
            return String(entry[..<colon])
        }
        return nil
    }

    /// The most UTF-16 units one `didChange`'s ranged changes may pass over in all: each passes over the text as it is
    /// then, to place its range and move what follows it. Past it the change is not applied (`changeWork`), so a
    /// list of thousands of changes over a text of megabytes answers at once instead of working for minutes.
    static let maximumChangeWork = 1 << 32

    /// The units `changes` would pass over at most, applied to a text of `units` UTF-16 units: each ranged change the
    /// text and every replacement; nil past `Int.max`. A change without a range starts the text anew from its own.
    static func changeWork(_ changes: JSON, units: Int) -> Int? {
        guard case .array(let list) = changes else { return 0 }
        let longest = units + list.reduce(0) { $0 + ($1["text"]?.string?.utf16.count ?? 0) }
        let (work, overflow) = longest.multipliedReportingOverflow(by: list.count { $0["range"] != nil && $0["range"] != .null })
        return overflow ? nil : work
    }

    /// The text after `changes` (a `didChange`'s `contentChanges`), in order: one without a `range` is the whole
    /// new text; one with a `range` (0-based lines, UTF-16 characters, clamped to the text) replaces that part. Nil
    /// when `changes` is not a list of changes each with a `text`. The changes are applied to the text's UTF-16 units,
    /// made a text once at the end: a list of many changes costs a pass over the units each, not a new text each.
    public static func applying(_ changes: JSON, to text: String) -> String? {
        guard case .array(let list) = changes, !list.isEmpty else { return nil }
        var units = Array(text.utf16)
        for change in list {
            guard let replacement = change["text"]?.string else { return nil }
            guard let range = change["range"], range != .null else {
                units = Array(replacement.utf16)
                continue
            }
            guard let start = offset(range["start"], in: units), let end = offset(range["end"], in: units) else { return nil }
            units.replaceSubrange(min(start, end)..<max(start, end), with: replacement.utf16)
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// The UTF-16 offset in `units` of an LSP position (`{line, character}`; lines end at `\n`, as `init` splits
    /// them), clamped to its line's end and the text's; nil when it is not a position.
    static func offset(_ position: JSON?, in units: [UInt16]) -> Int? {
        guard let line = position?["line"]?.int, let character = position?["character"]?.int, line >= 0, character >= 0 else { return nil }
        // One pass over the units, as a plain loop: a didChange may hold thousands of changes, each placed so.
        return units.withUnsafeBufferPointer { u in
            var at = 0
            for _ in 0..<line {
                while at < u.count && u[at] != 10 { at += 1 }
                guard at < u.count else { return u.count }
                at += 1
            }
            var end = at
            while end < u.count && u[end] != 10 { end += 1 }
            if end > at, u[end - 1] == 13 { end -= 1 }
            return at + min(character, end - at)  // never at + character: a character near Int.max would overflow
        }
    }

    static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-" || scalar == "."
    }
}
