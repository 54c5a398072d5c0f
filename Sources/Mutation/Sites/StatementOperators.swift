/// The removed-call and default-return operators, on statements inside function bodies.
enum StatementOperators {
    private static let notCallees: Set<String> = ["let", "var", "return", "throw", "if", "guard", "switch", "for",
                                                  "while", "do", "repeat", "defer", "break", "continue", "case",
                                                  "default", "fallthrough", "func", "init", "fatalError",
                                                  "preconditionFailure", "try", "await", "else", "catch", "in",
                                                  "import", "typealias", "struct", "class", "enum", "extension"]

    /// The sites of both operators in `structure`.
    static func sites(in structure: SourceStructure) -> [FoundSite] {
        var sites: [FoundSite] = []
        let innermost = innermostBrackets(structure)
        for index in structure.tokens.indices where structure.functionBody[index] >= 0 {
            if structure.tokens[index].isWord("return") {
                sites += defaultReturns(at: index, in: structure)
            } else if let last = callStatementEnd(from: index, innermost: innermost, in: structure),
                      let mutated = removal(of: index...last, in: structure) {
                let semicolon = last + 1 < structure.tokens.count && structure.tokens[last + 1].isSymbol(";")
                sites.append(structure.site(.removedCall, tokens: index, semicolon ? last + 1 : last, mutated: mutated))
            }
        }
        return sites
    }

    /// For every token the index of the innermost open bracket of any kind around it, or -1.
    private static func innermostBrackets(_ structure: SourceStructure) -> [Int] {
        var result = Array(repeating: -1, count: structure.tokens.count)
        var stack: [Int] = []
        for (index, token) in structure.tokens.enumerated() {
            if token.kind == .punctuation, [")", "]", "}"].contains(token.text) { _ = stack.popLast() }
            result[index] = stack.last ?? -1
            if token.kind == .punctuation, ["(", "[", "{"].contains(token.text) { stack.append(index) }
        }
        return result
    }

    /// The last token of a statement that starts at `start` and only calls something, or nil.
    private static func callStatementEnd(from start: Int, innermost: [Int], in structure: SourceStructure) -> Int? {
        let tokens = structure.tokens
        guard innermost[start] >= 0, tokens[innermost[start]].isSymbol("{"), start > 0 else { return nil }
        let previous = tokens[start - 1]
        let opensStatement = previous.isSymbol("{") || previous.isSymbol(";") || previous.isWord("in")
            || (tokens[start].newlineBefore && !BraceClassifier.continues(from: previous, to: tokens[start]))
        guard opensStatement else { return nil }
        var cursor = start
        while cursor < tokens.count, tokens[cursor].isWord("try") || tokens[cursor].isWord("await")
            || (cursor > start && tokens[cursor].kind == .op && !tokens[cursor].spaceBefore
                && tokens[cursor - 1].isWord("try")) {
            cursor += 1
        }
        guard cursor < tokens.count, tokens[cursor].kind == .identifier, !notCallees.contains(tokens[cursor].text)
        else { return nil }
        guard let (last, endsInCall) = chainEnd(from: cursor, in: structure), endsInCall else { return nil }
        let next = last + 1
        guard next >= tokens.count || tokens[next].isSymbol("}")
            || (tokens[next].newlineBefore && !BraceClassifier.continues(from: tokens[last], to: tokens[next]))
            || tokens[next].isSymbol(";") else { return nil }
        return last
    }

    /// The last token of the postfix chain `name(.member | (…) | […] | ? | ! | { trailing closure })*`, and whether
    /// it ends in a call.
    private static func chainEnd(from first: Int, in structure: SourceStructure) -> (Int, Bool)? {
        let tokens = structure.tokens
        var cursor = first
        var endsInCall = false
        while cursor + 1 < tokens.count {
            let next = tokens[cursor + 1]
            if next.isSymbol("."), cursor + 2 < tokens.count, tokens[cursor + 2].kind == .identifier {
                if tokens[cursor + 2].isWord("init") { return nil }
                cursor += 2
                endsInCall = false
            } else if (next.isSymbol("(") || next.isSymbol("[")) && !next.spaceBefore {
                cursor = structure.match[cursor + 1]
                endsInCall = next.isSymbol("(")
            } else if next.kind == .op, !next.spaceBefore, next.text == "?" || next.text == "!" {
                cursor += 1
            } else if next.isSymbol("{"), !next.newlineBefore, structure.braceKinds[cursor + 1] == .closure {
                cursor = structure.match[cursor + 1]
                endsInCall = true
            } else {
                break
            }
            guard cursor > 0 else { return nil }
        }
        return (cursor, endsInCall)
    }

