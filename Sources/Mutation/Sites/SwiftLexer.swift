/// A Swift lexer for mutation analysis: comments (nested block comments too), string literals with interpolations,
/// multi-line and raw strings, numbers, names, operators and punctuation, every token located in characters.
///
/// It does not parse; it only has to be right about where code is and where it is not (strings, comments).
struct SwiftLexer {
    private let chars: [Character]
    private let file: String
    private var index = 0
    private var line = 1
    private var column = 1

    private static let operatorCharacters: Set<Character> = ["/", "=", "-", "+", "!", "*", "%", "<", ">", "&", "|",
                                                             "^", "~", "?"]
    private static let punctuation: Set<Character> = ["(", ")", "[", "]", "{", "}", ",", ";", ":"]

    private init(text: String, file: String) {
        chars = Array(text)
        self.file = file
    }

    /// Lexes `text`; `file` only names the file in errors.
    /// - Throws: `SwiftSourceError` at the first place that is not Swift (an unterminated string or comment, a stray
    ///   character).
    static func lex(_ text: String, file: String) throws -> LexedSource {
        var lexer = SwiftLexer(text: text, file: file)
        return try lexer.run()
    }

    private mutating func run() throws -> LexedSource {
        var tokens: [SwiftToken] = []
        var comments: [SwiftToken] = []
        var sawSpace = true
        var sawNewline = true
        while index < chars.count {
            let char = chars[index]
            if char.isNewline || char.isWhitespace {
                sawNewline = sawNewline || char.isNewline
                sawSpace = true
                advance()
                continue
            }
            if char == "/", peek(1) == "/" || peek(1) == "*" {
                let comment = peek(1) == "/" ? lexLineComment() : try lexBlockComment()
                comments.append(comment)
                sawSpace = true
                sawNewline = sawNewline || comment.endLine > comment.line
                continue
            }
            var token = try lexToken(postfixPlace: !sawSpace && !tokens.isEmpty)
            token.spaceBefore = sawSpace
            token.newlineBefore = sawNewline
            if !tokens.isEmpty { tokens[tokens.count - 1].spaceAfter = sawSpace }
            tokens.append(token)
            sawSpace = false
            sawNewline = false
        }
        if !tokens.isEmpty { tokens[tokens.count - 1].spaceAfter = true }
        return LexedSource(characters: chars, tokens: tokens, comments: comments)
    }

    // MARK: - Characters

    private func peek(_ ahead: Int) -> Character? {
        index + ahead < chars.count ? chars[index + ahead] : nil
    }

    private mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where index < chars.count {
            if chars[index].isNewline {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += 1
        }
    }

    private func error(_ message: String, line: Int, column: Int) -> SwiftSourceError {
        SwiftSourceError(file: file, line: line, column: column, message: message)
    }

    private func token(_ kind: SwiftToken.Kind, from start: (index: Int, line: Int, column: Int)) -> SwiftToken {
        let last = max(start.index, index - 1)
        var endLine = line
        var endColumn = column
        if index > start.index, chars[last].isNewline {
            endLine = line - 1
            endColumn = 0
        }
        return SwiftToken(kind: kind, text: String(chars[start.index..<index]), start: start.index, end: index,
                          line: start.line, column: start.column, endLine: endLine, endColumn: endColumn)
    }

    private var here: (index: Int, line: Int, column: Int) { (index, line, column) }

    // MARK: - Comments

    private mutating func lexLineComment() -> SwiftToken {
        let start = here
        while index < chars.count, !chars[index].isNewline { advance() }
        return token(.lineComment, from: start)
    }

    private mutating func lexBlockComment() throws -> SwiftToken {
        let start = here
        var depth = 0
        repeat {
            guard index < chars.count else {
                throw error("unterminated block comment", line: start.line, column: start.column)
            }
            if chars[index] == "/", peek(1) == "*" {
                depth += 1
                advance(2)
            } else if chars[index] == "*", peek(1) == "/" {
                depth -= 1
                advance(2)
            } else {
                advance()
            }
        } while depth > 0
        return token(.blockComment, from: start)
    }

    // MARK: - Tokens

    private mutating func lexToken(postfixPlace: Bool) throws -> SwiftToken {
        let start = here
        let char = chars[index]
        if char.isLetter || char == "_" || char == "$" {
            advance()
            while index < chars.count, chars[index].isLetter || chars[index].isNumber || chars[index] == "_" {
                advance()
            }
            return token(.identifier, from: start)
        }
        if char.isASCII, char.isNumber { return try lexNumber(afterDot: postfixPlace && previousIsDot(start.index)) }
        if Self.punctuation.contains(char) {
            advance()
            return token(.punctuation, from: start)
        }
        switch char {
        case "`": return try lexBacktickName()
        case "\"": return try lexString(hashes: 0)
        case "#": return try lexPound()
        case "@": return try lexAttribute()
        case ".": return lexDot()
        default: break
        }
        if Self.operatorCharacters.contains(char) { return lexOperator(postfixPlace: postfixPlace) }
        throw error("unexpected character '\(char)'", line: line, column: column)
    }

    private func previousIsDot(_ offset: Int) -> Bool { offset > 0 && chars[offset - 1] == "." }

    private mutating func lexBacktickName() throws -> SwiftToken {
        let start = here
        advance()
        while index < chars.count, chars[index] != "`" {
            if chars[index].isNewline { break }
            advance()
        }
        guard index < chars.count, chars[index] == "`" else {
            throw error("unterminated `name`", line: start.line, column: start.column)
        }
        advance()
        return token(.identifier, from: start)
    }

