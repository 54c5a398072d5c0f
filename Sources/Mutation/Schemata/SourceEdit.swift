/// Applies a site's change to the text it was found on.
enum SourceEdit {
    /// The text with the range of `site` (line/column to endLine/endColumn, 1-based, in characters) replaced by its
    /// mutated text; the text unchanged when the range is not in it.
    static func apply(_ site: MutationSite, to text: String) -> String {
        let chars = Array(text)
        guard let start = offset(line: site.line, column: site.column, in: chars),
              let end = offset(line: site.endLine, column: site.endColumn, in: chars), start <= end else {
            return text
        }
        return String(chars[..<start]) + site.mutated + String(chars[end...])
    }

    /// The character offset of a 1-based line and column, or nil when the text has no such place.
    static func offset(line: Int, column: Int, in chars: [Character]) -> Int? {
        var currentLine = 1
        var index = 0
        while currentLine < line {
            guard index < chars.count else { return nil }
            if chars[index].isNewline { currentLine += 1 }
            index += 1
        }
        let target = index + column - 1
        return target <= chars.count ? target : nil
    }
}
