/// What an opening brace opens, as far as mutation analysis needs to know.
enum BraceKind: Sendable, Hashable {
    /// The members of a struct, class, enum, protocol, actor or extension.
    case typeBody
    /// The body of a func, init, deinit, subscript, accessor or computed property.
    case functionBody
    /// The braces of a property holding `get`/`set`/`willSet`/`didSet` blocks.
    case accessorContainer
    /// The block of a statement (`if`, `else`, `guard`, `for`, `while`, `switch`, `do`, `catch`, `repeat`, `defer`).
    case controlFlow(String)
    /// A closure.
    case closure
}

/// Tells what each `{` of a token stream opens, from the tokens before it (its header).
enum BraceClassifier {
    static let controlKeywords: Set<String> = ["if", "guard", "while", "for", "switch", "repeat", "do", "catch",
                                               "else", "defer"]
    static let typeKeywords: Set<String> = ["struct", "class", "enum", "extension", "protocol", "actor"]
    static let functionKeywords: Set<String> = ["func", "init", "deinit", "subscript"]
    static let accessorKeywords: Set<String> = ["get", "set", "willSet", "didSet", "_read", "_modify", "init"]
    static let modifiers: Set<String> = ["public", "private", "fileprivate", "internal", "open", "package", "static",
                                         "final", "override", "mutating", "nonmutating", "convenience", "required",
                                         "lazy", "weak", "unowned", "nonisolated", "dynamic", "optional", "indirect",
                                         "prefix", "postfix", "infix", "consuming", "borrowing", "isolated"]

    /// The kind of the brace at `open`, given the kinds of the braces before it and the bracket matches.
    static func kind(of open: Int, tokens: [SwiftToken], match: [Int], enclosing: BraceKind?) -> BraceKind {
        let header = headerTokens(before: open, tokens: tokens, match: match)
        if opensAccessors(open, tokens: tokens), header.contains(where: { $0.isWord("var") || $0.isWord("subscript") }) {
            return .accessorContainer
        }
        let words = strippingModifiers(header)
        guard let first = words.first else { return .closure }
        if enclosing == .accessorContainer, accessorKeywords.contains(first.text) { return .functionBody }
        if controlKeywords.contains(first.text) { return .controlFlow(first.text) }
        if header.enumerated().contains(where: { offset, token in
            functionKeywords.contains(token.text) && token.kind == .identifier
                && (offset == 0 || !header[offset - 1].isSymbol("."))
        }) && (modifiers.contains(first.text) || functionKeywords.contains(first.text) || first.isWord("class")) {
            return .functionBody
        }
        if typeKeywords.contains(first.text) { return .typeBody }
        if first.isWord("var") || first.isWord("let") {
            guard let equals = words.firstIndex(where: { $0.isSymbol("=") }) else { return .functionBody }
            return segmentKind(Array(words[(equals + 1)...]))
        }
        let splitAt = header.lastIndex(where: { $0.isSymbol("=") || $0.isWord("return") || $0.isWord("in")
            || $0.isWord("throw") || ($0.isSymbol(":") && (first.isWord("case") || first.isWord("default"))) })
        return segmentKind(splitAt.map { Array(header[($0 + 1)...]) } ?? header)
    }

    private static func segmentKind(_ segment: [SwiftToken]) -> BraceKind {
        let words = strippingModifiers(segment)
        let first = words.first.map { $0.text == "try" || $0.text == "await" ? words.dropFirst().first : $0 } ?? nil
        if let first, first.kind == .identifier, controlKeywords.contains(first.text) {
            return .controlFlow(first.text)
        }
        return .closure
    }

    static func strippingModifiers(_ tokens: [SwiftToken]) -> [SwiftToken] {
        var start = 0
        while start < tokens.count,
              tokens[start].kind == .attribute || (tokens[start].kind == .identifier
                && modifiers.contains(tokens[start].text)
                && !(start + 1 < tokens.count && tokens[start + 1].isSymbol("."))) {
            start += 1
        }
        return Array(tokens[start...])
    }

    /// Whether the block at `open` starts with an accessor (`get {`, `set(value) {`, `didSet {`, a bare `get`).
    private static func opensAccessors(_ open: Int, tokens: [SwiftToken]) -> Bool {
        var index = open + 1
        while index < tokens.count,
              tokens[index].kind == .attribute || tokens[index].isWord("mutating") || tokens[index].isWord("nonmutating") {
            index += 1
        }
        guard index + 1 < tokens.count, tokens[index].kind == .identifier,
              accessorKeywords.contains(tokens[index].text), !tokens[index].isWord("init") else { return false }
        let next = tokens[index + 1]
        return next.isSymbol("{") || next.isSymbol("(") || next.isSymbol("}") || next.kind == .identifier
    }

    /// The top-level tokens of the statement that ends at `open` (bracketed groups left out), first to last.
    static func headerTokens(before open: Int, tokens: [SwiftToken], match: [Int]) -> [SwiftToken] {
        var header: [SwiftToken] = []
        var index = open - 1
        while index >= 0 {
            var token = tokens[index]
            if token.isSymbol("{") || token.isSymbol("}") || token.isSymbol(";") { break }
            if (token.isSymbol(")") || token.isSymbol("]")), match[index] >= 0 {
                index = match[index]
                token = tokens[index]
            } else {
                header.append(token)
            }
            if token.newlineBefore, index > 0, !continues(from: tokens[index - 1], to: token) { break }
            index -= 1
        }
        return header.reversed()
    }

    /// Whether a line that starts with `token` continues the statement whose last token was `previous`.
    static func continues(from previous: SwiftToken, to token: SwiftToken) -> Bool {
        if token.isSymbol(".") || token.isWord("where") || token.isWord("throws") || token.isWord("async")
            || token.isWord("rethrows") || token.isSymbol("->") || (token.kind == .op && token.isSpacedOut) {
            return true
        }
        if previous.isSymbol(",") || previous.isSymbol("(") || previous.isSymbol("[") { return true }
        if previous.kind == .op, !previous.spaceBefore, previous.text.hasPrefix(">") { return false }
        return previous.kind == .op && !(previous.text == "?" || previous.text == "!")
    }
}
