/// Every combination of one index per dimension, the last dimension varying fastest (an odometer): what the region
/// analysis walks its atoms with and the decision exploration its input values.
enum Combinations {
    /// Calls `body` with each combination of indices `0..<counts[d]`, at most `limit` times; once with `[]` when there
    /// are no dimensions, never when a dimension has none.
    static func forEach(counts: [Int], limit: Int = .max, _ body: ([Int]) -> Void) {
        guard !counts.contains(where: { $0 <= 0 }) else { return }
        var index = [Int](repeating: 0, count: counts.count)
        var done = 0
        while done < limit {
            body(index)
            done += 1
            var d = counts.count - 1
            while d >= 0 {
                index[d] += 1
                if index[d] < counts[d] { break }
                index[d] = 0
                d -= 1
            }
            if d < 0 { return }
        }
    }
}
