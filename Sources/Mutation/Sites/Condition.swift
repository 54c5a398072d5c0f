/// The condition of an `if`, `guard` or `while`: its clauses, as token index ranges.
struct Condition: Sendable, Hashable {
    /// The comma-separated clauses, each `first...last` (token indices).
    var clauses: [ClosedRange<Int>]
    /// The index of the `{` after the condition (`if`, `while`), or of `else` (`guard`).
    var end: Int

    /// The whole condition, first clause to last.
    var range: ClosedRange<Int> { clauses[0].lowerBound...clauses[clauses.count - 1].upperBound }

    /// Whether a clause binds a name or tests availability (`let x = …`, `case .a = …`, `#available(…)`), which
    /// cannot be negated, dropped or have its branches swapped.
    static func isBinding(_ clause: ClosedRange<Int>, in structure: SourceStructure) -> Bool {
        let first = structure.tokens[clause.lowerBound]
        return first.isWord("let") || first.isWord("var") || first.isWord("case") || first.kind == .pound
    }

    /// The condition after the keyword at `index`, or nil when it is not one (repeat-while, an odd shape).
    static func read(at index: Int, in structure: SourceStructure) -> Condition? {
        let tokens = structure.tokens
        let keyword = tokens[index]
        guard keyword.isWord("if") || keyword.isWord("guard") || keyword.isWord("while") else { return nil }
        if keyword.isWord("while"), index > 0, tokens[index - 1].isSymbol("}"),
           structure.braceKinds[structure.match[index - 1]] == .controlFlow("repeat") {
            return nil
        }
        var clauses: [ClosedRange<Int>] = []
        var clauseStart = index + 1
        var cursor = index + 1
        while cursor < tokens.count {
            let token = tokens[cursor]
            let ends = keyword.isWord("guard") ? token.isWord("else") : token.isSymbol("{")
            if ends || token.isSymbol(",") {
                guard cursor > clauseStart else { return nil }
                clauses.append(clauseStart...(cursor - 1))
                clauseStart = cursor + 1
                if ends { return Condition(clauses: clauses, end: cursor) }
            } else if token.isSymbol("}") || token.isSymbol(";") || token.isSymbol(")") || token.isSymbol("]") {
                return nil
            }
            cursor = (token.isSymbol("(") || token.isSymbol("[")) && structure.match[cursor] > cursor
                ? structure.match[cursor] + 1 : cursor + 1
        }
        return nil
    }
}
