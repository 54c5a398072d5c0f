/// Did-you-mean suggestions by edit distance.
public enum Suggest {
    /// No word longer than this (in Unicode scalars) gets a suggestion: the edit table grows with the square of the
    /// length, and a name of the specs or the fixtures is at most 41 long (a row id).
    public static let maximumWordLength = 200

    /// The candidate closest to `word`, if it is close enough to be a likely typo
    /// (at most a third of the word's length in edits, and at least one edit allowed). A candidate that is the word's
    /// opposite (`Locked` for `Unlocked`, `active` for `inactive`: one is the other with a negating prefix) is never
    /// suggested: it is a word the writer chose, not a typo, and the suggestion would say the reverse of what they meant.
    /// Nor is one that changes every character of the word (`''` or `2` for `3`): that is another word, not a typo.
    /// A word longer than `maximumWordLength` gets none.
    public static func closest<S: Sequence>(to word: String, in candidates: S) -> String? where S.Element == String {
        // Past the bound, no search at all: a 1,500-character near-miss cost a 1,500 × 1,500 table per candidate.
        guard word.unicodeScalars.count <= maximumWordLength else { return nil }
        let limit = min(max(1, word.count / 3), word.unicodeScalars.count - 1)
        guard limit >= 0 else { return nil }
        var best: (String, Int)?
        for candidate in candidates where !areOpposites(word, candidate) {
            let d = distance(word.lowercased(), candidate.lowercased(), limit: limit)
            if d <= limit, best.map({ d < $0.1 || (d == $0.1 && candidate < $0.0) }) ?? true {
                best = (candidate, d)
            }
        }
        return best?.0 ?? stem(of: word, in: candidates)
    }

    /// The longest candidate of at least four letters that the word starts with, followed by a word of its own
    /// (`grace_period`, `grace-time`, `graceTime` for `grace`): a name written with a word added, too far from the
    /// candidate in edits to be a typo of it.
    static func stem<S: Sequence>(of word: String, in candidates: S) -> String? where S.Element == String {
        let scalars = Array(word.unicodeScalars)
        return candidates.filter { candidate in
            let length = candidate.unicodeScalars.count
            guard length >= 4, length < scalars.count, word.lowercased().hasPrefix(candidate.lowercased()) else { return false }
            let next = scalars[length]
            return next == "_" || next == "-" || next.properties.isUppercase
        }.max { ($0.count, $1) < ($1.count, $0) }  // of two as long (case apart), the first by name
    }

    /// The hint `did you mean 'candidate'?` for the candidate `closest(to:in:)` finds, nil when none is close.
    public static func didYouMean<S: Sequence>(_ word: String, in candidates: S) -> String? where S.Element == String {
        closest(to: word, in: candidates).map { "did you mean '\($0)'?" }
    }

    /// The prefixes that negate a word (`un`locked, `in`active, `non`empty, `dis`abled, `de`activated, `not`Set, `no`Grace).
    static let negatingPrefixes = ["un", "in", "non", "not", "no", "dis", "de"]

    /// Whether one word is the other with a negating prefix, case aside (`Unlocked` and `Locked`).
    static func areOpposites(_ a: String, _ b: String) -> Bool {
        let (a, b) = (a.lowercased(), b.lowercased())
        let (longer, shorter) = a.count > b.count ? (a, b) : (b, a)
        guard !shorter.isEmpty else { return false }
        return negatingPrefixes.contains { longer == $0 + shorter }
    }

    /// Levenshtein distance, giving up (returning limit + 1) once it must exceed `limit`.
    static func distance(_ a: String, _ b: String, limit: Int) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        // Rows of the edit table: two letters swapped (`form` for `from`) count as one edit, as a typist makes them.
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMin = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = Swift.min(current[j], beforePrevious[j - 2] + 1)
                }
                rowMin = Swift.min(rowMin, current[j])
            }
            // A row's least value is never below the row before's (a swap reaches back two rows, at a cost of one),
            // so once it passes the limit the distance does.
            if rowMin > limit { return limit + 1 }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
