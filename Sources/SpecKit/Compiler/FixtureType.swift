/// The values a fixture can translate for one event input or one observation: a closed `Domain`, or text
/// expressions over operands the fixture configures (`TextExpression`).
public enum FixtureType: Hashable, Sendable, CustomStringConvertible {
    /// Exactly the values of this domain.
    case domain(Domain)
    /// Any `TextExpression` whose operands are among these names (no operands: literals only, such as versions).
    case textExpression(operands: [String])
    /// A value type written as the value itself and checked against its grammar (a version, a date).
    case literal(LiteralGrammar)

    /// The type as `lockspec lint --fixtures` prints it.
    public var description: String {
        switch self {
        case .domain(let d): d.description
        case .textExpression(let operands) where operands.isEmpty: "text expression of literals (1.2, \"text\")"
        case .textExpression(let operands): "text expression over \(operands.joined(separator: ", "))"
        case .literal(let grammar): grammar.description
        }
    }

    /// Why the fixture cannot translate `value`, or nil when it can.
    public func problem(with value: Value) -> DomainError? {
        switch self {
        case .domain(let d):
            if d.contains(value) { return nil }
            switch (d, value) {
            case (.enumeration(let names), .symbol(let s)):
                return DomainError(message: "'\(s)' is not one of \(d.brief)", hint: Suggest.didYouMean(s, in: names))
            case (.int, .int), (.duration, .duration): return DomainError(message: "\(value) is outside \(d.brief)", hint: nil)
            default: return DomainError(message: "'\(value)' is not a value of \(d.brief)", hint: nil)
            }
        case .literal(let grammar):
            switch value {
            case .symbol(let s), .text(let s): return grammar.problem(with: s)
            default: return DomainError(message: "'\(value)' is not \(grammar.noun): write it in quotes, such as \(grammar == .date ? "\"2026-05-01\"" : "\"1.10\"")", hint: nil)
            }
        case .textExpression(let operands):
            guard case .symbol(let s) = value else { return DomainError(message: "'\(value)' is not a text expression", hint: nil) }
            switch TextExpression.parse(s) {
            case .failure(let e): return e
            case .success(let e):
                guard let unknown = e.operands.first(where: { !operands.contains($0) }) else { return nil }
                let known = operands.isEmpty ? "it takes literals only, such as 1.2 or \"text\"" : "its operands are \(operands.joined(separator: ", "))"
                let what = e == .operand(unknown) ? "'\(s)' is not a name the fixture configures" : "'\(s)' uses '\(unknown)', which the fixture does not configure"
                return DomainError(message: "\(what): \(known)",
                                   hint: Suggest.didYouMean(unknown, in: operands))
            }
        }
    }

    /// Why a domain a spec declares does not fit inside this type, or nil when every value of it can be translated.
    public func problem(fitting declared: Domain) -> DomainError? {
        switch (self, declared) {
        case (.domain(.bool), .bool), (.domain(.text), .text): return nil
        case (.domain(.int(let mine)), .int(let theirs)), (.domain(.duration(let mine)), .duration(let theirs)):
            if mine.contains(theirs.lowerBound) && mine.contains(theirs.upperBound) { return nil }
            return DomainError(message: "\(declared) is not inside the fixture's \(self)", hint: "narrow it to \(self) or less")
        case (.domain(.enumeration), .enumeration(let names)), (.textExpression, .enumeration(let names)), (.literal, .enumeration(let names)):
            return names.lazy.compactMap { problem(with: .symbol($0)) }.first
        default:
            return DomainError(message: "\(declared) is not the fixture's kind of value, \(self)", hint: "declare it as \(self)")
        }
    }
}
