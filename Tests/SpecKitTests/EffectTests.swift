import Testing
@testable import SpecKit

/// Effects as typed values: `EffectSyntax` parses a row's text into a name and typed arguments, `EffectPattern`
/// matches emitted effects structurally, and both render back to the text a spec writes.
@Suite("Effect")
struct EffectTests {
    private static func pattern(_ text: String, _ lookup: [String: Value] = [:]) throws -> EffectPattern {
        let parsed = try EffectSyntax.parse(text)
        return EffectCall(name: parsed.name, arguments: parsed.arguments, text: text, location: .file("t")).resolved { lookup[$0] }
    }

    struct Parse: CustomTestStringConvertible, Sendable {
        var text: String
        var expected: EffectPattern
        var testDescription: String { text }
    }

    static let parses: [Parse] = [
        Parse(text: "lockout", expected: EffectPattern("lockout")),
        Parse(text: "analytics(pin_failure, attempt_number=1)",
              expected: EffectPattern("analytics", [.init(nil, .value(.symbol("pin_failure"))), .init("attempt_number", .value(.int(1)))])),
        Parse(text: "analytics(pin_success, time_ms=*, attempts_used=4)",
              expected: EffectPattern("analytics", [.init(nil, .value(.symbol("pin_success"))), .init("time_ms", .any),
                                                    .init("attempts_used", .value(.int(4)))])),
        Parse(text: "announce(PIN incorrecto. 4 intentos restantes)",
              expected: EffectPattern("announce", [.init(nil, .value(.text("PIN incorrecto. 4 intentos restantes")))])),
        Parse(text: "announce(\"Hola, mundo (2)\")", expected: EffectPattern("announce", [.init(nil, .value(.text("Hola, mundo (2)")))])),
        Parse(text: "say(msg=\"a \\\"b\\\" \\\\ c\")", expected: EffectPattern("say", [.init("msg", .value(.text("a \"b\" \\ c")))])),
        Parse(text: "completion(false, userCancel)",
              expected: EffectPattern("completion", [.init(nil, .value(.bool(false))), .init(nil, .value(.symbol("userCancel")))])),
        Parse(text: " wait( after=61s , n=-2 ) ",
              expected: EffectPattern("wait", [.init("after", .value(.duration(milliseconds: 61_000))), .init("n", .value(.int(-2)))])),
        Parse(text: "note(Usa Face ID (o PIN))", expected: EffectPattern("note", [.init(nil, .value(.text("Usa Face ID (o PIN)")))])),
        Parse(text: "版本(提示)", expected: EffectPattern("版本", [.init(nil, .value(.symbol("提示")))])),
    ]

    @Test("effect texts parse into a name and typed, labelled arguments", arguments: parses)
    func parse(_ c: Parse) throws {
        #expect(try Self.pattern(c.text) == c.expected)
    }

    struct Malformed: CustomTestStringConvertible, Sendable {
        var text: String
        var message: String
        var offset: Int
        var testDescription: String { text }
    }

    static let malformed: [Malformed] = [
        Malformed(text: "a(1", message: "the parenthesis is not closed", offset: 1),
        Malformed(text: "a(1) b", message: "text after the closing parenthesis", offset: 5),
        Malformed(text: "a()", message: "empty parentheses; write the bare name 'a' for an effect without arguments", offset: 2),
        Malformed(text: "a(1,,2)", message: "an empty argument", offset: 4),
        Malformed(text: "a(n=)", message: "argument 'n=' has no value", offset: 2),
        Malformed(text: "a(\"open)", message: "the quote is not closed", offset: 2),
        Malformed(text: "a(\"x\" y)", message: "a quoted argument must be followed by ',' or ')'", offset: 6),
        Malformed(text: "a(x\"y\")", message: "a quote inside a bare argument; quote the whole argument instead", offset: 3),
        Malformed(text: "a(12*)", message: "'*' stands for a whole argument; quote the argument to use '*' as text", offset: 2),
        Malformed(text: "(x)", message: "an effect starts with its name", offset: 0),
        Malformed(text: "a b", message: "'b' cannot follow the effect's name; arguments go in parentheses", offset: 2),
        Malformed(text: "a(\"\\n\")", message: "only \\\" and \\\\ may be escaped in a quoted argument", offset: 3),
        // Offsets count characters, not bytes (é is two bytes) nor scalars (e + U+0301 is two scalars, one character).
        Malformed(text: "café b", message: "'b' cannot follow the effect's name; arguments go in parentheses", offset: 5),
        Malformed(text: "cafe\u{301} b", message: "'b' cannot follow the effect's name; arguments go in parentheses", offset: 5),
        Malformed(text: "añadir(ñ,,)", message: "an empty argument", offset: 9),
    ]

