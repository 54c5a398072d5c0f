/// A recursive-descent reader of `TextExpression`s over the characters of one value. Calls nest at most
/// `maximumDepth` deep: the reader recurses once per level, and one scalar may hold a megabyte.
struct TextExpressionParser {
    /// The deepest nesting of calls read (`upper(lower(main))` is 2); past it, a located error, never a stack overflow.
    static let maximumDepth = 64
    private let chars: [Character]
    private var index = 0
    private var depth = 0

    init(_ chars: [Character]) { self.chars = chars }

    private func fail(_ message: String, hint: String? = nil) -> DomainError { DomainError(message: message, hint: hint) }

    mutating func parseAll() -> Result<TextExpression, DomainError> {
        Result { () throws(DomainError) in
            let result = try expression()
            skipSpaces()
            if index < chars.count { throw fail("unexpected '\(chars[index])' in a text expression: join terms with +") }
            return result
        }
    }

    private mutating func skipSpaces() {
        while index < chars.count, chars[index] == " " { index += 1 }
    }

    private mutating func expression() throws(DomainError) -> TextExpression {
        var parts: [TextExpression] = []
        repeat {
            if !parts.isEmpty { index += 1 } // the '+'
            parts.append(try term())
            skipSpaces()
        } while index < chars.count && chars[index] == "+"
        return parts.count == 1 ? parts[0] : .concatenation(parts)
    }

    private static func isWordCharacter(_ c: Character) -> Bool {
        c.isLetter || c.isNumber || c == "_" || c == "." || c == "-"
    }

    private mutating func term() throws(DomainError) -> TextExpression {
        skipSpaces()
        guard index < chars.count else { throw fail("a text expression ends where a term is expected: write a name, \"text\" or a call") }
        if chars[index] == "\"" {
            guard let close = chars[(index + 1)...].firstIndex(of: "\"") else { throw fail("a quoted text has no closing '\"'") }
            let text = String(chars[(index + 1)..<close])
            index = close + 1
            return (.literal(text))
        }
        let start = index
        while index < chars.count, Self.isWordCharacter(chars[index]) { index += 1 }
        let word = String(chars[start..<index])
        guard let first = word.first else { throw fail("unexpected '\(chars[index])' in a text expression") }
        if first.isNumber { return (.literal(word)) }
        guard ReadContext.isName(word) else { throw fail("'\(word)' is not a name: use letters, digits and '_'") }
        skipSpaces()
        guard index < chars.count, chars[index] == "(" else { return (.operand(word)) }
        index += 1
        return try call(word)
    }

    private mutating func call(_ function: String) throws(DomainError) -> TextExpression {
        guard TextExpression.functions.contains(function) else {
            throw fail("'\(function)' is not a function of text expressions (\(TextExpression.functions.joined(separator: ", ")))",
                        hint: Suggest.didYouMean(function, in: TextExpression.functions))
        }
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else {
            throw fail("a text expression nests calls more than \(Self.maximumDepth) deep", hint: "write the value with fewer calls inside one another")
        }
        let argument = try expression()
        var count: Int?
        if function == "prefix" || function == "suffix" {
            guard index < chars.count, chars[index] == "," else { throw fail("\(function)(text, n) needs a count after a comma") }
            index += 1
            skipSpaces()
            let start = index
            while index < chars.count, chars[index].isASCII, chars[index].isNumber { index += 1 }
            guard let n = Int(String(chars[start..<index])) else { throw fail("the count of \(function) must be a whole number, 0 or more, such as \(function)(main, 3)") }
            count = n
            skipSpaces()
        }
        guard index < chars.count, chars[index] == ")" else { throw fail("\(function)( has no closing ')'") }
        index += 1
        switch function {
        case "upper": return (.upper(argument))
        case "lower": return (.lower(argument))
        case "prefix": return (.prefix(argument, count ?? 0))
        default: return (.suffix(argument, count ?? 0))
        }
    }
}
