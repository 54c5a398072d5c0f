/// A text a spec builds from names a fixture configured, without ever writing the text itself: a password made from the
/// fixture's test passwords (`main + " "`, `upper(main)`, `prefix(decoy, 3)`), or a literal such as a version `1.2`.
///
/// The grammar: `term (+ term)*`, where a term is an operand name (`main`), a quoted literal (`" "`), a literal word
/// starting with a digit (`1.2`, `2026-05-01`), or a call: `upper(e)`, `lower(e)`, `prefix(e, n)`, `suffix(e, n)`.
/// A spec writes it as a value of an enumeration; the fixture's vocabulary says which operands it configures, and
/// the fixture evaluates the expression against them. Reports show the expression, never the text it stands for.
public indirect enum TextExpression: Hashable, Sendable, CustomStringConvertible {
    /// A text the fixture configured, by name.
    case operand(String)
    /// A literal text.
    case literal(String)
    /// The text in capitals.
    case upper(TextExpression)
    /// The text in small letters.
    case lower(TextExpression)
    /// The first n characters.
    case prefix(TextExpression, Int)
    /// The last n characters.
    case suffix(TextExpression, Int)
    /// The texts one after the other.
    case concatenation([TextExpression])

    /// The functions a term may call.
    public static let functions = ["lower", "prefix", "suffix", "upper"]

    /// The expression in its canonical spelling.
    public var description: String {
        switch self {
        case .operand(let name): name
        case .literal(let text): text.first.map { ("0"..."9").contains($0) } == true && !text.contains(" ") ? text : "\"\(text)\""
        case .upper(let e): "upper(\(e))"
        case .lower(let e): "lower(\(e))"
        case .prefix(let e, let n): "prefix(\(e), \(n))"
        case .suffix(let e, let n): "suffix(\(e), \(n))"
        case .concatenation(let parts): parts.map(\.description).joined(separator: " + ")
        }
    }

    /// The operand names the expression uses, in order of first use.
    public var operands: [String] {
        switch self {
        case .operand(let name): [name]
        case .literal: []
        case .upper(let e), .lower(let e), .prefix(let e, _), .suffix(let e, _): e.operands
        case .concatenation(let parts): parts.flatMap(\.operands).firstOfEach()
        }
    }

    /// The text, given the operands' texts; nil when an operand is unknown.
    public func evaluate(_ operand: (String) -> String?) -> String? {
        switch self {
        case .operand(let name): return operand(name)
        case .literal(let text): return text
        case .upper(let e): return e.evaluate(operand)?.uppercased()
        case .lower(let e): return e.evaluate(operand)?.lowercased()
        case .prefix(let e, let n): return e.evaluate(operand).map { String($0.prefix(n)) }
        case .suffix(let e, let n): return e.evaluate(operand).map { String($0.suffix(n)) }
        case .concatenation(let parts):
            let texts = parts.compactMap { $0.evaluate(operand) }
            return texts.count == parts.count ? texts.joined() : nil
        }
    }

    /// Reads an expression, or explains in a sentence why the text is not one.
    public static func parse(_ text: String) -> Result<TextExpression, DomainError> {
        var parser = TextExpressionParser(Array(text))
        return parser.parseAll()
    }
}
