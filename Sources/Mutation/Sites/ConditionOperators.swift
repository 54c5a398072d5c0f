/// The negated-condition and dropped-conjunct operators on `if`, `guard` and `while` conditions.
enum ConditionOperators {
    /// The sites of both operators in `structure`.
    static func sites(in structure: SourceStructure) -> [FoundSite] {
        var sites: [FoundSite] = []
        for index in structure.tokens.indices {
            guard let condition = Condition.read(at: index, in: structure) else { continue }
            if condition.clauses.count == 1, !Condition.isBinding(condition.clauses[0], in: structure) {
                let range = condition.range
                let original = structure.text(tokens: range.lowerBound, range.upperBound)
                sites.append(structure.site(.negatedCondition, tokens: range.lowerBound, range.upperBound,
                                            mutated: "!(\(original))"))
            }
            sites += droppedParts(condition.clauses.filter { _ in condition.clauses.count > 1 },
                                  droppable: { !Condition.isBinding($0, in: structure) }, in: structure)
            for clause in condition.clauses where !Condition.isBinding(clause, in: structure) {
                sites += droppedParts(conjuncts(of: clause, in: structure), droppable: { _ in true }, in: structure)
            }
        }
        return sites
    }

    /// One site per droppable part: the part and the separator before or after it removed.
    private static func droppedParts(_ parts: [ClosedRange<Int>], droppable: (ClosedRange<Int>) -> Bool,
                                     in structure: SourceStructure) -> [FoundSite] {
        guard parts.count >= 2 else { return [] }
        let tokens = structure.tokens
        var sites: [FoundSite] = []
        for (offset, part) in parts.enumerated() where droppable(part) {
            let isLast = offset == parts.count - 1
            let start = isLast ? tokens[parts[offset - 1].upperBound].end : tokens[part.lowerBound].start
            let end = isLast ? tokens[part.upperBound].end : tokens[parts[offset + 1].lowerBound].start
            sites.append(structure.site(.droppedConjunct, start: start, end: end, mutated: "",
                                        anchor: part.lowerBound))
        }
        return sites
    }

    /// The operands of the top-level `&&`s of a clause; none when it also has a top-level `||`, `?:` or `=`.
    private static func conjuncts(of clause: ClosedRange<Int>, in structure: SourceStructure) -> [ClosedRange<Int>] {
        let tokens = structure.tokens
        var operands: [ClosedRange<Int>] = []
        var start = clause.lowerBound
        var cursor = clause.lowerBound
        while cursor <= clause.upperBound {
            let token = tokens[cursor]
            if token.kind == .op, token.isSpacedOut, ["||", "?", "="].contains(token.text) { return [] }
            if token.kind == .op, token.isSpacedOut, token.text == "&&" {
                guard cursor > start else { return [] }
                operands.append(start...(cursor - 1))
                start = cursor + 1
            }
            cursor = structure.match[cursor] > cursor ? structure.match[cursor] + 1 : cursor + 1
        }
        guard start <= clause.upperBound, !operands.isEmpty else { return [] }
        operands.append(start...clause.upperBound)
        return operands
    }
}
