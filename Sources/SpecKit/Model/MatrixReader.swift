/// Reads the body of a `kind: matrix` spec.
struct MatrixReader {
    let context: ReadContext

    /// The most cells a matrix may expand into; more is almost certainly a mistake and would be slow to run.
    static let maximumCells = 10_000

    func read(_ byKey: KeyedNodes) -> DecisionTable? {
        let c = context
        let axes = byKey["axes"].map { c.declarations($0, "axes", allowText: false, allowInitial: false) } ?? []
        for axis in axes where axis.domain.isOrdered {
            c.error("spec.bad-axis", "axis '\(axis.name)' must be a list of values or bool, so that every cell can be named", at: axis.location)
        }
        let cells = axes.reduce(1) { product, axis in
            let (p, overflow) = product.multipliedReportingOverflow(by: axis.domain.ordinalRange?.count ?? 1)
            return overflow ? Int.max : p
        }
        if cells > Self.maximumCells, let node = byKey["axes"] {
            c.error("spec.matrix-too-large", "the axes expand into \(cells) cells; a matrix may have at most \(Self.maximumCells)", at: node.location)
            return nil
        }
        let observe = byKey["observe"].map { c.declarations($0, "observations", allowText: true, allowInitial: false) } ?? []
        let rows = c.tableRows(byKey, what: "a matrix row", resultKey: "expect", conditions: axes, tested: "an axis",
                               results: observe, resultWhat: "an observation")
        guard !axes.isEmpty, let table = DecisionReader.table(byKey, context: c) else { return nil }
        return DecisionTable(table: table, inputs: axes, outputs: observe, hit: .unique, rows: rows, rowsLocation: byKey.location(ofKey: "rows"))
    }
}
