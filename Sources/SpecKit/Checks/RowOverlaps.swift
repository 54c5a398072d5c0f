/// The overlaps of rows under `hit: unique`, each pair of rows once: the first group of inputs (an atom of a
/// `RegionAnalysis`) both match, how many input combinations they share in all, and whether the later row matches
/// anything the earlier one does not. A pair was reported at its first shared atom only, so a finding named one
/// combination of many, and called a partial overlap "redundant" (a trial).
struct RowOverlaps {
    /// One pair (indices into the analysed rows, earlier first).
    struct Pair {
        var earlier: Int, later: Int
        /// The first atoms both match, up to `RowOverlaps.shownAtoms`.
        var shown: [[Int]]
        /// The atoms both match, and the input combinations those hold (nil past `Int.max`).
        var atoms = 0
        var combinations: Int? = 0
    }

    /// The pairs, in the order first found.
    private(set) var pairs: [Pair] = []
    private var index: [[Int]: Int] = [:]
    /// How many atoms each row matches.
    private var matched: [Int: Int] = [:]

    /// Records an atom and the rows that match it (in row order).
    mutating func add(_ atom: [Int], matches: [Int], size: Int?) {
        for row in matches { matched[row, default: 0] += 1 }
        guard let earliest = matches.first else { return }
        for later in matches.dropFirst() {
            let key = [earliest, later]
            let i = index[key] ?? {
                pairs.append(Pair(earlier: earliest, later: later, shown: []))
                index[key] = pairs.count - 1
                return pairs.count - 1
            }()
            if pairs[i].shown.count < Self.shownAtoms { pairs[i].shown.append(atom) }
            pairs[i].atoms += 1
            pairs[i].combinations = RegionAnalysis.sum(pairs[i].combinations, size)
        }
    }

    /// The row of the pair that adds nothing (every atom it matches, the other matches too), the later one first;
    /// nil when each matches something the other does not.
    func covered(_ pair: Pair) -> Int? {
        matched[pair.later] == pair.atoms ? pair.later : matched[pair.earlier] == pair.atoms ? pair.earlier : nil
    }

    /// The finding for rows `a` and `b` that both match `place`: `check.conflict` when they `differ` (how), else
    /// `check.redundant` (they do `alike`), naming which of them is `covered` (every combination it matches, the other
    /// matches too), or that neither is; `scope` says where the rows were compared (` there`, a machine's state and event).
    static func finding(_ a: RowIdentity, _ b: RowIdentity, match place: String, differ: String?, alike: String,
                        covered: String?, scope: String = "") -> Diagnostic {
        guard let differ else {
            let redundancy = covered.map { "\($0) is redundant\(scope): \($0 == a.id ? b.id : a.id) matches every combination it does" }
                ?? "each also matches inputs the other does not\(scope), so neither is redundant: make their conditions exclusive"
            // At the redundant row, the one to delete (the later one when neither is).
            let (here, other) = covered == a.id ? (a, b) : (b, a)
            return Diagnostic(.warning, id: "check.redundant", "rows \(a.id) and \(b.id) both match \(place) and \(alike); " + redundancy,
                              at: here.location, rows: [a.id, b.id], notes: ["\(other.id) is at \(other.location)"])
        }
        return Diagnostic(.error, id: "check.conflict", "rows \(a.id) and \(b.id) conflict: both match \(place) but \(differ)",
                          at: b.location, rows: [a.id, b.id],
                          notes: ["\(a.id) is at \(a.location)"] + a.productNotes + b.productNotes
                              + ["make their conditions exclusive; 'hit: first' would let the earlier row win here, and wherever two rows of this spec overlap"])
    }

    /// The most groups of inputs a finding writes out; past them, it counts.
    static let shownAtoms = 3

    /// Where a pair overlaps, for a finding: up to `shownAtoms` groups of inputs, each with its ranges written out
    /// (`(canEvaluate=true, enabled=false) and (canEvaluate=true, enabled=true)`; in parentheses when a group names
    /// several inputs). Past them, the first, then how many more and the combinations in all, as `check.gap` counts
    /// them (`failures=3, and 3 more groups of inputs (4 combinations in all)`).
    static func place(_ pair: Pair, in analysis: RegionAnalysis) -> String {
        let grouped = analysis.dimensions.count > 1 && pair.atoms > 1
        let groups = pair.shown.map { grouped ? "(\(analysis.describe($0)))" : analysis.describe($0) }
        let all = pair.combinations.map { "\(counted($0, "combination")) in all" } ?? "more combinations than can be counted"
        guard pair.atoms > groups.count else {
            // Groups that hold several combinations each (a range written out as `1..3`) are counted too.
            return joinedWithAnd(groups) + (pair.atoms == 1 || pair.combinations == pair.atoms ? "" : " (\(all))")
        }
        return "\(groups[0]), and \(pair.atoms - 1) more groups of inputs (\(all))"
    }
}