    @Test("malformed effect texts are errors that say what is wrong and where", arguments: malformed)
    func malformedText(_ c: Malformed) {
        #expect(throws: EffectSyntax.SyntaxError(message: c.message, offset: c.offset)) { try EffectSyntax.parse(c.text) }
    }

    @Test("${name} takes the value itself as a whole argument, and its text inside a longer one")
    func templates() throws {
        let p = try Self.pattern("a(n=${n}, Espera ${t}, ${missing})", ["n": .int(3), "t": .text("01:00")])
        #expect(p == EffectPattern("a", [.init("n", .value(.int(3))), .init(nil, .value(.text("Espera 01:00"))),
                                         .init(nil, .value(.text("${missing}")))]))
    }

    @Test("a pattern matches by name and typed arguments: positional in order, labelled by label, * any value")
    func matching() throws {
        let emitted = Effect("analytics", [.init(.symbol("pin_success")), .init("time_ms", .int(812)), .init("attempts_used", .int(1))])
        #expect(try Self.pattern("analytics(pin_success, time_ms=*, attempts_used=1)").matches(emitted))
        #expect(try Self.pattern("analytics(pin_success, attempts_used=1, time_ms=*)").matches(emitted))
        #expect(try !Self.pattern("analytics(pin_success, time_ms=*, attempts_used=2)").matches(emitted))
        #expect(try !Self.pattern("analytics(pin_success, time_ms=*, used=1)").matches(emitted))
        #expect(try !Self.pattern("analytics(time_ms=*, attempts_used=1, pin_success)").matches(
            Effect("analytics", [.init("time_ms", .int(1)), .init(.symbol("x")), .init("attempts_used", .int(1))])))
        #expect(try !Self.pattern("analytics(pin_success, time_ms=*)").matches(emitted))
        #expect(try !Self.pattern("analytic(pin_success, time_ms=*, attempts_used=1)").matches(emitted))
        // A bare word is a symbol or a text; a number is not the text of its digits.
        #expect(try Self.pattern("announce(Desbloqueado)").matches(Effect("announce", [.init(.text("Desbloqueado"))])))
        #expect(try !Self.pattern("output(1)").matches(Effect("output", [.init(.text("1"))])))
    }

    @Test("multisets: order is free, count is not, and each pattern takes a different effect")
    func multiset() throws {
        let a = Effect("a"), b1 = Effect("b", [.init(.int(1))]), b2 = Effect("b", [.init(.int(2))])
        #expect(EffectPattern.multisetMatches([try Self.pattern("b(*)"), try Self.pattern("b(1)"), try Self.pattern("a")], [b1, a, b2]))
        #expect(!EffectPattern.multisetMatches([try Self.pattern("b(*)"), try Self.pattern("b(*)")], [b1]))
        #expect(!EffectPattern.multisetMatches([try Self.pattern("b(1)"), try Self.pattern("b(1)")], [b1, b2]))
        #expect(!EffectPattern.multisetMatches([], [a]))
    }

    @Test("effects and patterns render as a spec writes them, quoting a text that would read differently bare")
    func rendering() throws {
        #expect(Effect("analytics", [.init(.symbol("pin_failure")), .init("attempt_number", .int(1))]).description
                == "analytics(pin_failure, attempt_number=1)")
        #expect(Effect("announce", [.init(.text("Hola, mundo"))]).description == "announce(\"Hola, mundo\")")
        #expect(Effect("announce", [.init(.text("true"))]).description == "announce(\"true\")")
        #expect(Effect("announce", [.init(.text("PIN incorrecto. 4 intentos"))]).description == "announce(PIN incorrecto. 4 intentos)")
        #expect(try Self.pattern("x(t=*, \"a, b\")").description == "x(t=*, \"a, b\")")
        for text in ["analytics(pin_success, time_ms=*, attempts_used=4)", "say(\"a \\\"q\\\"\")", "w(after=61s)"] {
            #expect(try Self.pattern(Self.pattern(text).description) == Self.pattern(text))
        }
    }
}
