/// The branches of `#if` / `#elseif` / `#else` that this platform does not compile: their code cannot be mutated
/// here (a mutant there would never run), so the plan lists them as excluded instead.
///
/// Conditions are evaluated only when they are made of `canImport(M)` and `os(X)` for the modules and systems this
/// build knows (Glibc, Darwin, Foundation; Linux, macOS, iOS), `!`, `&&`, `||`; any other condition keeps every
/// branch of its block (as if active).
enum ConditionalCompilation {
    /// An inactive branch: the line of its directive, the directive, and the tokens it holds.
    struct Branch: Sendable, Hashable {
        /// The 1-based line of the `#if`/`#elseif`/`#else` that opens the branch.
        var line: Int
        /// `#if`, `#elseif` or `#else`.
        var directive: String
        /// The tokens of the branch (directive lines left out).
        var tokens: Range<Int>
    }

    /// The inactive branches of a token stream.
    static func inactiveBranches(_ tokens: [SwiftToken]) -> [Branch] {
        var branches: [Branch] = []
        var stack: [(taken: Bool, known: Bool, open: (line: Int, directive: String, start: Int, active: Bool)?)] = []
        for (index, token) in tokens.enumerated() where token.kind == .pound {
            let lineEnd = endOfLine(after: index, tokens)
            let closeOpen = { (end: Int) in
                if let open = stack.last?.open, !open.active, stack.last?.known == true, open.start < end {
                    branches.append(Branch(line: open.line, directive: open.directive, tokens: open.start..<end))
                }
            }
            switch token.text {
            case "#if":
                let value = evaluate(Array(tokens[(index + 1)..<lineEnd]))
                stack.append((value ?? true, value != nil, (token.line, token.text, lineEnd, value ?? true)))
            case "#elseif", "#else":
                // The branch that ends here is closed while its block is still on top of the stack.
                closeOpen(index)
                guard let top = stack.popLast() else { continue }
                let value = token.text == "#else" ? true : evaluate(Array(tokens[(index + 1)..<lineEnd]))
                let active = !top.taken && (value ?? true)
                stack.append((top.taken || active, top.known && value != nil, (token.line, token.text, lineEnd, active)))
            case "#endif":
                closeOpen(index)
                _ = stack.popLast()
            default:
                continue
            }
        }
        return branches
    }

    private static func endOfLine(after index: Int, _ tokens: [SwiftToken]) -> Int {
        var end = index + 1
        while end < tokens.count, !tokens[end].newlineBefore { end += 1 }
        return end
    }

    /// The value of a directive's condition, or nil when it holds anything this build does not know.
    static func evaluate(_ condition: [SwiftToken]) -> Bool? {
        var terms: [[SwiftToken]] = [[]]
        var operators: [String] = []
        for token in condition {
            if token.kind == .op, token.text == "&&" || token.text == "||" {
                operators.append(token.text)
                terms.append([])
            } else {
                terms[terms.count - 1].append(token)
            }
        }
        guard Set(operators).count <= 1 else { return nil }
        var values: [Bool] = []
        for term in terms {
            guard let value = evaluateTerm(term) else { return nil }
            values.append(value)
        }
        return operators.first == "||" ? values.contains(true) : values.allSatisfy { $0 }
    }

    private static func evaluateTerm(_ term: [SwiftToken]) -> Bool? {
        let negated = term.first.map { $0.kind == .op && $0.text == "!" } ?? false
        let rest = negated ? Array(term.dropFirst()) : term
        guard rest.count == 4, rest[1].isSymbol("("), rest[3].isSymbol(")"),
              let value = known(rest[0].text, rest[2].text) else { return nil }
        return negated ? !value : value
    }

    /// What this build knows of `canImport(argument)` and `os(argument)`.
    private static func known(_ function: String, _ argument: String) -> Bool? {
        switch (function, argument) {
        case ("canImport", "Foundation"): return true
        case ("canImport", "Glibc"), ("os", "Linux"):
            #if os(Linux)
            return true
            #else
            return false
            #endif
        case ("canImport", "Darwin"), ("os", "macOS"), ("os", "iOS"):
            #if canImport(Darwin)
            return argument == "Darwin" || argument == currentApple
            #else
            return false
            #endif
        default: return nil
        }
    }

    #if os(macOS)
    private static let currentApple = "macOS"
    #else
    private static let currentApple = "iOS"
    #endif
}
