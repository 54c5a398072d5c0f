/// Splits the input space of a group of rows into atoms (cells on which every row is either wholly true or wholly
/// false) and reports, for each atom, which rows match it. Gaps, conflicts, redundancy and shadowing all follow.
///
/// Each dimension is cut only at the edges of the rows' own conditions, so the number of atoms depends on how
/// many distinct edges the rows have, not on the size of the domains. Matching an atom starts from the
/// dimension with the fewest candidate rows, so rows with distinct values cost about one check each: the analysis
/// is not quadratic in the number of rows.
struct RegionAnalysis {
    /// A dimension: a name and its whole range of ordinals.
    struct Dimension {
        var name: String
        var domain: Domain
        var whole: ClosedRange<Int>
    }

    /// The most atoms one group may have before the analysis stops with a `check.limit` warning.
    static let maximumAtoms = 1_000_000

    let dimensions: [Dimension]
    /// For each row, its set on each dimension (nil: any value).
    let rows: [[ValueSet?]]
    /// For each dimension, its atoms (intervals of ordinals).
    let atoms: [[ClosedRange<Int>]]
    /// For each dimension and atom, the rows whose condition admits the atom.
    private let candidates: [[[Int]]]

    init(dimensions: [Dimension], rows: [[ValueSet?]]) {
        self.dimensions = dimensions
        self.rows = rows
        var atoms: [[ClosedRange<Int>]] = []
        var candidates: [[[Int]]] = []
        for (d, dimension) in dimensions.enumerated() {
            let dimensionAtoms = Self.atoms(of: dimension.whole, cutBy: rows.compactMap { $0[d] })
            atoms.append(dimensionAtoms)
            var perAtom = [[Int]](repeating: [], count: dimensionAtoms.count)
            for (r, row) in rows.enumerated() {
                guard let set = row[d] else {
                    for a in perAtom.indices { perAtom[a].append(r) }
                    continue
                }
                // Atoms are sorted and aligned to the set's edges: walk both lists together.
                var a = 0
                for range in set.ranges {
                    while a < dimensionAtoms.count && dimensionAtoms[a].upperBound < range.lowerBound { a += 1 }
                    while a < dimensionAtoms.count && dimensionAtoms[a].lowerBound <= range.upperBound {
                        perAtom[a].append(r)
                        a += 1
                    }
                }
            }
            candidates.append(perAtom)
        }
        self.atoms = atoms
        self.candidates = candidates
    }

    /// The analysis over the declarations that have ordinals, of rows given by their conditions (`when`): a row's set
    /// on a dimension is its condition on that name.
    init(declarations: [Declaration], conditions: [[Condition]]) {
        let dimensions = declarations.compactMap { d in d.domain.ordinalRange.map { Dimension(name: d.name, domain: d.domain, whole: $0) } }
        self.init(dimensions: dimensions, rows: conditions.map { when in dimensions.map { d in when.first { $0.name == d.name }?.set } })
    }

    /// Splits `whole` at the edges of the given sets: sorted, disjoint intervals on which every set is either wholly
    /// true or wholly false.
    static func atoms(of whole: ClosedRange<Int>, cutBy sets: [ValueSet]) -> [ClosedRange<Int>] {
        // Where an atom starts: the whole's start, and each set's edges inside the whole (a range's start, and the
        // value after its end).
        var starts = [whole.lowerBound]
        for set in sets {
            for r in set.ranges {
                if whole.contains(r.lowerBound) { starts.append(r.lowerBound) }
                if r.upperBound < whole.upperBound, r.upperBound >= whole.lowerBound { starts.append(r.upperBound + 1) }
            }
        }
        starts.sort()
        var atoms: [ClosedRange<Int>] = []
        atoms.reserveCapacity(starts.count)
        for (i, start) in starts.enumerated() where i == 0 || start != starts[i - 1] {
            if let last = atoms.indices.last { atoms[last] = atoms[last].lowerBound...(start - 1) }
            atoms.append(start...whole.upperBound)
        }
        return atoms
    }

    /// The number of atoms in the product of the dimensions, or nil when it exceeds the maximum.
    var atomCount: Int? { Self.product(atoms.map(\.count)).flatMap { $0 > Self.maximumAtoms ? nil : $0 } }

    /// Calls `body` with each atom (an index per dimension) and the rows matching it, in file order.
    func forEachAtom(_ body: ([Int], [Int]) -> Void) {
        guard atomCount != nil else { return }
        if dimensions.isEmpty {
            body([], Array(rows.indices))
            return
        }
        Combinations.forEach(counts: atoms.map { $0.count }) { index in body(index, matching(index)) }
    }

    /// The rows matching an atom, in file order.
    func matching(_ index: [Int]) -> [Int] {
        var smallest = 0
        for d in dimensions.indices where candidates[d][index[d]].count < candidates[smallest][index[smallest]].count { smallest = d }
        return candidates[smallest][index[smallest]].filter { r in
            dimensions.indices.allSatisfy { d in d == smallest || (rows[r][d]?.contains(atoms[d][index[d]].lowerBound) ?? true) }
        }
    }

    /// How many input combinations (one value on each dimension) an atom holds; nil past `Int.max`.
    func size(_ index: [Int]) -> Int? { Self.product(index.indices.lazy.map { atoms[$0][index[$0]].count }) }

    /// `total` plus `count`, or nil when either is nil (already past counting) or the sum is past `Int.max`: how the
    /// checks add up the combinations of several atoms.
    static func sum(_ total: Int?, _ count: Int?) -> Int? {
        guard let total, let count else { return nil }
        let (sum, overflow) = total.addingReportingOverflow(count)
        return overflow ? nil : sum
    }

    /// The product of `counts` (taken as they come, no list made), or nil past `Int.max`.
    static func product<Counts: Sequence<Int>>(_ counts: Counts) -> Int? {
        var n = 1
        for count in counts {
            let (p, overflow) = n.multipliedReportingOverflow(by: count)
            if overflow { return nil }
            n = p
        }
        return n
    }

    /// Describes an atom for a message: `enabled=true, away=61s..2h`.
    func describe(_ index: [Int]) -> String {
        dimensions.indices.map { d in
            "\(dimensions[d].name)=\(dimensions[d].domain.describe(ValueSet([atoms[d][index[d]]])))"
        }.joined(separator: ", ")
    }
}
