/// One row of one side, as the structural diff compares it.
struct DiffRow {
    /// The row's id.
    var id: String
    /// Each compiled part (`when`, `steps`, `source`, `decision`), rendered without locations.
    var parts: [String: String]
    /// Each key of the row but `id` as written (`notes` too); nil when the file's rows could not be read so.
    var written: [String: WrittenPart]?
    /// The product values the row reads by name, with the values in force for it.
    var reads: [String: Value]
    /// Where the row says it comes from and why (its `source` and `decision`), as read.
    var trace = Trace(source: nil, decision: nil)
}

/// The structural part of a diff: for two versions of one spec, which rows were added, removed, renamed (same
/// content, new id), changed (same id; which parts differ) or moved. A row's content is everything but its id and
/// where it is written, so re-indenting or moving a file changes nothing here.
enum RowDiff {
    /// The row changes of one spec present on both sides. `oldProduct` is the old spec's product values in force, for
    /// a value a row reads only on the new side.
    static func changes(spec: String, old: [DiffRow], new: [DiffRow], oldProduct: [String: Value]) -> [RowChange] {
        let oldByID = old.firstByKey { ($0.id, $0) }
        let newByID = new.firstByKey { ($0.id, $0) }
        var result: [RowChange] = []
        var unmatchedOld = old.filter { newByID[$0.id] == nil }
        for row in new {
            if let before = oldByID[row.id] {
                if let change = change(spec: spec, before, row, oldProduct: oldProduct) { result.append(change) }
            } else if let i = unmatchedOld.firstIndex(where: { $0.parts == row.parts && $0.written == row.written }) {
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

    /// How one row kept under its id changed, or nil when it did not: the keys whose written text differs (`cells`);
    /// the compiled parts that differ and name a product value the row reads whose value changed (`followsProduct`),
    /// whether or not their text changed too; and those that differ with their text the same and naming no such value
    /// (`followsElsewhere`: a declaration or a used machine outside the row moved them).
    static func change(spec: String, _ before: DiffRow, _ after: DiffRow, oldProduct: [String: Value]) -> RowChange? {
        let compiled = Set(before.parts.keys).union(after.parts.keys).filter { before.parts[$0] != after.parts[$0] }
        guard let a = before.written, let b = after.written else {
            // Without the written text, the compiled parts that differ are all that can be said.
            return compiled.isEmpty ? nil : RowChange(spec: spec, id: after.id, kind: .changed, cells: compiled.sorted())
        }
        let edited = Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }
        guard !edited.isEmpty || !compiled.isEmpty else { return nil }
        // A value the row reads whose value differs from the old side's: the row's own reading there, or else the old
        // spec's value (a value read only since an edit). A value the old side lacks is not a changed one.
        let changed = Set(after.reads.filter { name, value in (before.reads[name] ?? oldProduct[name]).map { $0 != value } ?? false }.keys)
        let reading = compiled.filter { !wording.contains($0) && !(b[$0]?.names ?? []).isDisjoint(with: changed) }
        var change = RowChange(spec: spec, id: after.id, kind: .changed, cells: edited.sorted())
        // Where a row comes from, old and new, for the reviewer who checks it against the documents.
        change.traces = [("source", before.trace.source, after.trace.source), ("decision", before.trace.decision, after.trace.decision)]
            .filter { $0.1 != $0.2 }.map { RowChange.TextChange(key: $0.0, old: $0.1, new: $0.2) }
        change.followsProduct = reading.sorted()
        change.followsElsewhere = compiled.filter { !edited.contains($0) && !reading.contains($0) }.sorted()
        return change
    }

    /// A row that left one spec for another under its id: one `moved` change from the old spec (`movedFrom`), saying
    /// what changed on the way as a kept row's change does (nothing, for a row moved as it was), in place of a removal
    /// and an addition. `CaseBehaviourDiff.pairMovedCases` says what its cases do.
    static func pairMovedRows(_ changes: inout [RowChange], _ rows: [String: (old: [DiffRow], new: [DiffRow], oldProduct: [String: Value])]) {
        for gone in changes where gone.kind == .removed {
            guard let came = changes.first(where: { $0.kind == .added && $0.id == gone.id && $0.spec != gone.spec }),
                  let before = rows[gone.spec]?.old.first(where: { $0.id == gone.id }),
                  let after = rows[came.spec]?.new.first(where: { $0.id == came.id }) else { continue }
            var moved = change(spec: came.spec, before, after, oldProduct: rows[gone.spec]?.oldProduct ?? [:])
                ?? RowChange(spec: came.spec, id: came.id, kind: .moved, cells: [])
            (moved.kind, moved.movedFrom) = (.moved, gone.spec)
            changes.removeAll { $0.id == gone.id && ($0.kind == .removed && $0.spec == gone.spec || $0.kind == .added && $0.spec == came.spec) }
            changes.append(moved)
        }
    }

    /// The keys whose text is prose, read by no one for a product value: a name in them (`failure pinAttempts
    /// blocks 60 s` in a decision) is only a word.
    static let wording: Set<String> = ["source", "decision", "title", "notes", "unmodelled"]

    /// Rows kept on both sides whose order among the kept rows changed: the ones outside a longest common order (row
    /// ids are unique, so which of them are outside it does not depend on where the alignment starts).
    private static func moved(spec: String, old: [String], new: [String]) -> [RowChange] {
        let kept = Set(old).intersection(new)
        let a = old.filter(kept.contains), b = new.filter(kept.contains)
        return CaseBehaviourDiff.unmatched(a, b, area: .max).new.map { RowChange(spec: spec, id: b[$0], kind: .moved, cells: []) }
    }

    /// A spec's rows, each with its compiled parts, its written keys (from `written`, the file's rows by id) and the
    /// product values it reads.
    static func rows(of spec: Spec, written: [String: [String: WrittenPart]]?) -> [DiffRow] {
        let rows: [(identity: RowIdentity, row: Any)] = switch spec.body {
        case .machine(let m): m.rows.map { ($0.identity, $0) }
        case .decision(let d), .matrix(let d): d.rows.map { ($0.identity, $0) }
        case .scenarios(let s): s.scenarios.map { ($0.identity, $0) }
        }
        return rows.map { identity, row in
            var parts = parts(of: row)
            // A matrix rule writes its outputs under `expect:`.
            if spec.kind == .matrix { parts["expect"] = parts.removeValue(forKey: "then") }
            return DiffRow(id: identity.id, parts: parts, written: written?[identity.id],
                    reads: identity.productValues.firstByKey { ($0.name, $0.value) }, trace: identity.trace)
        }
    }

    /// The row's properties, each rendered without any `location` property; the identity contributes its trace, as
    /// its `source` and its `decision` (the keys they are written under).
    private static func parts(of row: Any) -> [String: String] {
        var result: [String: String] = [:]
        for child in Mirror(reflecting: row).children {
            guard let label = child.label, !label.lowercased().hasSuffix("location") else { continue }
            if label == "identity", let identity = child.value as? RowIdentity {
                result["source"] = render(identity.trace.source as Any)
                result["decision"] = render(identity.trace.decision as Any)
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
