/// Names the declaration around every token: the types it is in, then the member (`LaunchLock.handle(_:)`).
enum DeclarationScanner {
    private static let introducers: Set<String> = ["func", "init", "deinit", "subscript", "var", "let", "case",
                                                   "typealias", "associatedtype", "struct", "class", "enum",
                                                   "extension", "protocol", "actor"]

    /// Fills `structure.declaration` for every token; `fileName` is the path at top level outside any declaration.
    static func scan(_ structure: inout SourceStructure, fileName: String) {
        let tokens = structure.tokens
        var typeStack: [(name: String, open: Int)] = []
        var member: String?
        for index in tokens.indices {
            let token = tokens[index]
            if token.isSymbol("}"), let last = typeStack.last, structure.match[index] == last.open {
                typeStack.removeLast()
                member = nil
            }
            let open = structure.enclosingBrace[index]
            let atTypeLevel = open < 0 || structure.braceKinds[open] == .typeBody
            if atTypeLevel, isIntroducer(index, tokens: tokens) {
                member = memberName(at: index, tokens: tokens, match: structure.match)
            }
            let names = typeStack.map(\.name) + (member.map { [$0] } ?? [])
            structure.setDeclaration(names.isEmpty ? fileName : names.joined(separator: "."), at: index)
            if token.isSymbol("{"), structure.braceKinds[index] == .typeBody {
                typeStack.append((member ?? "?", index))
                member = nil
            }
        }
    }

    private static func isIntroducer(_ index: Int, tokens: [SwiftToken]) -> Bool {
        let token = tokens[index]
        guard token.kind == .identifier, introducers.contains(token.text) else { return false }
        if index > 0, tokens[index - 1].isSymbol(".") { return false }
        if token.text == "class", index + 1 < tokens.count,
           ["func", "var", "let", "subscript", "init"].contains(tokens[index + 1].text) {
            return false
        }
        return true
    }

    private static func memberName(at index: Int, tokens: [SwiftToken], match: [Int]) -> String {
        let keyword = tokens[index].text
        let next = index + 1 < tokens.count ? tokens[index + 1] : nil
        switch keyword {
        case "func":
            return (next?.text ?? "func") + labels(after: index + 1, tokens: tokens, match: match, isSubscript: false)
        case "init":
            return "init" + labels(after: index, tokens: tokens, match: match, isSubscript: false)
        case "subscript":
            return "subscript" + labels(after: index, tokens: tokens, match: match, isSubscript: true)
        case "deinit":
            return "deinit"
        case "struct", "class", "enum", "extension", "protocol", "actor":
            var parts: [String] = []
            var cursor = index + 1
            while cursor < tokens.count, tokens[cursor].kind == .identifier {
                parts.append(tokens[cursor].text)
                guard cursor + 2 < tokens.count, tokens[cursor + 1].isSymbol(".") else { break }
                cursor += 2
            }
            return parts.isEmpty ? keyword : parts.joined(separator: ".")
        default:
            return next.map { $0.kind == .identifier ? $0.text : "(…)" } ?? keyword
        }
    }

    /// `(label:other:)` of the parameter clause after `index` (generic parameters skipped).
    private static func labels(after index: Int, tokens: [SwiftToken], match: [Int], isSubscript: Bool) -> String {
        var open = index + 1
        while open < tokens.count, !tokens[open].isSymbol("("), !tokens[open].isSymbol("{"),
              !tokens[open].newlineBefore {
            open += 1
        }
        guard open < tokens.count, tokens[open].isSymbol("("), match[open] > open else { return "" }
        var labels: [String] = []
        var names: [String] = []
        var cursor = open + 1
        while cursor < match[open] {
            let token = tokens[cursor]
            if token.isSymbol(":") {
                let label = names.count >= 2 ? names[0] : (isSubscript ? "_" : names.first ?? "_")
                labels.append(label + ":")
                names = []
                cursor = skipToComma(from: cursor, close: match[open], tokens: tokens, match: match) + 1
                continue
            }
            if token.kind == .identifier { names.append(token.text) }
            cursor += 1
        }
        return "(" + labels.joined() + ")"
    }

    private static func skipToComma(from index: Int, close: Int, tokens: [SwiftToken], match: [Int]) -> Int {
        var cursor = index + 1
        while cursor < close, !tokens[cursor].isSymbol(",") {
            if match[cursor] > cursor { cursor = match[cursor] }
            cursor += 1
        }
        return cursor
    }
}
