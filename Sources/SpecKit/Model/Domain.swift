import Foundation

/// The finite set of values a name can take: `bool`, an enumeration, `int a..b`, `duration a..b`, or `text`.
public enum Domain: Hashable, Sendable, CustomStringConvertible {
    /// `true` or `false`.
    case bool
    /// One of the listed names, in the order written.
    case enumeration([String])
    /// A whole number in an inclusive range.
    case int(ClosedRange<Int>)
    /// A duration in milliseconds, in an inclusive range.
    case duration(ClosedRange<Int>)
    /// Any text; only for outputs and observations, never tested in a condition.
    case text

    /// The domain as a spec writes it.
    public var description: String {
        switch self {
        case .bool: "bool"
        case .enumeration(let names): "[" + names.map(Self.written).joined(separator: ", ") + "]"
        case .int(let r): "int \(r.lowerBound)..\(r.upperBound)"
        case .duration(let r): "duration \(Value.formatDuration(r.lowerBound))..\(Value.formatDuration(r.upperBound))"
        case .text: "text"
        }
    }

    /// The domain as `description` writes it, a list of more than `listedMembers` names cut to its first ones and a
    /// count of the rest: for messages, which must stay readable when a list holds thousands of names.
    public var brief: String {
        guard case .enumeration(let names) = self, names.count > Self.listedMembers else { return description }
        return "[" + names.prefix(Self.listedMembers).map(Self.written).joined(separator: ", ") + ", … \(names.count - Self.listedMembers) more]"
    }

    /// Whether a name reads as a version or a date (a digit first, then a dot or a dash): `1.10`, `2026-05-01`.
    static func isValueLike(_ name: String) -> Bool {
        name.first?.isASCIIDigit == true && name.contains { $0 == "." || $0 == "-" }
    }

    /// The hint for a version or date name of language 2 (`v1_10`) where its value (`"1.10"`) is meant.
    static func languageTwoHint(_ value: String, wrote name: String) -> String {
        "write \"\(value)\" (language 2 wrote it \(name); 'lockspec migrate' rewrites every such name)"
    }

    /// How many names of a list `brief` writes out.
    static let listedMembers = 20

    /// A member as a spec writes it: a literal that is empty or holds a space, a comma or a bracket is quoted (`""`,
    /// `"invalid 1.x"`), so a list of members reads back as the list it is, and so is a version or a date (`"1.10"`,
    /// `"2026-05-01"`: a digit first, then a dot or a dash), as the spec language asks them to be written, and a
    /// member of digits alone (`"2"`), which a list of versions writes in quotes too; a text expression
    /// (`main + " "`) is not.
    static func written(_ name: String) -> String {
        let expression = name.contains { "+(\"".contains($0) }
        let quoted = name.isEmpty || isValueLike(name) || name.allSatisfy(\.isASCIIDigit) || (!expression && name.contains { " ,[]".contains($0) })
        return quoted ? "\"" + name + "\"" : name
    }

    /// Whether the domain is ordered (int and duration), so comparisons and ranges apply.
    public var isOrdered: Bool {
        switch self {
        case .int, .duration: true
        default: false
        }
    }

    /// Whether the domain is a duration's.
    var isDuration: Bool {
        if case .duration = self { return true }
        return false
    }

    /// The value a name starts with when the spec gives none: false, the first member, the minimum, or "".
    public var defaultValue: Value {
        switch self {
        case .bool: .bool(false)
        case .enumeration(let names): .symbol(names.first ?? "")
        case .int(let r): .int(r.lowerBound)
        case .duration(let r): .duration(milliseconds: r.lowerBound)
        case .text: .text("")
        }
    }

    /// The whole range of an ordered domain as integers (durations in milliseconds).
    var bounds: ClosedRange<Int>? {
        switch self {
        case .int(let r), .duration(let r): r
        default: nil
        }
    }

    /// Whether a value belongs to the domain.
    public func contains(_ value: Value) -> Bool {
        switch (self, value) {
        case (.bool, .bool): true
        case (.enumeration(let names), .symbol(let s)): names.contains(s)
        case (.int(let r), .int(let i)): r.contains(i)
        case (.duration(let r), .duration(let ms)): r.contains(ms)
        case (.text, .text): true
        default: false
        }
    }

