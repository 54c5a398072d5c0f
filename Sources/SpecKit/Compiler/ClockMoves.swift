/// The amounts the exploration moves a machine's device clock back by: just before, at and just after every edge of
/// the machine's duration conditions (an event input such as `wait(elapsed)` or a duration variable, product values
/// they name included). Derived from the compiled guards, never listed by hand, so a block of `firstBlock` is moved
/// back across by `firstBlock - 1ms`, `firstBlock` and `firstBlock + 1ms`. A machine that tests no duration is moved
/// back by its product's durations instead (a core may measure time the table does not name).
enum ClockMoves {
    /// The amounts in milliseconds, positive, sorted, each once.
    static func amounts(_ machine: Machine, product: [Binding]) -> [Int] {
        var edges: Set<Int> = []
        for row in machine.rows {
            for condition in row.when {
                guard let whole = durationRange(of: condition.name, on: row.on, in: machine) else { continue }
                for range in condition.set.ranges {
                    if range.lowerBound > whole.lowerBound { edges.insert(range.lowerBound) }
                    if range.upperBound < whole.upperBound { edges.insert(range.upperBound + 1) }
                }
            }
        }
        if edges.isEmpty {
            edges = Set(product.compactMap { binding in if case .duration(let ms) = binding.value, ms > 0 { ms } else { nil } })
        }
        return Set(edges.flatMap { [$0 - 1, $0, $0 + 1] }.filter { $0 > 0 }).sorted()
    }

    /// The range of a duration name a row tests: a variable's, or an input's of one of the row's events.
    private static func durationRange(of name: String, on events: [String], in machine: Machine) -> ClosedRange<Int>? {
        let domain = machine.variable(name)?.domain
            ?? events.lazy.compactMap { machine.event($0)?.input(name)?.domain }.first
        guard case .duration(let range)? = domain else { return nil }
        return range
    }
}
