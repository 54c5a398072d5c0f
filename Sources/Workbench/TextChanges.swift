import Foundation
import SpecKit

/// What changed in the text of a folder's files between two sides, whatever it does to behaviour: each file added,
/// removed or edited, and for an edit, the rows whose lines changed (a note, a source, a value) or its header. Review
/// lists it beside the behaviour diff, so an edit that changes no behaviour (a note) is still seen before Save.
enum TextChanges {
    /// One line per file that differs, by file name, sorted.
    static func between(_ head: DiffSide, _ working: DiffSide) -> [String] {
        let before = head.texts, after = working.texts
        return Set(before.keys).union(after.keys).sorted().compactMap { file in
            switch (before[file], after[file]) {
            case (nil, _?): return "\(file): new file"
            case (_?, nil): return "\(file): removed"
            case (let old?, let new?) where old != new: return "\(file): " + edited(old, new)
            default: return nil
            }
        }
    }

    /// How many lines changed, and where: the header's keys (`its title`, `its product values`) and the rows (by the
    /// `- id:` above each changed line).
    static func edited(_ old: String, _ new: String) -> String {
        guard let (count, places) = changes(old, new) else { return "changed (too much to compare by line)" }
        let rows = places.compactMap { if case .row(let id) = $0 { id } else { nil } }.sorted()
        let keys = places.compactMap { if case .key(let key) = $0 { key } else { nil } }.sorted()
        var where_ = keys.map { $0 == "product" ? "its product values" : "its \($0)" }
        if places.contains(.header) && keys.isEmpty { where_.append("its header") }
        if !rows.isEmpty { where_.append((rows.count == 1 ? "row " : "rows ") + rows.joined(separator: ", ")) }
        return "\(counted(count, "line")) changed, in " + where_.joined(separator: " and ")
    }

    /// Where a changed line stands: in a row (its id), under a top-level key of the header, or in the header elsewhere
    /// (a comment above every key).
    enum Place: Hashable {
        case row(String), key(String), header
    }

    /// How many lines changed between two texts, and where each did; nil when too much changed to compare by line.
    static func changes(_ old: String, _ new: String) -> (count: Int, places: Set<Place>)? {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false), b = new.split(separator: "\n", omittingEmptySubsequences: false)
        guard let (removed, added) = changedLines(a, b) else { return nil }
        return (max(removed.count, added.count), Set(removed.map { place(of: $0, in: a) } + added.map { place(of: $0, in: b) }))
    }

    /// The lines of `a` not kept and the lines of `b` new, by a longest common subsequence; nil past 4 million cells.
    static func changedLines(_ a: [Substring], _ b: [Substring]) -> (removed: [Int], added: [Int])? {
        var p = 0, q = 0
        while p < a.count, p < b.count, a[p] == b[p] { p += 1 }
        while q < a.count - p, q < b.count - p, a[a.count - 1 - q] == b[b.count - 1 - q] { q += 1 }
        let n = a.count - p - q, m = b.count - p - q
        guard (n + 1) * (m + 1) <= 4_000_000 else { return nil }
        var longest = [[Int32]](repeating: [Int32](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                longest[i][j] = a[p + i] == b[p + j] ? longest[i + 1][j + 1] + 1 : max(longest[i + 1][j], longest[i][j + 1])
            }
        }
        var removed: [Int] = [], added: [Int] = [], i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, a[p + i] == b[p + j] { i += 1; j += 1 }
            else if j < m, i == n || longest[i][j + 1] >= longest[i + 1][j] { added.append(p + j); j += 1 }
            else { removed.append(p + i); i += 1 }
        }
        return (removed, added)
    }

    /// Where line `index` stands: the row whose lines hold it (the nearest `- id:` at or above it, under `rows:` or
    /// `scenarios:`), else the top-level key it is written under (`title`, `product`), else the header.
    static func place(of index: Int, in lines: [Substring]) -> Place {
        for l in stride(from: min(index, lines.count - 1), through: 0, by: -1) {
            let trimmed = lines[l].drop { $0 == " " }
            if trimmed.hasPrefix("- id:") {
                let id = trimmed.dropFirst(5).split(separator: "#").first?.trimmingCharacters(in: .whitespaces) ?? ""
                if !id.isEmpty { return .row(id.trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))) }
            }
            // A top-level key (no indentation, not a comment or a list item): the line is in its block.
            guard let first = lines[l].first, first != " ", first != "#", first != "-", let colon = lines[l].firstIndex(of: ":") else { continue }
            return .key(String(lines[l][..<colon]).trimmingCharacters(in: .whitespaces))
        }
        return .header
    }
}