    /// Reads a scalar as a value of this domain, or explains in a sentence why it is not one.
    public func parse(_ text: String) -> Result<Value, DomainError> {
        switch self {
        case .bool:
            if text == "true" || text == "false" { return .success(.bool(text == "true")) }
            let hint = ["yes", "on", "y"].contains(text.lowercased()) ? "write true"
                : ["no", "off", "n"].contains(text.lowercased()) ? "write false" : nil
            return .failure(DomainError(message: "'\(text)' is not a boolean: write true or false", hint: hint))
        case .enumeration(let names):
            if names.contains(text) { return .success(.symbol(text)) }
            // Several members with commas between them are a list written as one text. A version or a date one digit
            // away from a member is another value, not a typo of it: no did-you-mean.
            let named = VersionNames.literal(ofName: text).flatMap { names.contains($0) ? $0 : nil }
            let hint = named.map { Self.languageTwoHint($0, wrote: text) }
                ?? Self.listHint(text, of: "values", among: names.contains)
                ?? (Self.isValueLike(text) ? nil : Suggest.didYouMean(text, in: names))
            return .failure(DomainError(message: "'\(text)' is not one of \(brief)", hint: hint))
        case .int(let r):
            guard let i = Int(text) else {
                if Self.isWholeNumberText(text) {
                    return .failure(DomainError(message: "\(text) is far outside \(brief)", hint: nil))
                }
                return .failure(DomainError(message: "'\(text)' is not a whole number (the domain is \(brief))", hint: nil))
            }
            guard r.contains(i) else {
                return .failure(DomainError(message: "\(i) is outside \(brief)", hint: nil))
            }
            return .success(.int(i))
        case .duration(let r):
            // A signed duration (-60s, +60s) is a duration, as in a scenario's advance: in range or outside it.
            let (sign, magnitude) = Value.splitSign(text)
            guard let ms = Value.parseDuration(magnitude).map({ sign * $0 }) else {
                if Value.isDurationText(magnitude) {
                    return .failure(DomainError(message: "\(text) is far outside \(brief)", hint: nil))
                }
                // A duration in words (`30 seconds`, `5 minutos`) is told its spelling.
                let written = WrittenNumbers.duration(text).map { "write \($0)" }
                let hint = Int(text) != nil ? "add a unit, e.g. \(text)s"
                    : written ?? "write a number with a unit: 500ms, 61s, 5m, 1h"
                return .failure(DomainError(message: "'\(text)' is not a duration", hint: hint))
            }
            guard r.contains(ms) else {
                return .failure(DomainError(message: "\(text) is outside \(brief)", hint: nil))
            }
            return .success(.duration(milliseconds: ms))
        case .text:
            return .success(.text(text))
        }
    }

    /// The largest magnitude of a bound of an `int` or `duration` domain (durations in milliseconds, about 31 700
    /// years). Every computation on ordinals (one past a bound, a change of a variable, the size of a range) stays far
    /// from `Int`'s limits, so none of them can overflow.
    public static let maximumMagnitude = 1_000_000_000_000_000

    /// Whether a text is written as a whole number (an optional sign, then digits), whatever its size.
    static func isWholeNumberText(_ text: String) -> Bool {
        let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        return !digits.isEmpty && digits.allSatisfy(\.isASCIIDigit)
    }

    /// Parses a domain as written in a spec: `bool`, `text`, `int 0..10`, `duration 0s..2h`.
    /// Enumerations are written as YAML lists and are built by the spec reader.
    public static func parse(_ text: String) -> Result<Domain, DomainError> {
        let trimmed = text.trimmingSpaces
        if trimmed == "bool" || trimmed == "boolean" { return .success(.bool) }
        if trimmed == "text" || trimmed == "string" { return .success(.text) }
        for (keyword, isDuration) in [("int", false), ("duration", true)] where trimmed.hasPrefix(keyword + " ") {
            let range = trimmed.dropFirst(keyword.count).trimmingSpaces
            let parts = range.components(separatedBy: "..")
            guard parts.count == 2 else {
                return .failure(DomainError(message: "'\(text)' needs a range such as \(isDuration ? "duration 0s..2h" : "int 0..10")", hint: nil))
            }
            let read: (String) -> Int? = isDuration ? { Value.parseDuration($0.trimmingSpaces) } : { Int($0.trimmingSpaces) }
            let looksRight: (String) -> Bool = isDuration ? { Value.isDurationText($0.trimmingSpaces) } : { isWholeNumberText($0.trimmingSpaces) }
            // A bound written right but too large to compute with (99999999999999999999) is named as such.
            for part in parts where looksRight(part) && (read(part).map { $0.magnitude > UInt(maximumMagnitude) } ?? true) {
                let limit = isDuration ? Value.formatDuration(maximumMagnitude) : String(maximumMagnitude)
                return .failure(DomainError(
                    message: "the bound \(part.trimmingSpaces) of '\(text)' is too large: a bound may be at most \(limit) either way", hint: nil))
            }
            guard let lo = read(parts[0]), let hi = read(parts[1]) else {
                return .failure(DomainError(message: "the bounds of '\(text)' are not \(isDuration ? "durations with a unit" : "whole numbers")", hint: nil))
            }
            guard lo <= hi else {
                return .failure(DomainError(message: "the range of '\(text)' is empty: the lower bound is above the upper bound", hint: nil))
            }
            return .success(isDuration ? .duration(lo...hi) : .int(lo...hi))
        }
        let known = ["bool", "text", "int 0..10", "duration 0s..2h"]
        return .failure(DomainError(
            message: "'\(text)' is not a domain: write bool, text, int a..b, duration a..b, or a list of names",
            hint: Suggest.closest(to: trimmed, in: ["bool", "text", "int", "duration"]).map { word in
                "did you mean '\(known.first { $0.hasPrefix(word) } ?? word)'?"
            }))
    }
}

