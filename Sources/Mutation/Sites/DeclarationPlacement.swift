/// Where a site outside any function body can still go into the schemata: a raw value of an enum case (the enum
/// is rewritten with a computed `rawValue`) or a stored property's initializer (the expression becomes a ternary over
/// the switch). Everything here only reads the structure; a shape it does not recognise is nil, and the site falls
/// back to a build of its own.
struct RawValueEnum: Sendable, Hashable {
    /// One `case name = literal` of the enum.
    struct Case: Sendable, Hashable {
        /// The index of the case's name token.
        var name: Int
        /// The index of the raw value's literal token.
        var literal: Int
    }

    /// The index of the enum body's `{`.
    var open: Int
    /// The index of the raw type's token in the inheritance list.
    var rawType: Int
    /// The access modifier the generated members need (`public `, `package ` or nothing).
    var access: String
    /// Every case, in order.
    var cases: [Case]

    /// The types whose literals a raw value may be (the standard library's integer types and `String`).
    static let rawTypes: Set<String> = ["Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16",
                                        "UInt32", "UInt64", "String"]
}

extension SourceStructure {
    /// The enum whose case declares the raw-value literal at `literal`, when every case of that enum is one
    /// `case name = literal` on its own, its raw type is a plain standard type and it declares no `rawValue` itself.
    func rawValueEnum(ofLiteral literal: Int) -> RawValueEnum? {
        guard let enumeration = rawValueEnum(body: enclosingBrace[literal]),
              enumeration.cases.contains(where: { $0.literal == literal }) else { return nil }
        return enumeration
    }

    /// The enum whose body opens at `open`, when every case is one `case name = literal` on its own, its raw type is
    /// a plain standard type and it declares no `rawValue` itself.
    func rawValueEnum(body open: Int) -> RawValueEnum? {
        guard open >= 0, braceKinds[open] == .typeBody, let header = enumHeader(open) else { return nil }
        var cases: [RawValueEnum.Case] = []
        for index in (open + 1)..<match[open] where enclosingBrace[index] == open {
            let token = tokens[index]
            if token.isWord("rawValue") { return nil }
            guard token.isWord("case") else { continue }
            guard index + 3 < match[open], tokens[index + 1].kind == .identifier, tokens[index + 2].isSymbol("="),
                  [.integer, .string].contains(tokens[index + 3].kind),
                  index + 4 == match[open] || tokens[index + 4].newlineBefore || tokens[index + 4].isSymbol(";")
            else { return nil }
            cases.append(.init(name: index + 1, literal: index + 3))
        }
        return RawValueEnum(open: open, rawType: header.rawType, access: header.access, cases: cases)
    }

    /// `… enum Name: RawType, … {`: the raw type's token and the access the members need; nil for another shape.
    private func enumHeader(_ open: Int) -> (rawType: Int, access: String)? {
        var keyword = open - 1
        while keyword >= 0, !tokens[keyword].isWord("enum") {
            if tokens[keyword].isSymbol("{") || tokens[keyword].isSymbol("}") || tokens[keyword].isSymbol(";")
                || tokens[keyword].isSymbol("<") || tokens[keyword].isWord("where") { return nil }
            keyword -= 1
        }
        guard keyword >= 0, keyword + 4 <= open, tokens[keyword + 1].kind == .identifier,
              tokens[keyword + 2].isSymbol(":"), RawValueEnum.rawTypes.contains(tokens[keyword + 3].text),
              tokens[keyword + 4].isSymbol(",") || keyword + 4 == open else { return nil }
        var first = keyword
        while first > 0, !tokens[first].newlineBefore { first -= 1 }
        let modifiers = tokens[first..<keyword].map(\.text)
        let access = modifiers.contains("public") || modifiers.contains("open") ? "public "
            : modifiers.contains("package") ? "package " : ""
        return (keyword + 3, access)
    }

    /// The first and last token of the initializer expression of the stored property (or global) whose
    /// initializer holds the characters `start..<end`, outside any function body, closure or accessor; nil otherwise.
    func storedInitializer(holding start: Int, _ end: Int, anchor: Int) -> (first: Int, last: Int)? {
        let open = enclosingBrace[anchor]
        guard functionBody[anchor] < 0, open < 0 || braceKinds[open] == .typeBody,
              let equals = initializerEquals(before: anchor, open: open) else { return nil }
        let first = equals + 1
        var last = first
        var index = first
        while index < tokens.count {
            let token = tokens[index]
            if index > first, token.newlineBefore, !BraceClassifier.continues(from: tokens[index - 1], to: token) { break }
            if token.isSymbol(";") || token.isSymbol(",") || token.isSymbol("}") { break }
            if token.isSymbol("{") { return nil }
            // A bracketed group is one piece of the expression: step over it to its closer.
            last = (token.isSymbol("(") || token.isSymbol("[")) && match[index] > index ? match[index] : index
            index = last + 1
        }
        guard tokens[first].start <= start, end <= tokens[last].end else { return nil }
        return (first, last)
    }

    /// The `=` of the `let`/`var` declaration at type level (or top level) that `anchor` is in, before `anchor`.
    private func initializerEquals(before anchor: Int, open: Int) -> Int? {
        var index = anchor - 1
        var equals: Int?
        while index > open {
            let token = tokens[index]
            if (token.isSymbol(")") || token.isSymbol("]")), match[index] >= 0, match[index] < index {
                index = match[index] - 1
                continue
            }
            if token.isSymbol("{") || token.isSymbol("}") || token.isSymbol(";") || token.isSymbol(",") { return nil }
            if token.isSymbol("=") { equals = index }
            if token.kind == .identifier, ["func", "init", "case", "subscript", "deinit", "typealias"].contains(token.text) {
                return nil
            }
            if token.isWord("let") || token.isWord("var") {
                return enclosingBrace[index] == open ? equals : nil
            }
            index -= 1
        }
        return nil
    }
}
