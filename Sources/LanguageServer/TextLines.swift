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

    static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-" || scalar == "."
    }
}
