import Foundation
import SpecKit
import Conformance

/// What hovering over a row shows: its id, spec, source and decision, and its last result from the run report
/// (`reports/results.json` beside or above the spec folder, as `Scripts/conform` writes it), or that there is none.
public enum RowHover {
    /// The rows of a spec as it last read, each placed at its `id:` line in `text` as it is now (lines added or
    /// removed since move them); a row whose `id:` line is no longer in the text is left out.
    public static func relocated(_ rows: [RowIdentity], in text: TextLines) -> [RowIdentity] {
        var at: [String: (line: Int, column: Int)] = [:]
        for (n, line) in text.lines.enumerated() {
            let indent = line.prefix { $0 == " " }.count
            var rest = line.dropFirst(indent)
            var column = indent + 1
            if rest.hasPrefix("- ") { rest = rest.dropFirst(2); column += 2 }
            guard rest.hasPrefix("id:") else { continue }
            var id = rest.dropFirst(3).trimmingCharacters(in: .whitespaces)
            if let comment = id.range(of: " #") { id = id[..<comment.lowerBound].trimmingCharacters(in: .whitespaces) }
            if id.count >= 2, let q = id.first, q == "\"" || q == "'", id.last == q { id = String(id.dropFirst().dropLast()) }
            if at[id] == nil { at[id] = (n + 1, column) }
        }
        return rows.compactMap { row in
            guard let location = at[row.id] else { return nil }
            var moved = row
            moved.location = SourceLocation(file: row.location.file, line: location.line, column: location.column)
            return moved
        }
    }

    /// Whether the list item holding 0-based `line` of `text` starts at `row`'s line: the nearest item (a `-` at the
    /// row's indent) at or above it is the row's own. A row being typed, with no `id:` yet, is no part of the row
    /// above it.
    public static func holds(_ row: RowIdentity, line: Int, text: TextLines) -> Bool {
        let outer = max(0, row.location.column - 3)
        for l in stride(from: min(line, text.lines.count - 1), through: 0, by: -1) {
            let indent = text.lines[l].prefix { $0 == " " }.count
            let rest = text.lines[l].dropFirst(indent)
            if rest.isEmpty || rest.hasPrefix("#") { continue }
            if indent == outer && rest.hasPrefix("-") { return l == row.location.line - 1 }
            if indent < outer { return false }
        }
        return false
    }

    /// The row of `rows` whose lines contain 0-based `line` of `text`, if any.
    public static func row(in rows: [RowIdentity], line: Int, text: TextLines) -> RowIdentity? {
        let rows = rows.sorted { $0.location.line < $1.location.line }
        guard let index = rows.lastIndex(where: { $0.location.line - 1 <= line }) else { return nil }
        let row = rows[index]
        if index + 1 < rows.count { return line < rows[index + 1].location.line - 1 ? row : nil }
        // The last row ends at the first line indented less than its `- `, or as much but not another item.
        let outer = max(0, row.location.column - 3)
        for l in row.location.line..<min(text.lines.count, line + 1) {
            let trimmed = text.lines[l].trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let indent = text.lines[l].prefix { $0 == " " }.count
            if indent < outer || (indent == outer && !trimmed.hasPrefix("-")) { return nil }
        }
        return row
    }

    /// The hover text (Markdown) of `row`, with its last result from `results` (nil: no report found, with where it
    /// was looked for).
    public static func markdown(row: RowIdentity, spec: Spec, results: RunResult?, reportPath: String?) -> String {
        var text = "**\(row.id)** — \(spec.kind.rawValue) row of `\(spec.id)`\n\n"
        text += "source: \(row.trace.source ?? "none")\n\n"
        text += "decision: \(row.trace.decision ?? "none")\n\n"
        text += "last result: " + lastResult(row: row.id, file: spec.file, results: results, reportPath: reportPath)
        return text
    }

    static func lastResult(row: String, file: String, results: RunResult?, reportPath: String?) -> String {
        guard let reportPath else { return "none (no reports/results.json found; Scripts/conform writes it)" }
        guard let results else { return "none (\(reportPath) could not be read)" }
        // Only a case of this file counts: a report found higher up may be of another spec folder with the same ids.
        let root = ((reportPath as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        let cases = results.cases.filter { $0.row == row && sameFile($0.file, file, root: root) }
        guard !cases.isEmpty else { return "none (the row of this file is not in \(reportPath))" }
        var counts: [String: Int] = [:]
        for c in cases { counts[c.status.rawValue, default: 0] += 1 }
        let summary = counts.keys.sorted().map { "\(counts[$0] ?? 0) \($0)" }.joined(separator: ", ")
        var text = cases.count == 1 ? (cases[0].status.rawValue) : "\(cases.count) cases: \(summary)"
        text += " (run of \(results.identity.startedAt), \(reportPath))"
        if let failed = cases.first(where: { $0.divergence != nil }), let d = failed.divergence {
            let cell = d.cells.first { !$0.ok }.map { ": \($0.name) expected \($0.shown.expected), got \($0.shown.actual)" } ?? ""
            text += "\n\n\(failed.id) diverged at step \(d.step + 1), \(VisibleText.escape(d.action))\(cell)"
        }
        return text
    }

    /// The nearest `reports/results.json` in `folder` or up to three folders above it.
    public static func reportPath(near folder: String) -> String? {
        var dir = folder
        for _ in 0..<4 {
            let candidate = (dir as NSString).appendingPathComponent("reports/results.json")
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            let parent = (dir as NSString).deletingLastPathComponent
            if parent == dir || parent.isEmpty { break }
            dir = parent
        }
        return nil
    }

    /// Whether a case's recorded file (absolute, or relative to the folder that holds `reports/`) is `path`.
    static func sameFile(_ recorded: String, _ path: String, root: String) -> Bool {
        let full = recorded.hasPrefix("/") ? recorded : (root as NSString).appendingPathComponent(recorded)
        let resolve = { (p: String) in URL(fileURLWithPath: p).standardizedFileURL.resolvingSymlinksInPath().path }
        return resolve(full) == resolve(path)
    }

    /// Reads a results file; nil when it cannot be read or decoded, or is over 256 MiB.
    public static func load(_ path: String) -> RunResult? {
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size <= 256 << 20,
              let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? decodeRunResult(String(decoding: data, as: UTF8.self))
    }
}
