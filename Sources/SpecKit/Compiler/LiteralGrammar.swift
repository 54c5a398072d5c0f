/// The grammar of a value type that a spec writes as the value itself (`min: "1.10"`, `to: "2026-05-01"`), not as a
/// name the fixture maps to a value. `lockspec lint` checks every such literal against its grammar at its own line.
///
/// A value type whose core also meets malformed text (a remote key, a build number) lets a spec pass such text on
/// purpose, marked: `"invalid 1.x"` is the text `1.x`, which the spec says is no version. Without the mark a malformed
/// literal is a lint error, so a typo never reaches the core as if it were a test of malformed input.
public enum LiteralGrammar: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Whole numbers joined by dots (`1`, `1.10`, `2.0.1`), compared segment by segment; or `"invalid TEXT"`.
    case version
    /// A version as above, or `""` for a key left empty.
    case optionalVersion
    /// A calendar date `YYYY-MM-DD` (`2026-05-01`).
    case date

    /// The prefix that marks a malformed literal written on purpose.
    public static let invalidMark = "invalid "

    /// The type as `lockspec lint --fixtures` prints it.
    public var description: String {
        switch self {
        case .version: "version literal (\"1.10\", \"2.0.1\"; \"invalid 1.x\" for malformed text on purpose)"
        case .optionalVersion: "version literal (\"1.10\", \"2.0.1\"; \"\" for an empty key; \"invalid 1.x\" for malformed text on purpose)"
        case .date: "date literal (\"2026-05-01\")"
        }
    }

    /// One value of the type as a spec writes it, for a hint that gives a whole line (`legalVersion: "2026-05-01"`).
    var example: String {
        switch self {
        case .version, .optionalVersion: "\"1.0\""
        case .date: "\"2026-05-01\""
        }
    }

    /// What a spec author would call one value of the type.
    var noun: String {
        switch self {
        case .version, .optionalVersion: "a version"
        case .date: "a date"
        }
    }

    /// Why `text` is not a literal of this type, or nil when it is one.
    public func problem(with text: String) -> DomainError? {
        if text.hasPrefix(Self.invalidMark), self != .date {
            let rest = String(text.dropFirst(Self.invalidMark.count))
            if rest.isEmpty {
                return DomainError(message: "'\(text)' marks no text as malformed", hint: "write the malformed text after 'invalid ', such as \"invalid 1.x\"")
            }
            if Self.isVersion(rest) {
                return DomainError(message: "'\(text)' marks \(rest) as malformed, but it is a version", hint: "write \"\(rest)\"")
            }
            return nil
        }
        switch self {
        case .version, .optionalVersion:
            if text.isEmpty {
                if self == .optionalVersion { return nil }
                return DomainError(message: "the empty text is not a version", hint: "write a version such as \"1.2\"")
            }
            if Self.isVersion(text) { return nil }
            let message = "'\(text)' is not a version: a version is whole numbers joined by dots, such as 1.10 or 2.0.1"
            if let named = VersionNames.literal(ofName: text), !(named.isEmpty && self == .version) {
                // A version name of language 2 (v1_10, empty): say what it stood for.
                let value = problem(with: named) == nil ? named : Self.invalidMark + named
                return DomainError(message: message, hint: Domain.languageTwoHint(value, wrote: text))
            }
            return DomainError(message: message, hint: "to pass malformed text to the core on purpose, write \"\(Self.invalidMark)\(text)\"")
        case .date:
            if Self.isDate(text) { return nil }
            let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            if parts.map(\.count) == [4, 2, 2], parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }) {
                return DomainError(message: "'\(text)' is not a date: there is no such day in the calendar", hint: nil)
            }
            return DomainError(message: "'\(text)' is not a date: write the year, month and day as YYYY-MM-DD, such as 2026-05-01", hint: nil)
        }
    }

    /// The text the core is given for a literal: the literal itself, or the text after the mark of a malformed one.
    /// Nil when the literal is not of this type.
    public func text(of literal: String) -> String? {
        guard problem(with: literal) == nil else { return nil }
        if self != .date, literal.hasPrefix(Self.invalidMark) { return String(literal.dropFirst(Self.invalidMark.count)) }
        return literal
    }

    /// Whole numbers joined by single dots, as many and as long as written: the core compares segments of any length
    /// exactly, so a bound here would call a version it reads "malformed" (and `"invalid …"` would then pass it one).
    static func isVersion(_ text: String) -> Bool {
        text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }
    }

    /// `YYYY-MM-DD` naming a day of the Gregorian calendar (years 0001 to 9999).
    static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              year >= 1, (1...12).contains(month), day >= 1 else { return false }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= lengths[month - 1]
    }
}
