/// The swapped-branches operator: the blocks of an `if`/`else`, and the operands of a ternary `c ? a : b`.
enum BranchOperators {
    /// The sites of the operator in `structure`.
    static func sites(in structure: SourceStructure) -> [FoundSite] {
        var sites: [FoundSite] = []
        for (index, token) in structure.tokens.enumerated() {
            if token.isWord("if"), let site = swappedIf(at: index, in: structure) { sites.append(site) }
            if token.kind == .op, token.text == "?", token.isSpacedOut, !structure.frozen[index],
               let site = swappedTernary(at: index, in: structure) {
                sites.append(site)
            }
        }
        return sites
    }

    private static func swappedIf(at index: Int, in structure: SourceStructure) -> FoundSite? {
        let tokens = structure.tokens
        guard let condition = Condition.read(at: index, in: structure),
              !condition.clauses.contains(where: { Condition.isBinding($0, in: structure) }) else { return nil }
        let thenOpen = condition.end
        let thenClose = structure.match[thenOpen]
        guard thenClose > thenOpen, thenClose + 2 < tokens.count, tokens[thenClose + 1].isWord("else"),
              tokens[thenClose + 2].isSymbol("{") else { return nil }
        let elseOpen = thenClose + 2
        let elseClose = structure.match[elseOpen]
        guard elseClose > elseOpen else { return nil }
        let thenText = structure.text(tokens[thenOpen].end, tokens[thenClose].start)
        let elseText = structure.text(tokens[elseOpen].end, tokens[elseClose].start)
        let middle = structure.text(tokens[thenClose].start, tokens[elseOpen].end)
        return structure.site(.swappedBranches, start: tokens[thenOpen].end, end: tokens[elseClose].start,
                              mutated: elseText + middle + thenText, anchor: index)
    }

    private static func swappedTernary(at question: Int, in structure: SourceStructure) -> FoundSite? {
        let tokens = structure.tokens
        var nested = 0
        var cursor = question + 1
        while cursor < tokens.count {
            let token = tokens[cursor]
            if token.kind == .op, token.text == "?", token.isSpacedOut { nested += 1 }
            if token.isSymbol(":") {
                if nested == 0 { break }
                nested -= 1
            }
            if [")", "]", "}", ",", ";"].contains(token.text), token.kind == .punctuation { return nil }
            cursor = structure.match[cursor] > cursor ? structure.match[cursor] + 1 : cursor + 1
        }
        let colon = cursor
        guard colon < tokens.count, colon > question + 1, let last = falseOperandEnd(after: colon, in: structure)
        else { return nil }
        let trueText = structure.text(tokens: question + 1, colon - 1)
        let falseText = structure.text(tokens: colon + 1, last)
        let middle = structure.text(tokens[colon - 1].end, tokens[colon + 1].start)
        return structure.site(.swappedBranches, start: tokens[question + 1].start, end: tokens[last].end,
                              mutated: falseText + middle + trueText, anchor: question)
    }

    /// The last token of the operand after a ternary's `:`, or nil when it holds another `?`/`:` or is empty.
    private static func falseOperandEnd(after colon: Int, in structure: SourceStructure) -> Int? {
        let tokens = structure.tokens
        var cursor = colon + 1
        var last: Int?
        while cursor < tokens.count {
            let token = tokens[cursor]
            if token.kind == .punctuation, [")", "]", "}", ",", ";", "{"].contains(token.text) { break }
            if token.isSymbol(":") || (token.kind == .op && token.isSpacedOut && (token.text == "?" || token.text == "="))
            {
                return nil
            }
            if token.isWord("else") || token.isWord("where") { break }
            if let previous = last, token.newlineBefore,
               !BraceClassifier.continues(from: tokens[previous], to: token) {
                break
            }
            last = structure.match[cursor] > cursor ? structure.match[cursor] : cursor
            cursor = (last ?? cursor) + 1
        }
        return last
    }
}
