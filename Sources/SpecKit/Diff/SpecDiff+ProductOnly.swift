extension SpecDiff {
    /// The changed rows that came only through a changed product value, worded so (`followsProduct`), where the
    /// specs do not compile with the old product values (and `newSpecsWithOldProducts` cannot tell). A row qualifies
    /// when its own lines are the same on both sides, and so is every spec file outside its rows: same files, same
    /// headers (a domain or a used machine edited could move it too). Product files are not spec files here.
    static func followingProducts(_ rows: [RowChange], old: DiffSide, new: DiffSide, oldSpecs: [String: Spec], newSpecs: [String: Spec],
                                  products: Set<String>) -> [RowChange] {
        let name = { (path: String) in String(path.split(separator: "/").last ?? Substring(path)) }
        let oldTexts = Dictionary(old.sources.filter { !products.contains(name($0.path)) }.map { (name($0.path), String(decoding: $0.bytes, as: UTF8.self)) },
                                  uniquingKeysWith: { a, _ in a })
        let newTexts = Dictionary(new.sources.filter { !products.contains(name($0.path)) }.map { (name($0.path), String(decoding: $0.bytes, as: UTF8.self)) },
                                  uniquingKeysWith: { a, _ in a })
        guard Set(oldTexts.keys) == Set(newTexts.keys), Set(oldSpecs.keys) == Set(newSpecs.keys) else { return rows }
        var cut: [String: (RowTexts, RowTexts)] = [:]
        for spec in newSpecs.values {
            guard let before = oldSpecs[spec.id], name(before.file) == name(spec.file),
                  let a = oldTexts[name(spec.file)], let b = newTexts[name(spec.file)] else { return rows }
            let pair = (RowTexts(a, rowsOf: before), RowTexts(b, rowsOf: spec))
            guard pair.0.header == pair.1.header else { return rows }
            cut[spec.id] = pair
        }
        // Every other spec file (one read only for its machine or its product values, or one that does not compile)
        // the same to the byte.
        let compared = Set(newSpecs.values.map { name($0.file) })
        guard oldTexts.allSatisfy({ compared.contains($0.key) || newTexts[$0.key] == $0.value }) else { return rows }
        return rows.map { row in
            guard row.kind == .changed, !row.cells.isEmpty, let (a, b) = cut[row.spec], let lines = a.rows[row.id], lines == b.rows[row.id] else { return row }
            var reworded = row
            reworded.followsProduct = (row.followsProduct + row.cells).sorted()
            reworded.cells = []
            return reworded
        }
    }
}
