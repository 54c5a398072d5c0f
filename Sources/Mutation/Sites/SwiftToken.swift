/// One token of Swift source, located in characters (lines and columns 1-based).
struct SwiftToken: Sendable, Hashable {
    /// What the token is.
    enum Kind: Sendable, Hashable {
        /// A name or keyword (`foo`, `if`, `` `default` ``, `$0`).
        case identifier
        /// An integer literal (`42`, `1_000`, `0xFF`).
        case integer
        /// A floating-point literal (`1.5`, `1e3`).
        case float
        /// A whole string literal, interpolations included.
        case string
        /// An operator (`==`, `&&`, `?`, `->`, `...`).
        case op
        /// One of `( ) [ ] { } , ; : .`.
        case punctuation
        /// `@name`.
        case attribute
        /// `#name` (`#if`, `#available`).
        case pound
        /// `// …` up to the end of the line.
        case lineComment
        /// `/* … */`, nested ones included.
        case blockComment
    }

    /// What the token is.
    var kind: Kind
    /// The token's text, exactly as in the source.
    var text: String
    /// The offset of the first character in the file's characters.
    var start: Int
    /// The offset just past the last character.
    var end: Int
    /// The 1-based line of the first character.
    var line: Int
    /// The 1-based column of the first character.
    var column: Int
    /// The 1-based line of the last character.
    var endLine: Int
    /// The 1-based column just past the last character.
    var endColumn: Int
    /// Whether whitespace, a comment or the file's start comes right before the token.
    var spaceBefore = false
    /// Whether whitespace, a comment or the file's end comes right after the token.
    var spaceAfter = false
    /// Whether the token is the first of its line (comments aside).
    var newlineBefore = false

    /// Whether the token is the punctuation or operator `text`.
    func isSymbol(_ symbol: String) -> Bool { (kind == .punctuation || kind == .op) && text == symbol }
    /// Whether the token is the word `word` (a keyword or a plain name).
    func isWord(_ word: String) -> Bool { kind == .identifier && text == word }
    /// Whether the token stands alone between spaces, as a binary operator does.
    var isSpacedOut: Bool { spaceBefore && spaceAfter }
}

/// A lexed file: its characters, its tokens (comments apart) and its comments.
struct LexedSource: Sendable {
    /// The file's characters.
    var characters: [Character]
    /// The tokens, comments left out, in source order.
    var tokens: [SwiftToken]
    /// The comments, in source order.
    var comments: [SwiftToken]
}
