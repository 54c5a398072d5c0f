/// A text as lines of Unicode scalars, so that YAML positions (line, column in scalars) index it directly, and edits by
/// position leave every other scalar where it was.
public struct LineText: Sendable {
    /// The lines, without their line breaks.
    public internal(set) var lines: [[Unicode.Scalar]]
    /// Whether the text ends with a line break.
    public let endsWithNewline: Bool

    /// Whether each line ended with a carriage return before its line feed (a file saved with CRLF endings): kept as
    /// it was, and not part of the line, so positions and edits never see it.
    var returns: [Bool]
    /// Whether the lines an edit adds end with a carriage return: when the text's first line does.
    let addsReturns: Bool

    /// Splits a text into lines at each line feed (a carriage return before it is the line's ending).
    public init(_ text: String) {
        var scalars = Array(text.unicodeScalars)
        endsWithNewline = scalars.last == "\n"
        if endsWithNewline { scalars.removeLast() }
        lines = scalars.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
        returns = lines.map { $0.last == "\r" }
        for i in lines.indices where returns[i] { lines[i].removeLast() }
        addsReturns = returns.first ?? false
    }

    /// The whole text.
    public var text: String {
        let ended = zip(lines, returns).map { line, cr in cr ? line + ["\r"] : line }
        return Self.string(ended.joined(separator: ["\n"]) + (endsWithNewline ? ["\n"] : []))
    }

    /// Scalars as a string.
    static func string(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        String(String.UnicodeScalarView(scalars))
    }

    /// A position moved back to the end of the previous line when it stands at the start of a line after `start`
    /// (where libyaml ends a block scalar), so a replacement keeps the line break.
    public func trimmed(_ end: TextPosition, after start: TextPosition) -> TextPosition {
        guard end.column == 1, end.line > start.line, end.line - 2 < lines.count else { return end }
        return TextPosition(line: end.line - 1, column: lines[end.line - 2].count + 1)
    }

    /// The text between two positions.
    public func slice(_ start: TextPosition, _ end: TextPosition) -> String {
        guard valid(start), valid(end), start <= end else { return "" }
        // The lines from the start's to the end's, joined, less what is before the start and after the end.
        let joined = Array(lines[(start.line - 1)...(end.line - 1)].joined(separator: ["\n"]))
        return Self.string(joined[(start.column - 1)..<(joined.count - lines[end.line - 1].count + end.column - 1)])
    }

    /// Whether a position lies in the text (a column may stand just after a line's last scalar).
    func valid(_ p: TextPosition) -> Bool {
        p.line >= 1 && p.line <= lines.count && p.column >= 1 && p.column <= lines[p.line - 1].count + 1
    }

    /// Replaces the text between two positions by `text` (which may hold line breaks).
    mutating func replace(_ start: TextPosition, _ end: TextPosition, with text: String) {
        guard valid(start), valid(end), start <= end else { return }
        let head = Array(lines[start.line - 1][..<(start.column - 1)])
        let tail = Array(lines[end.line - 1][(end.column - 1)...])
        var middle = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
        middle[0] = head + middle[0]
        middle[middle.count - 1] += tail
        // The last line keeps the ending of the line the replaced text ended on; lines the text adds get the file's.
        let endings = Array(repeating: addsReturns, count: middle.count - 1) + [returns[end.line - 1]]
        lines.replaceSubrange((start.line - 1)...(end.line - 1), with: middle)
        returns.replaceSubrange((start.line - 1)...(end.line - 1), with: endings)
    }

    /// Removes whole lines (1-based, inclusive).
    mutating func removeLines(_ range: ClosedRange<Int>) {
        guard range.lowerBound >= 1, range.upperBound <= lines.count else { return }
        lines.removeSubrange((range.lowerBound - 1)...(range.upperBound - 1))
        returns.removeSubrange((range.lowerBound - 1)...(range.upperBound - 1))
    }

    /// Inserts whole lines before line `line` (1-based; past the end appends).
    mutating func insertLines(_ new: [[Unicode.Scalar]], before line: Int) {
        let at = min(max(line - 1, 0), lines.count)
        lines.insert(contentsOf: new, at: at)
        returns.insert(contentsOf: Array(repeating: addsReturns, count: new.count), at: at)
    }
}
