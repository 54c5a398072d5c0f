/// The structural part of a diff: for two versions of one spec, which rows were added, removed, renamed (same
/// content, new id), changed (same id; which parts differ) or moved. A row's content is everything but its id and
/// where it is written, so re-indenting or moving a file changes nothing here.
enum RowDiff {
    /// The row changes of one spec present on both sides. `textOnly`, when given, is the new side's rows read with the
    /// old side's product values: a part that differs from the old side only there follows a product value
    /// (`RowChange.followsProduct`), not the row's text.
    static func changes(spec: String, old: [(id: String, parts: [String: String])], new: [(id: String, parts: [String: String])],
                        textOnly: [(id: String, parts: [String: String])]? = nil) -> [RowChange] {
        let oldByID = Dictionary(old.map { ($0.id, $0.parts) }, uniquingKeysWith: { a, _ in a })
        let newByID = Dictionary(new.map { ($0.id, $0.parts) }, uniquingKeysWith: { a, _ in a })
        let textByID = Dictionary((textOnly ?? []).map { ($0.id, $0.parts) }, uniquingKeysWith: { a, _ in a })
        var result: [RowChange] = []
        var unmatchedOld = old.filter { newByID[$0.id] == nil }
        for row in new {
            if let before = oldByID[row.id] {
                let parts = Set(before.keys).union(row.parts.keys).filter { before[$0] != row.parts[$0] }.sorted()
                // A part the text leaves as it was (read with the old product values) changed through a product value.
                let text = textByID[row.id]
                let follows = text.map { text in parts.filter { before[$0] == text[$0] } } ?? []
                if !parts.isEmpty {
                    var change = RowChange(spec: spec, id: row.id, kind: .changed, cells: parts.filter { !follows.contains($0) })
                    change.followsProduct = follows
                    result.append(change)
                }
            } else if let i = unmatchedOld.firstIndex(where: { $0.parts == row.parts }) {
                result.append(RowChange(spec: spec, id: row.id, kind: .renamed, oldID: unmatchedOld[i].id, cells: []))
                unmatchedOld.remove(at: i)
            } else {
                result.append(RowChange(spec: spec, id: row.id, kind: .added, cells: []))
            }
        }
        result += unmatchedOld.map { RowChange(spec: spec, id: $0.id, kind: .removed, cells: []) }
        result += moved(spec: spec, old: old.map(\.id), new: new.map(\.id))
        return result
    }

    /// Rows kept on both sides whose order among the kept rows changed: the ones outside a longest common order.
    private static func moved(spec: String, old: [String], new: [String]) -> [RowChange] {
        let kept = Set(old).intersection(new)
        let a = old.filter(kept.contains), b = new.filter(kept.contains)
        guard a != b else { return [] }
        let stay = longestCommonSubsequence(a, b)
        return b.filter { !stay.contains($0) }.map { RowChange(spec: spec, id: $0, kind: .moved, cells: []) }
    }

    private static func longestCommonSubsequence(_ a: [String], _ b: [String]) -> Set<String> {
        guard !a.isEmpty, !b.isEmpty else { return [] }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var result: Set<String> = []
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if a[i] == b[j] { result.insert(a[i]); i += 1; j += 1 } else if table[i + 1][j] >= table[i][j + 1] { i += 1 } else { j += 1 }
        }
        return result
    }

    /// A spec's rows as (id, parts): each part is a top-level property of the row, written without locations.
    static func rows(of spec: Spec) -> [(id: String, parts: [String: String])] {
        switch spec.body {
        case .machine(let m): return m.rows.map { ($0.identity.id, parts(of: $0)) }
        case .decision(let d): return d.rows.map { ($0.identity.id, parts(of: $0)) }
        case .scenarios(let s): return s.scenarios.map { ($0.identity.id, parts(of: $0)) }
        case .matrix(let m): return m.rows.map { ($0.identity.id, parts(of: $0)) }
        }
    }

    /// The row's properties, each rendered without any `location` property; the identity contributes its
    /// trace only.
    private static func parts(of row: Any) -> [String: String] {
        var result: [String: String] = [:]
        for child in Mirror(reflecting: row).children {
            guard let label = child.label, !label.lowercased().hasSuffix("location") else { continue }
            if label == "identity", let identity = child.value as? RowIdentity {
                result["trace"] = render(identity.trace)
            } else {
                result[label] = render(child.value)
            }
        }
        return result
    }

    /// A value rendered recursively, skipping every property whose name ends in `location`.
    private static func render(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        guard !mirror.children.isEmpty else { return String(describing: value) }
        let inner = mirror.children.compactMap { child -> String? in
            if let label = child.label, label.lowercased().hasSuffix("location") { return nil }
            return (child.label.map { "\($0): " } ?? "") + render(child.value)
        }
        return "(" + inner.joined(separator: ", ") + ")"
    }
}
