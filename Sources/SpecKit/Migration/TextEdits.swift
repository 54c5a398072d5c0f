/// Edits to one file's text, made at YAML locations (1-based line, column in Unicode scalars), so that every byte
/// outside an edited span stays as it was: comments, key order, quoting and line breaks of untouched lines.
struct TextEdits {
    /// One replacement: `length` scalars from `column` on `line` become `text`; a whole-line insertion has
    /// `insertLine` set and goes before that line.
    struct Edit {
        var line: Int
        var column: Int
        var length: Int
        var text: String
        var insertLine = false
        var removeLine = false
    }

    private(set) var edits: [Edit] = []
    /// The text as lines, each line's ending (LF or CRLF) kept apart.
    private let source: LineText
    private var lines: [[Unicode.Scalar]] { source.lines }

    init(_ text: String) {
        source = LineText(text)
    }

    /// The text of `line` (1-based), or nil past the end.
    func line(_ number: Int) -> String? {
        guard number >= 1, number <= lines.count else { return nil }
        return LineText.string(lines[number - 1])
    }

    /// The original text from `location` to the end of its line (nothing past the end of the text).
    func rest(at location: SourceLocation) -> ArraySlice<Unicode.Scalar> {
        guard location.line >= 1, location.line <= lines.count, location.column >= 1 else { return [] }
        return lines[location.line - 1].dropFirst(location.column - 1)
    }

    /// Replaces `expected` where it is written at `line`:`column` by `text`. Returns false (and edits nothing) when
    /// the source there is not `expected`, so a rewrite never lands on text it did not read.
    mutating func replace(_ expected: String, at line: Int, column: Int, with text: String) -> Bool {
        guard line >= 1, line <= lines.count, column >= 1, column - 1 <= lines[line - 1].count,
              lines[line - 1].dropFirst(column - 1).starts(with: expected.unicodeScalars) else { return false }
        guard !edits.contains(where: { !$0.insertLine && !$0.removeLine && $0.line == line && $0.column == column }) else { return true }
        edits.append(Edit(line: line, column: column, length: expected.unicodeScalars.count, text: text))
        return true
    }

    /// Inserts a whole line before `line` (after the last line when `line` is past the end); returns the edit's
    /// index, for `insertedLine`.
    @discardableResult
    mutating func insertLine(_ text: String, before line: Int) -> Int {
        edits.append(Edit(line: line, column: 1, length: 0, text: text, insertLine: true))
        return edits.count - 1
    }

    /// Removes a whole line.
    mutating func removeLine(_ line: Int) {
        edits.append(Edit(line: line, column: 1, length: 0, text: "", removeLine: true))
    }

    /// Whether original line `line` is removed.
    func isRemoved(_ line: Int) -> Bool { edits.contains { $0.removeLine && $0.line == line } }

    /// The original line an insertion goes before, as `applied` places it: one past the end for every line past it.
    private func anchor(_ edit: Edit) -> Int { min(edit.line, lines.count + 1) }

    /// How many lines of the edited text come before original line `line` and the lines inserted before it (one past
    /// the end: the lines inserted at the end).
    private func linesBefore(_ line: Int) -> Int {
        let inserted = edits.filter { $0.insertLine && anchor($0) < line }.count
        let removed = Set(edits.filter { $0.removeLine && $0.line < line }.map(\.line)).count
        return line - 1 + inserted - removed
    }

    /// Where an original line stands in the edited text, after the lines inserted before it, so what the migration
    /// reports points into the file as written. A removed line has no place of its own: it is where the line after it
    /// now stands (the last line of the text when nothing follows).
    func newLine(_ original: Int) -> Int {
        let here = linesBefore(original) + edits.filter { $0.insertLine && anchor($0) == original }.count + 1
        let last = linesBefore(lines.count + 1) + edits.filter { $0.insertLine && anchor($0) > lines.count }.count
        return max(1, min(here, last))
    }

    /// The line of the edited text that insertion `index` (from `insertLine`) wrote.
    func insertedLine(_ index: Int) -> Int {
        let at = anchor(edits[index])
        return linesBefore(at) + edits[..<index].filter { $0.insertLine && anchor($0) == at }.count + 1
    }

    /// Where an original column of `line` stands in the edited text: moved by each replacement before it on the line.
    func newColumn(_ column: Int, line: Int) -> Int {
        column + edits.filter { !$0.insertLine && !$0.removeLine && $0.line == line && $0.column < column }
            .reduce(0) { $0 + $1.text.unicodeScalars.count - $1.length }
    }

    /// The edited text. Lines are edited from the last up, so the numbers of the lines above still hold; on a line,
    /// replacements go right to left for the same reason. An inserted line takes the file's ending (`LineText`).
    func applied() -> String {
        var edited = source
        let inserts = { (line: Int) in self.edits.filter { $0.insertLine && self.anchor($0) == line }.map { Array($0.text.unicodeScalars) } }
        edited.insertLines(inserts(lines.count + 1), before: lines.count + 1)
        for number in stride(from: lines.count, through: 1, by: -1) {
            for edit in edits.filter({ !$0.insertLine && !$0.removeLine && $0.line == number }).sorted(by: { $0.column > $1.column }) {
                edited.lines[number - 1].replaceSubrange((edit.column - 1)..<(edit.column - 1 + edit.length), with: Array(edit.text.unicodeScalars))
            }
            if isRemoved(number) { edited.removeLines(number...number) }
            edited.insertLines(inserts(number), before: number)
        }
        return edited.text
    }
}
