/// Reads the declared result type of a function body from its header (`-> T`, or a computed property's `: T`).
enum ResultTypeReader {
    /// The result type's text of the function body opening at `open` ("" when it returns nothing or is unknown).
    static func resultType(of open: Int, in structure: SourceStructure) -> String {
        let tokens = structure.tokens
        let start = headerStart(before: open, in: structure)
        guard start < open else { return "" }
        if tokens[start].isWord("get"), structure.enclosingBrace[start] >= 0 {
            return propertyType(before: structure.enclosingBrace[start], in: structure)
        }
        if BraceClassifier.accessorKeywords.contains(tokens[start].text) { return "" }
        var index = start
        while index < open {
            if tokens[index].isSymbol("->") { return text(from: index + 1, upTo: open, in: structure) }
            index = structure.match[index] > index ? structure.match[index] + 1 : index + 1
        }
        return propertyType(before: open, in: structure)
    }

    /// The type after `var name:` in the header of the brace at `open`.
    private static func propertyType(before open: Int, in structure: SourceStructure) -> String {
        let tokens = structure.tokens
        var index = headerStart(before: open, in: structure)
        var sawVar = false
        while index < open {
            if tokens[index].isWord("var") { sawVar = true }
            if sawVar, tokens[index].isSymbol(":") { return text(from: index + 1, upTo: open, in: structure) }
            if tokens[index].isWord("subscript") { return resultArrow(from: index, upTo: open, in: structure) }
            index = structure.match[index] > index ? structure.match[index] + 1 : index + 1
        }
        return ""
    }

    private static func resultArrow(from start: Int, upTo open: Int, in structure: SourceStructure) -> String {
        var index = start
        while index < open {
            if structure.tokens[index].isSymbol("->") { return text(from: index + 1, upTo: open, in: structure) }
            index = structure.match[index] > index ? structure.match[index] + 1 : index + 1
        }
        return ""
    }

    /// The source text of the tokens from `first` up to `open`, a `where` clause or an `=` left out.
    private static func text(from first: Int, upTo open: Int, in structure: SourceStructure) -> String {
        let tokens = structure.tokens
        var last = first
        var index = first
        while index < open, !tokens[index].isWord("where"), !tokens[index].isSymbol("=") {
            last = structure.match[index] > index ? structure.match[index] : index
            index = last + 1
        }
        guard first < open, last >= first else { return "" }
        return String(structure.source.characters[tokens[first].start..<tokens[last].end])
    }

    /// The index of the first token of the statement that ends with the brace at `open`.
    static func headerStart(before open: Int, in structure: SourceStructure) -> Int {
        let tokens = structure.tokens
        var index = open - 1
        var start = open
        while index >= 0 {
            var token = tokens[index]
            if token.isSymbol("{") || token.isSymbol("}") || token.isSymbol(";") { break }
            if token.isSymbol(")") || token.isSymbol("]"), structure.match[index] >= 0 {
                index = structure.match[index]
                token = tokens[index]
            }
            start = index
            if token.newlineBefore, index > 0, !BraceClassifier.continues(from: tokens[index - 1], to: token) { break }
            index -= 1
        }
        return start
    }
}
