/// What each token of a lexed file sits in: brackets, braces and their kinds, declarations, attributes, patterns.
struct SourceStructure: Sendable {
    /// The lexed file.
    let source: LexedSource
    /// For every `(`, `[`, `{` the index of its closer and the reverse; -1 elsewhere.
    private(set) var match: [Int]
    /// What each `{` opens (by the brace's token index).
    private(set) var braceKinds: [Int: BraceKind] = [:]
    /// For every token the index of the innermost `{` around it, or -1.
    private(set) var enclosingBrace: [Int]
    /// For every token the index of the outermost function-body `{` around it, or -1.
    private(set) var functionBody: [Int]
    /// For every token the index of the innermost function-body or closure `{` around it, or -1.
    private(set) var callable: [Int]
    /// The declared result type of each function body (by its `{`), "" when none.
    private(set) var resultTypes: [Int: String] = [:]
    /// For every token its enclosing declaration path (`Type.member(label:)`).
    private(set) var declaration: [String]
    /// Tokens where nothing may change: attribute arguments, compiler directives, declaration headers.
    private(set) var frozen: [Bool]
    /// Tokens in a `case`/`catch` pattern or an enum case declaration, where a literal must stay a literal.
    private(set) var inPattern: [Bool]

    var tokens: [SwiftToken] { source.tokens }

    /// Reads the structure of `source`; `file` names the file in errors and at top level.
    /// - Throws: `SwiftSourceError` on unbalanced brackets.
    init(_ source: LexedSource, file: String) throws {
        self.source = source
        let count = source.tokens.count
        match = try Self.matchBrackets(source.tokens, file: file)
        enclosingBrace = Array(repeating: -1, count: count)
        functionBody = Array(repeating: -1, count: count)
        callable = Array(repeating: -1, count: count)
        declaration = Array(repeating: "", count: count)
        frozen = Array(repeating: false, count: count)
        inPattern = Array(repeating: false, count: count)
        classifyBraces()
        DeclarationScanner.scan(&self, fileName: Self.baseName(file))
        markFrozen()
        markPatterns()
    }

    private static func baseName(_ file: String) -> String {
        let last = file.split(separator: "/").last.map(String.init) ?? file
        return last.hasSuffix(".swift") ? String(last.dropLast(6)) : last
    }

    private static func matchBrackets(_ tokens: [SwiftToken], file: String) throws -> [Int] {
        var match = Array(repeating: -1, count: tokens.count)
        var stack: [Int] = []
        let pairs: [String: String] = [")": "(", "]": "[", "}": "{"]
        for (index, token) in tokens.enumerated() where token.kind == .punctuation {
            if ["(", "[", "{"].contains(token.text) {
                stack.append(index)
            } else if let opener = pairs[token.text] {
                guard let open = stack.popLast(), tokens[open].text == opener else {
                    throw SwiftSourceError(file: file, line: token.line, column: token.column,
                                           message: "unbalanced '\(token.text)'")
                }
                match[open] = index
                match[index] = open
            }
        }
        if let open = stack.last {
            throw SwiftSourceError(file: file, line: tokens[open].line, column: tokens[open].column,
                                   message: "'\(tokens[open].text)' is never closed")
        }
        return match
    }

    private mutating func classifyBraces() {
        var stack: [Int] = []
        var functionStack: [Int] = []
        var callableStack: [Int] = []
        for index in tokens.indices {
            let token = tokens[index]
            if token.isSymbol("}"), let open = stack.popLast() {
                if functionStack.last == open { functionStack.removeLast() }
                if callableStack.last == open { callableStack.removeLast() }
            }
            enclosingBrace[index] = stack.last ?? -1
            functionBody[index] = functionStack.first ?? -1
            callable[index] = callableStack.last ?? -1
            guard token.isSymbol("{") else { continue }
            let kind = BraceClassifier.kind(of: index, tokens: tokens, match: match,
                                            enclosing: stack.last.flatMap { braceKinds[$0] })
            braceKinds[index] = kind
            if kind == .functionBody {
                functionStack.append(index)
                callableStack.append(index)
                resultTypes[index] = ResultTypeReader.resultType(of: index, in: self)
            } else if kind == .closure {
                callableStack.append(index)
            }
            stack.append(index)
        }
    }

    mutating func setDeclaration(_ path: String, at index: Int) { declaration[index] = path }

    /// Freezes attribute arguments, `#if` lines, `#available(…)` and the headers of declarations (generic clauses).
    private mutating func markFrozen() {
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .attribute || token.kind == .pound {
                frozen[index] = true
                if index + 1 < tokens.count, tokens[index + 1].isSymbol("("), !tokens[index + 1].spaceBefore,
                   match[index + 1] > index {
                    for inner in (index + 1)...match[index + 1] { frozen[inner] = true }
                }
                if ["#if", "#elseif"].contains(token.text) {
                    var next = index + 1
                    while next < tokens.count, !tokens[next].newlineBefore {
                        frozen[next] = true
                        next += 1
                    }
                }
            }
            if token.kind == .identifier, ["func", "init", "subscript", "extension", "struct", "class", "enum",
                                           "protocol", "actor", "typealias", "associatedtype"].contains(token.text),
               !(index > 0 && tokens[index - 1].isSymbol(".")) {
                freezeGenericClauses(from: index)
            }
            index += 1
        }
    }

    /// Freezes `<…>` and `where …` of a declaration header (up to its body or the end of its line).
    private mutating func freezeGenericClauses(from keyword: Int) {
        var index = keyword + 1
        var inWhere = false
        while index < tokens.count, !tokens[index].isSymbol("{"), !(index > keyword + 1 && tokens[index].newlineBefore
            && !BraceClassifier.continues(from: tokens[index - 1], to: tokens[index])) {
            if tokens[index].isWord("where") { inWhere = true }
            if tokens[index].isSymbol("("), match[index] > index, !inWhere {
                index = match[index] + 1
                continue
            }
            if inWhere || tokens[index].text.hasPrefix("<") || tokens[index].text.hasPrefix(">") { frozen[index] = true }
            index += 1
        }
    }

    /// Marks `case`/`catch` patterns up to their `:` / `=` / `{`, and enum case declarations to their line's end.
    private mutating func markPatterns() {
        for index in tokens.indices where tokens[index].isWord("case") || tokens[index].isWord("catch") {
            let open = enclosingBrace[index]
            let enumCase = open < 0 || braceKinds[open] == .typeBody
            var next = index + 1
            while next < tokens.count {
                let token = tokens[next]
                if enumCase ? token.newlineBefore || token.isSymbol("}") || token.isSymbol(";")
                    : token.isSymbol(":") || token.isSymbol("=") || token.isSymbol("{") {
                    break
                }
                inPattern[next] = true
                if (token.isSymbol("(") || token.isSymbol("[")), match[next] > next {
                    for inner in next...match[next] { inPattern[inner] = true }
                    next = match[next]
                }
                next += 1
            }
        }
    }
}
