/// The text of a spec file cut at its rows: each row's lines (from its `- id:` line to the next row's), and the rest,
/// its header. Two versions of a row whose lines are the same were not edited, whatever they now compile to.
struct RowTexts: Equatable {
    /// Each row's lines, by row id.
    var rows: [String: [Substring]]
    /// The lines outside every row.
    var header: [Substring]

    /// Cuts `text` at the rows of `spec` (their lines, in file order).
    init(_ text: String, rowsOf spec: Spec) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let starts = spec.rows.map { (id: $0.id, line: $0.location.line - 1) }.filter { $0.line >= 0 && $0.line < lines.count }
            .sorted { $0.line < $1.line }
        var rows: [String: [Substring]] = [:]
        var header = Array(lines.prefix(starts.first?.line ?? lines.count))
        for (index, start) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1].line : lines.count
            // A `- id:` row's block holds its lines and any comment or key below it up to the next row.
            rows[start.id] = Array(lines[start.line..<max(start.line, end)])
        }
        if starts.isEmpty { header = lines }
        self.rows = rows
        self.header = header
    }
}
