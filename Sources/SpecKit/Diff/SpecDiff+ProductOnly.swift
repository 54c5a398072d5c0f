extension SpecDiff {
    /// The changed rows that came only through a changed product value, worded so (`followsProduct`), where the
    /// specs do not compile with the old product values (and `newSpecsWithOldProducts` cannot tell). A row qualifies
    /// when its own lines are the same on both sides, and so is every spec file outside its rows: same files, same
    /// headers (a domain or a used machine edited could move it too). Product files are not spec files here.
    static func followingProducts(_ rows: [RowChange], old: DiffSide, new: DiffSide, oldSpecs: [String: Spec], newSpecs: [String: Spec],
                                  products: (old: Set<String>, new: Set<String>)) -> [RowChange] {
        let oldTexts = old.texts.filter { !products.old.contains($0.key) }, newTexts = new.texts.filter { !products.new.contains($0.key) }
        guard Set(oldTexts.keys) == Set(newTexts.keys), Set(oldSpecs.keys) == Set(newSpecs.keys) else { return rows }
        var cut: [String: (RowTexts, RowTexts)] = [:]
        for spec in newSpecs.values {
            let file = new.name(of: spec.file)
            guard let before = oldSpecs[spec.id], old.name(of: before.file) == file, let a = oldTexts[file], let b = newTexts[file] else { return rows }
            let pair = (RowTexts(a, rowsOf: before), RowTexts(b, rowsOf: spec))
            guard pair.0.header == pair.1.header else { return rows }
            cut[spec.id] = pair
        }
        // Every other spec file (one read only for its machine or its product values, or one that does not compile)
        // the same to the byte.
        let compared = Set(newSpecs.values.map { new.name(of: $0.file) })
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