    /// The text that replaces a removed call statement: "" (or `break`, alone in a `case`); nil when the statement
    /// cannot go (the only statement of a closure, of a body with a result, of a guard's `else`).
    private static func removal(of statement: ClosedRange<Int>, in structure: SourceStructure) -> String? {
        let tokens = structure.tokens
        let previous = tokens[statement.lowerBound - 1]
        let next = statement.upperBound + 1 < tokens.count ? tokens[statement.upperBound + 1] : nil
        let alone = next.map { $0.isSymbol("}") || $0.isWord("case") || $0.isWord("default") || $0.kind == .attribute }
            ?? true
        guard alone else { return "" }
        if previous.isSymbol(":") { return "break" }
        guard previous.isSymbol("{") || previous.isWord("in") else { return "" }
        let open = previous.isSymbol("{") ? statement.lowerBound - 1 : structure.callable[statement.lowerBound]
        switch structure.braceKinds[open] {
        case .closure?, .controlFlow("guard")?: return nil
        case .functionBody?:
            let result = structure.resultTypes[open]?.filter { !$0.isWhitespace } ?? ""
            return result.isEmpty || result == "Void" || result == "()" ? "" : nil
        default: return ""
        }
    }

    /// `return x` → a default of the declared result type (Bool: `true` and `false`; numbers: 0; optionals: nil;
    /// arrays and sets: []; dictionaries: [:]; String: ""), in function bodies only (not closures).
    private static func defaultReturns(at index: Int, in structure: SourceStructure) -> [FoundSite] {
        let tokens = structure.tokens
        let callable = structure.callable[index]
        guard callable >= 0, structure.braceKinds[callable] == .functionBody,
              let type = structure.resultTypes[callable]?.filter({ !$0.isWhitespace }), !type.isEmpty,
              index + 1 < tokens.count, !tokens[index + 1].newlineBefore else { return [] }
        var cursor = index + 1
        var last = index
        while cursor < tokens.count {
            let token = tokens[cursor]
            if token.kind == .punctuation, ["}", ")", "]", ";", ","].contains(token.text) { break }
            if cursor > index + 1, token.newlineBefore, !BraceClassifier.continues(from: tokens[last], to: token) {
                break
            }
            last = structure.match[cursor] > cursor ? structure.match[cursor] : cursor
            cursor = last + 1
        }
        guard last > index else { return [] }
        let original = structure.text(tokens: index + 1, last)
        if type == "Bool", original == "true" || original == "false" { return [] }
        return defaults(for: type).filter { $0 != original }.map {
            structure.site(.defaultReturn, tokens: index + 1, last, mutated: $0)
        }
    }

    /// The default values of a result type, none for types without an obvious one.
    static func defaults(for type: String) -> [String] {
        let numbers: Set<String> = ["Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32",
                                    "UInt64", "Double", "Float"]
        if type == "Bool" { return ["true", "false"] }
        if numbers.contains(type) { return ["0"] }
        if type.hasSuffix("?") || type.hasPrefix("Optional<") { return ["nil"] }
        if type == "String" { return ["\"\""] }
        if type.hasPrefix("Set<") { return ["[]"] }
        if type.hasPrefix("["), type.hasSuffix("]") {
            return topLevelColon(in: type.dropFirst().dropLast()) ? ["[:]"] : ["[]"]
        }
        return []
    }

    private static func topLevelColon(in text: Substring) -> Bool {
        var depth = 0
        for char in text {
            if char == "[" || char == "(" || char == "<" { depth += 1 }
            if char == "]" || char == ")" || char == ">" { depth -= 1 }
            if char == ":", depth == 0 { return true }
        }
        return false
    }
}
