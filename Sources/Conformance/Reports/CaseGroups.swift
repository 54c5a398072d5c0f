import SpecKit

/// The console's grouping of failing cases that diverged the same way: at one row (the row each first diverged at),
/// with the same cells differing the same way. One changed value can make a row fail on the way to dozens of others
/// (a block length made 74 cases of MedTime's machine fail at its 5th-failure row); the console shows a few of them in
/// full and names the rest, the JSON, JUnit, Markdown and HTML reports keep every account.
enum CaseGroups {
    /// The cases of a group shown in full.
    static let shownPerGroup = 3

    /// The most case ids a group's closing line names; the rest are counted.
    static let namedPerGroup = 10

    /// What makes two failing cases diverge the same way.
    private struct Key: Hashable {
        var spec: String
        var status: CaseStatus
        var row: String
        var cells: [CellResult]
        var error: String?
    }

    /// The cases grouped by spec, status, the row each first diverged at, the cells that differ (expected and actual)
    /// and the fixture error, groups in the order first met. In a group, the case of that row itself comes first, then
    /// the others in their order.
    static func groups(_ cases: [CaseResult]) -> [[CaseResult]] {
        var order: [Key] = []
        var byKey: [Key: [CaseResult]] = [:]
        for c in cases {
            let d = c.divergence
            let key = Key(spec: c.spec, status: c.status, row: ReportText.divergedAt(c), cells: d?.cells.filter { !$0.ok } ?? [], error: d?.error)
            if byKey[key] == nil { order.append(key) }
            byKey[key, default: []].append(c)
        }
        return order.compactMap { key in
            byKey[key].map { group in group.filter { $0.row == key.row } + group.filter { $0.row != key.row } }
        }
    }

    /// The line that names a group's cases past the first `shownPerGroup`: the row they diverged at, their ids (the
    /// first `namedPerGroup`) and the command that reruns that row. Nil when the group is all shown.
    static func sameWay(_ group: [CaseResult], program: String) -> String? {
        guard group.count > shownPerGroup, let first = group.first else { return nil }
        let v = VisibleText.escape
        let rest = group.dropFirst(shownPerGroup)
        let root = ReportText.divergedAt(first)
        let rerun = "\(RunResult.shellWord(program)) run \(RunResult.rerunFolder(of: first.file)) --row \(root)"
        return "  … and \(counted(rest.count, "more case")) of \(v(first.spec)) diverged the same way at row \(v(root)): "
            + v(listedNames(rest.map(\.id), most: namedPerGroup))
            + " (\(group.count) in all; each is in the JSON, JUnit and HTML reports; `\(v(rerun))` reruns that row)"
    }
}
