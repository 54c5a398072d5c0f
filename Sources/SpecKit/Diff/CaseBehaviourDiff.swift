/// The behaviour part of a diff for scenarios and matrices: the compiled cases of the spec, matched by id, whose
/// steps or expectations differ (where they are written is left out).
enum CaseBehaviourDiff {
    /// The old side of a case only the new side has.
    static let newCase = "none: the case is new"

    /// The new side of a case only the old side has.
    static let removedCase = "none: the case was removed"

    /// The cases of one spec whose content changed, as regions named by the case id.
    static func compare(spec: String, kind: String, old: [TestCase], new: [TestCase]) -> BehaviourChange? {
        let before = old.firstByKey { ($0.id, $0) }
        let after = new.firstByKey { ($0.id, $0) }
        let regions = Set(before.keys).union(after.keys).sorted().compactMap { id -> BehaviourRegion? in
            let a = before[id].map(content), b = after[id].map(content)
            guard a != b else { return nil }
            let (x, y) = differingSteps(a ?? [], b ?? [])
            return BehaviourRegion(place: "case \(id)", values: [], exact: true, count: 1,
                                   before: a == nil ? newCase : x, after: b == nil ? removedCase : y, examples: [])
        }
        guard !regions.isEmpty else { return nil }
        return BehaviourChange(spec: spec, kind: kind, regions: regions, count: regions.count)
    }

    /// The steps without their lines and columns (the product values show in `SpecDiffResult.products`): each action,
    /// then what it checks, the effects only when the step names them (`kill`, `appear → state=Locked`,
    /// `fail → effects: none`).
    static func content(_ c: TestCase) -> [String] {
        c.steps.map { step in
            var checks = step.expect.map { "\($0.name)=\($0.value)" }.joined(separator: ", ")
            if let effects = step.effects {
                checks += (checks.isEmpty ? "" : "; ") + "effects: " + (effects.isEmpty ? "none" : effects.map(\.description).joined(separator: ", "))
            }
            return checks.isEmpty ? "\(step.action)" : "\(step.action) → \(checks)"
        }
    }

    /// The most steps of one case aligned as a longest common subsequence: past it (500 × 500 steps after the kept
    /// start and end), the middle's steps are all listed on both sides instead.
    static let alignedArea = 250_000

    /// Only the steps that differ, each as `step N: …` by its number on its side, joined by ` | `: the steps are
    /// aligned (a longest common subsequence, the earliest steps kept first), so one inserted step shows on the new
    /// side alone and the steps after it not at all. A side with none says `(no step removed)` or `(no step added)`.
    static func differingSteps(_ a: [String], _ b: [String]) -> (String, String) {
        let (removed, added) = unmatched(a, b)
        let side: ([String], [Int], String) -> String = { lines, indices, none in
            indices.isEmpty ? none : indices.map { "step \($0 + 1): \(lines[$0])" }.joined(separator: " | ")
        }
        return (side(a, removed, "(no step removed)"), side(b, added, "(no step added)"))
    }

    /// The indices of `a` and of `b` outside a longest common subsequence of the two, ascending. The common start and
    /// end are kept without a table; a middle larger than `area` is left all unmatched.
    static func unmatched(_ a: [String], _ b: [String], area: Int = alignedArea) -> (old: [Int], new: [Int]) {
        var start = 0
        while start < a.count && start < b.count && a[start] == b[start] { start += 1 }
        var (endA, endB) = (a.count, b.count)
        while endA > start && endB > start && a[endA - 1] == b[endB - 1] { endA -= 1; endB -= 1 }
        let (n, m) = (endA - start, endB - start)
        guard n > 0, m > 0, n * m <= area else { return (Array(start..<endA), Array(start..<endB)) }
        // table[i][j]: the longest common subsequence of the middles' suffixes from i and j.
        var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i][j] = a[start + i] == b[start + j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var (old, new): ([Int], [Int]) = ([], [])
        var (i, j) = (0, 0)
        while i < n && j < m {
            if a[start + i] == b[start + j] {
                i += 1; j += 1
            } else if table[i + 1][j] >= table[i][j + 1] {
                old.append(start + i); i += 1
            } else {
                new.append(start + j); j += 1
            }
        }
        old += (start + i..<endA)
        new += (start + j..<endB)
        return (old, new)
    }