    private mutating func lexAttribute() throws -> SwiftToken {
        let start = here
        advance()
        guard index < chars.count, chars[index].isLetter || chars[index] == "_" else {
            throw error("expected an attribute name after '@'", line: start.line, column: start.column)
        }
        while index < chars.count, chars[index].isLetter || chars[index].isNumber || chars[index] == "_" { advance() }
        return token(.attribute, from: start)
    }

    private mutating func lexPound() throws -> SwiftToken {
        var hashes = 0
        while peek(hashes) == "#" { hashes += 1 }
        if peek(hashes) == "\"" { return try lexString(hashes: hashes) }
        let start = here
        guard hashes == 1, let next = peek(1), next.isLetter || next == "_" else {
            throw error("unexpected '#'", line: line, column: column)
        }
        advance()
        while index < chars.count, chars[index].isLetter || chars[index].isNumber || chars[index] == "_" { advance() }
        return token(.pound, from: start)
    }

    private mutating func lexDot() -> SwiftToken {
        let start = here
        if peek(1) == "." {
            while index < chars.count, chars[index] == "." || Self.operatorCharacters.contains(chars[index]) {
                if chars[index] == "/", peek(1) == "/" || peek(1) == "*" { break }
                advance()
            }
            return token(.op, from: start)
        }
        advance()
        return token(.punctuation, from: start)
    }

    private mutating func lexOperator(postfixPlace: Bool) -> SwiftToken {
        let start = here
        if postfixPlace, chars[index] == "?" || chars[index] == "!", peek(1) != "=" || chars[index] == "?" {
            advance()
            return token(.op, from: start)
        }
        while index < chars.count, Self.operatorCharacters.contains(chars[index]) {
            if index > start.index, chars[index] == "/", peek(1) == "/" || peek(1) == "*" { break }
            advance()
        }
        return token(.op, from: start)
    }

    // MARK: - Numbers

    private mutating func lexNumber(afterDot: Bool) throws -> SwiftToken {
        let start = here
        if chars[index] == "0", let radix = peek(1), radix == "x" || radix == "o" || radix == "b" {
            advance(2)
            while index < chars.count, chars[index].isLetter || chars[index].isNumber || chars[index] == "_" {
                advance()
            }
            return token(.integer, from: start)
        }
        var kind = SwiftToken.Kind.integer
        skipDigits()
        if !afterDot, index < chars.count, chars[index] == ".", let next = peek(1), next.isASCII, next.isNumber {
            kind = .float
            advance()
            skipDigits()
        }
        if !afterDot, index < chars.count, chars[index] == "e" || chars[index] == "E" {
            kind = .float
            advance()
            if index < chars.count, chars[index] == "+" || chars[index] == "-" { advance() }
            skipDigits()
        }
        if index < chars.count, chars[index].isLetter || chars[index] == "_" {
            throw error("invalid number literal", line: start.line, column: start.column)
        }
        return token(kind, from: start)
    }

    private mutating func skipDigits() {
        while index < chars.count, (chars[index].isASCII && chars[index].isNumber) || chars[index] == "_" { advance() }
    }

    // MARK: - Strings

    private func hashesFollow(_ hashes: Int, at offset: Int) -> Bool {
        (0..<hashes).allSatisfy { offset + $0 < chars.count && chars[offset + $0] == "#" }
    }

    /// Lexes a string literal starting at its `#`s (raw) or its quote, through its closing quote(s) and `#`s.
    private mutating func lexString(hashes: Int) throws -> SwiftToken {
        let start = here
        advance(hashes + 1)
        let multiline = index + 1 < chars.count && chars[index] == "\"" && chars[index + 1] == "\""
        if multiline { advance(2) }
        while true {
            guard index < chars.count, multiline || !chars[index].isNewline else {
                throw error("unterminated string literal", line: start.line, column: start.column)
            }
            if chars[index] == "\\", hashesFollow(hashes, at: index + 1) {
                advance(1 + hashes)
                if index < chars.count, chars[index] == "(" {
                    try lexInterpolation()
                } else {
                    advance()
                }
                continue
            }
            if chars[index] == "\"", closesString(hashes: hashes, multiline: multiline) {
                advance((multiline ? 3 : 1) + hashes)
                return token(.string, from: start)
            }
            advance()
        }
    }

    private func closesString(hashes: Int, multiline: Bool) -> Bool {
        if !multiline { return hashesFollow(hashes, at: index + 1) }
        return peek(1) == "\"" && peek(2) == "\"" && hashesFollow(hashes, at: index + 3)
    }

    /// Lexes `( … )` of an interpolation, from its `(` through the matching `)`, strings and comments inside included.
    private mutating func lexInterpolation() throws {
        let start = here
        var depth = 0
        var sawSpace = true
        repeat {
            guard index < chars.count else {
                throw error("unterminated string interpolation", line: start.line, column: start.column)
            }
            let char = chars[index]
            if char.isNewline || char.isWhitespace {
                sawSpace = true
                advance()
                continue
            }
            if char == "/", peek(1) == "/" || peek(1) == "*" {
                _ = peek(1) == "/" ? lexLineComment() : try lexBlockComment()
                sawSpace = true
                continue
            }
            let token = try lexToken(postfixPlace: !sawSpace)
            sawSpace = false
            if token.isSymbol("(") { depth += 1 }
            if token.isSymbol(")") { depth -= 1 }
        } while depth > 0
    }
}
