import Testing
@testable import Mutation

@Suite("Swift lexer")
struct SwiftLexerTests {
    private func kinds(_ source: String) throws -> [String] {
        try SwiftLexer.lex(source, file: "t.swift").tokens.map { "\($0.kind):\($0.text)" }
    }

    @Test("nested block comments and doc comments are comments, code around them is located in characters")
    func comments() throws {
        let lexed = try SwiftLexer.lex("/* a /* nested */ still */ x\n/// doc\nlet é = 1 // tail", file: "t.swift")
        #expect(lexed.comments.map(\.text) == ["/* a /* nested */ still */", "/// doc", "// tail"])
        #expect(lexed.tokens.map(\.text) == ["x", "let", "é", "=", "1"])
        let value = lexed.tokens[4]
        #expect((value.line, value.column, value.endLine, value.endColumn) == (3, 9, 3, 10))
        #expect(lexed.tokens[1].newlineBefore && !lexed.tokens[2].newlineBefore)
    }

    @Test("a string with interpolations (nested parentheses, strings, comments) is one token")
    func interpolation() throws {
        let source = #"let s = "a \(f(g(1), "x)\(2)")) /* no */ b" + t"#
        #expect(try kinds(source) == ["identifier:let", "identifier:s", "op:=",
                                      #"string:"a \(f(g(1), "x)\(2)")) /* no */ b""#, "op:+", "identifier:t"])
    }

    @Test("multi-line and raw strings, with their own closing rules")
    func multilineAndRaw() throws {
        let source = "let m = \"\"\"\n  \"quoted\" \\(x)\n  \"\"\"\nlet r = #\"a \"b\" \\(no) \\#(yes)\"#\nlet z = 0"
        let lexed = try SwiftLexer.lex(source, file: "t.swift")
        let strings = lexed.tokens.filter { $0.kind == .string }
        #expect(strings.count == 2)
        #expect(strings[0].line == 1 && strings[0].endLine == 3)
        #expect(strings[1].text == "#\"a \"b\" \\(no) \\#(yes)\"#")
        #expect(lexed.tokens.last?.line == 5)
    }

    @Test("numbers with underscores, floats, hex, tuple indices; operators and punctuation")
    func numbersAndOperators() throws {
        #expect(try kinds("1_000 + 2.5e3 - 0xFF_FF") == ["integer:1_000", "op:+", "float:2.5e3", "op:-",
                                                         "integer:0xFF_FF"])
        #expect(try kinds("s.1.0") == ["identifier:s", "punctuation:.", "integer:1", "punctuation:.", "integer:0"])
        #expect(try kinds("a?.b ?? c!") == ["identifier:a", "op:?", "punctuation:.", "identifier:b", "op:??",
                                             "identifier:c", "op:!"])
        #expect(try kinds("x...y, a..<b; f() -> [T]") == [
            "identifier:x", "op:...", "identifier:y", "punctuation:,", "identifier:a", "op:..<", "identifier:b",
            "punctuation:;", "identifier:f", "punctuation:(", "punctuation:)", "op:->", "punctuation:[",
            "identifier:T", "punctuation:]",
        ])
        #expect(try kinds("@available(x) #if `default` $0") == ["attribute:@available", "punctuation:(",
                                                                  "identifier:x", "punctuation:)", "pound:#if",
                                                                  "identifier:`default`", "identifier:$0"])
    }

    @Test("what does not lex is a located error, never a trap")
    func errors() {
        let cases: [(String, Int, Int, String)] = [
            ("let a = 1\nlet s = \"open\nx", 2, 9, "unterminated string literal"),
            ("x /* a /* b */", 1, 3, "unterminated block comment"),
            ("let s = \"\\(f(\"", 1, 14, "unterminated string literal"),
            ("let x = 1\n  \\", 2, 3, "unexpected character '\\'"),
            ("let x = 12abc", 1, 9, "invalid number literal"),
        ]
        for (source, line, column, message) in cases {
            #expect(throws: SwiftSourceError(file: "t.swift", line: line, column: column, message: message)) {
                _ = try SwiftLexer.lex(source, file: "t.swift")
            }
        }
        #expect(throws: SwiftSourceError(file: "t.swift", line: 2, column: 2, message: "unbalanced '}'")) {
            _ = try SiteFinder(text: "func f() {\n}}", file: "t.swift")
        }
    }
}