    /// The behaviour of scenarios moved to another set (a row removed from one and added, with the same id, to
    /// another; `RowDiff.pairMovedRows` makes them one row change) or renamed in their set: kept with the same steps,
    /// product values and fixture on both sides, it is no behaviour change, as nothing the gate checks changed; moved
    /// and edited, its cases are compared step by step across the two sets, under the new one (`case S-1 (moved from
    /// a.set)`), in place of removed and new.
    static func pairMovedCases(_ result: inout SpecDiffResult, old: SpecCompiler.Compilation, new: SpecCompiler.Compilation) {
        let scenarios = { (c: SpecCompiler.Compilation) in Set(c.specs.filter { $0.kind == .scenarios }.map(\.id)) }
        let (oldSets, newSets) = (scenarios(old), scenarios(new))
        let cases = { (c: SpecCompiler.Compilation, spec: String, row: String) in c.suite.cases.filter { $0.spec == spec && $0.row == row } }
        let same = { (a: [TestCase], b: [TestCase]) in
            !a.isEmpty && a.map { [$0.fixture, "\($0.product)"] + content($0) } == b.map { [$0.fixture, "\($0.product)"] + content($0) }
        }
        // Takes out the regions that say a case of the old spec and row was removed, and one of the new was new.
        func dropRemovedAndNew(from: String, oldID: String, to: String, id: String) {
            let gone = Set(cases(old, from, oldID).map { "case \($0.id)" }), came = Set(cases(new, to, id).map { "case \($0.id)" })
            for i in result.behaviour.indices {
                let spec = result.behaviour[i].spec
                result.behaviour[i].regions.removeAll {
                    spec == from && gone.contains($0.place) && $0.after == removedCase || spec == to && came.contains($0.place) && $0.before == newCase
                }
            }
        }
        for gone in result.rows where gone.kind == .removed && oldSets.contains(gone.spec) {
            guard let came = result.rows.first(where: { $0.kind == .added && $0.id == gone.id && $0.spec != gone.spec && newSets.contains($0.spec) }) else { continue }
            let (before, after) = (cases(old, gone.spec, gone.id), cases(new, came.spec, came.id))
            if same(before, after) {
                dropRemovedAndNew(from: gone.spec, oldID: gone.id, to: came.spec, id: came.id)
            } else if let compared = compare(spec: came.spec, kind: "scenarios", old: before, new: after) {
                dropRemovedAndNew(from: gone.spec, oldID: gone.id, to: came.spec, id: came.id)
                let moved = compared.regions.map { r in var r = r; r.place += " (moved from \(gone.spec))"; return r }
                if let i = result.behaviour.firstIndex(where: { $0.spec == came.spec }) { result.behaviour[i].regions += moved }
                else { result.behaviour.append(BehaviourChange(spec: came.spec, kind: "scenarios", regions: moved, count: moved.count)) }
            }
        }
        for r in result.rows where r.kind == .renamed && oldSets.contains(r.spec) && newSets.contains(r.spec) {
            guard let oldID = r.oldID, same(cases(old, r.spec, oldID), cases(new, r.spec, r.id)) else { continue }
            dropRemovedAndNew(from: r.spec, oldID: oldID, to: r.spec, id: r.id)
        }
        // A scenario set's count is its cases (a machine's counts situations, which regions do not).
        for i in result.behaviour.indices where result.behaviour[i].kind == "scenarios" { result.behaviour[i].count = result.behaviour[i].regions.count }
        result.behaviour.removeAll { $0.regions.isEmpty }
    }
}