/// Why a text is not a value (or a domain), in a sentence, with an optional hint.
public struct DomainError: Error, Hashable, Sendable {
    /// The sentence.
    public var message: String
    /// A suggested fix, such as a did-you-mean.
    public var hint: String?
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    public var trimmingSpaces: String {
        let text = String(self)
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
        // Most texts have nothing to trim: they are returned as they are, not copied.
        if let first = text.utf8.first, let last = text.utf8.last, !isSpace(first), !isSpace(last) { return text }
        guard let start = text.utf8.firstIndex(where: { !isSpace($0) }), let end = text.utf8.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(text[start...end])
    }

    /// Whether the text is empty or only spaces and tabs.
    var isBlank: Bool { utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 } }
}

extension Domain {
    /// Whether this domain holds every value of `other`, with the same kind (a wider range, more names).
    func widens(_ other: Domain) -> Bool {
        switch (self, other) {
        case (.int(let a), .int(let b)), (.duration(let a), .duration(let b)): a.contains(b.lowerBound) && a.contains(b.upperBound)
        case (.enumeration(let a), .enumeration(let b)): Set(b).isSubset(of: Set(a))
        case (.bool, .bool), (.text, .text): true
        default: false
        }
    }

    /// For a value outside the domain declared as `name`, the way to allow it: past an ordered domain's bound, how to
    /// widen it (`outOfRangeHint`); a version or a date a list lacks (`"1.3"` among the versions an input takes), how to
    /// add it. Nil for any other text, which is more often a typo than a new value.
    func wayOut(_ text: String, name: String) -> String? {
        if let widen = outOfRangeHint(text, name: name) { return widen }
        guard case .enumeration = self, Self.isValueLike(text.trimmingSpaces) else { return nil }
        return "if \(Self.written(text.trimmingSpaces)) is a new value, add it to the list of '\(name)' where it is declared"
    }

    /// For a text of several `what` with commas between them, each one `among` them (`Open, Locked`), the hint to
    /// write them as a list (`to name several states, write them as a list: [Open, Locked]`); nil otherwise.
    static func listHint(_ text: String, of what: String, among: (String) -> Bool) -> String? {
        let parts = text.split(separator: ",").map { String($0).trimmingSpaces }
        guard parts.count > 1, parts.allSatisfy(among) else { return nil }
        return "to name several \(what), write them as a list: [\(parts.joined(separator: ", "))]"
    }

    /// For an ordered domain and a value of its kind outside its range (`3h` for `duration 0s..2h`, or one too large
    /// to read): the bound it passes and the way out, naming the declared `name` (`the most it can be is 2h; to allow
    /// more, widen 'away' where it is declared`). Nil for a value in the range or a text not of the domain's kind.
    func outOfRangeHint(_ text: String, name: String) -> String? {
        guard let r = bounds else { return nil }
        let text = text.trimmingSpaces
        let (sign, magnitude) = Value.splitSign(text)
        let value = isDuration ? Value.parseDuration(magnitude).map { sign * $0 } : Int(text)
        let ofKind = isDuration ? Value.isDurationText(magnitude) : Self.isWholeNumberText(text)
        let above: Bool
        if let value {
            guard !r.contains(value) else { return nil }
            above = value > r.upperBound
        } else {
            // A value too large to read is outside on the side of its sign.
            guard ofKind else { return nil }
            above = sign > 0
        }
        let bound = above ? r.upperBound : r.lowerBound
        let written = isDuration ? Value.formatDuration(bound) : "\(bound)"
        return above ? "the most it can be is \(written); to allow more, widen '\(name)' where it is declared"
            : "the least it can be is \(written); to allow less, widen '\(name)' where it is declared"
    }

    /// For an ordered domain and a value of its kind outside its range: the domain widened to hold it.
    func outgrownBy(_ text: String) -> Domain? {
        guard let r = bounds, case .failure = parse(text),
              let v = isDuration ? Value.parseDuration(text.trimmingSpaces) : Int(text.trimmingSpaces) else { return nil }
        let widened = min(r.lowerBound, v)...max(r.upperBound, v)
        return isDuration ? .duration(widened) : .int(widened)
    }
}
