/// The situations each row fires in, kept for its cases: one per distinct value of the names the row tests, in the
/// order the search meets them (at most `MachineCompiler.maximumVariantsPerRow`).
///
/// Most rows fire in one such situation, so each row's first firing is held in place, in one array for all rows,
/// and only the rows with more keep a list of the others: a table of 100,000 rows costs one array, not 100,000.
struct RowFirings: Sendable {
    /// A firing: the values of the names the row tests, the situation's index, and the step that checks it.
    typealias Firing = (key: [Value], configuration: Int, step: TestStep)

    private var first: [Firing?]
    private var more: [Int: [Firing]] = [:]

    /// No firing yet for any of `rows` rows.
    init(rows: Int) {
        first = Array(repeating: nil, count: rows)
    }

    /// How many situations row `r` fires in so far.
    func count(_ r: Int) -> Int {
        first[r] == nil ? 0 : 1 + (more[r]?.count ?? 0)
    }

    /// Whether row `r` already fires in a situation with these values of its tested names.
    func contains(_ r: Int, key: [Value]) -> Bool {
        guard let head = first[r] else { return false }
        return head.key == key || (more[r]?.contains { $0.key == key } ?? false)
    }

    /// Adds a firing of row `r`, after its others.
    mutating func append(_ r: Int, _ firing: Firing) {
        if first[r] == nil { first[r] = firing } else { more[r, default: []].append(firing) }
    }

    /// Row `r`'s firings in order, with their position (0 for the first).
    func forEach(_ r: Int, _ body: (Int, Firing) -> Void) {
        guard let head = first[r] else { return }
        body(0, head)
        for (n, firing) in (more[r] ?? []).enumerated() { body(n + 1, firing) }
    }

    /// Row `r`'s first firing, if it fires at all.
    func head(_ r: Int) -> Firing? { first[r] }

    /// All firings, every row's together.
    var total: Int { first.reduce(0) { $0 + ($1 == nil ? 0 : 1) } + more.values.reduce(0) { $0 + $1.count } }
}
