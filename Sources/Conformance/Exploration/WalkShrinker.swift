/// Shrinks a failing sequence to a minimal one that still fails the same way, re-checking every candidate.
///
/// `fails` runs a candidate (against the model and the core) and answers with the length of its failing prefix (the
/// steps up to and including the one that diverges the same way), or nil when it does not fail so. Each round tries,
/// until nothing changes or `budget` runs are spent:
/// 1. `splice`: replace the sequence by a shortest path to the failing situation followed by the failing step;
/// 2. removal, delta-debugging style: chunks of half the sequence, then quarters, down to single steps;
/// 3. simplification: each step replaced by each of its simpler forms (`simpler`, simplest first: the first input
///    atom, say).
/// An accepted candidate is cut after its failing step, so the result ends where it diverges. The result is
/// 1-minimal (no single step can be removed or simplified) whenever the budget is not exhausted.
public struct WalkShrinker<Move: Hashable> {
    /// Simpler forms of a move, simplest first.
    public var simpler: (Move) -> [Move]
    /// A candidate built from the model's shortest path to where a sequence fails, if there is one.
    public var splice: ([Move]) -> [Move]?
    /// The failing prefix's length of a candidate that fails the same way, or nil.
    public var fails: ([Move]) -> Int?
    /// The most candidates run.
    public var budget: Int

    /// Creates a shrinker.
    public init(budget: Int, simpler: @escaping (Move) -> [Move], splice: @escaping ([Move]) -> [Move]?,
                fails: @escaping ([Move]) -> Int?) {
        self.budget = budget
        self.simpler = simpler
        self.splice = splice
        self.fails = fails
    }

    /// The shrunk sequence and the candidates run. `moves` must fail (its failing prefix is where shrinking starts).
    public func shrink(_ moves: [Move]) -> (moves: [Move], runs: Int) {
        var search = Search(current: moves, fails: fails, budget: budget)
        if let n = fails(moves) { search.current = Array(moves.prefix(n)) }
        search.runs = 1
        var changed = true
        while changed && search.runs < budget {
            changed = false
            if let spliced = splice(search.current), spliced.count < search.current.count, search.accept(spliced) { changed = true }
            if search.removeChunks() { changed = true }
            if search.simplify(simpler) { changed = true }
        }
        return (search.current, search.runs)
    }

    /// The sequence being shrunk and the candidates run so far.
    private struct Search {
        var current: [Move]
        let fails: ([Move]) -> Int?
        let budget: Int
        var runs = 0
        var tried: Set<[Move]> = []

        /// Whether a candidate fails the same way; if so, its failing prefix becomes `current`.
        mutating func accept(_ candidate: [Move]) -> Bool {
            guard runs < budget, candidate != current, tried.insert(candidate).inserted else { return false }
            runs += 1
            guard let n = fails(candidate) else { return false }
            current = Array(candidate.prefix(n))
            return true
        }

        /// Removes chunks of halving size while the sequence still fails without them.
        mutating func removeChunks() -> Bool {
            var changed = false
            var size = max(1, current.count / 2)
            while true {
                var start = 0
                while start < current.count {
                    let end = min(current.count, start + size)
                    let candidate = Array(current[..<start] + current[end...])
                    if !candidate.isEmpty, accept(candidate) { changed = true } else { start += size }
                }
                if size == 1 { return changed }
                size /= 2
            }
        }

        /// Replaces each step by its simpler forms while the sequence still fails.
        mutating func simplify(_ simpler: (Move) -> [Move]) -> Bool {
            var changed = false
            var i = 0
            while i < current.count {
                for form in simpler(current[i]) {
                    var candidate = current
                    candidate[i] = form
                    if accept(candidate) { changed = true; break }
                }
                i += 1
            }
            return changed
        }
    }
}
