/// A concrete value of a spec: a boolean, an integer, a duration, a symbol (an enumeration member) or a text.
public enum Value: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number.
    case int(Int)
    /// A duration in milliseconds.
    case duration(milliseconds: Int)
    /// A member of an enumeration, such as `locked`.
    case symbol(String)
    /// A free text, such as a countdown `04:32` or an announcement.
    case text(String)

    /// The value as a spec writes it: `true`, `3`, `61s`, `locked`, `04:32`.
    public var description: String {
        switch self {
        case .bool(let b): b ? "true" : "false"
        case .int(let i): String(i)
        case .duration(let ms): Value.formatDuration(ms)
        case .symbol(let s): s
        case .text(let t): t
        }
    }

    /// Formats milliseconds with the largest unit that divides them: `1h`, `5m`, `61s`, `500ms`.
    public static func formatDuration(_ ms: Int) -> String {
        if ms == 0 { return "0s" }
        if ms == Int.min { return "\(ms)ms" }  // its negation does not exist
        if ms < 0 { return "-" + formatDuration(-ms) }
        if ms % 3_600_000 == 0 { return "\(ms / 3_600_000)h" }
        if ms % 60_000 == 0 { return "\(ms / 60_000)m" }
        if ms % 1000 == 0 { return "\(ms / 1000)s" }
        return "\(ms)ms"
    }

    /// Two values as one line shows them side by side (a check's expected and actual, a changed value's before and
    /// after): two different durations in one unit, the largest that divides both (`30s` and `60s`, not `30s` and
    /// `1m`; `500ms` and `1000ms`), so they compare at a glance; equal durations, a zero (`0s` beside `1h`, not `0h`:
    /// zero needs no unit to compare, and specs write it `0s`), and every other value, as `description` writes them.
    public static func shownAlike(_ a: Value, _ b: Value) -> (String, String) {
        guard case .duration(let x) = a, case .duration(let y) = b, x != y, x != 0, y != 0 else { return (a.sideBySide, b.sideBySide) }
        let unit = [(3_600_000, "h"), (60_000, "m"), (1000, "s")].first { x % $0.0 == 0 && y % $0.0 == 0 } ?? (1, "ms")
        return ("\(x / unit.0)\(unit.1)", "\(y / unit.0)\(unit.1)")
    }

    /// The value as `shownAlike` shows it beside another: as `description` writes it, but an empty text as `""`, which
    /// would otherwise show as nothing at all.
    var sideBySide: String {
        if case .text(let t) = self, t.isEmpty { return "\"\"" }
        return description
    }

    /// Parses a duration written with a unit (`500ms`, `61s`, `5m`, `1h`), or returns nil.
    public static func parseDuration(_ text: String) -> Int? {
        let units: [(String, Int)] = [("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000), ("d", 86_400_000)]
        for (unit, factor) in units where text.hasSuffix(unit) {
            let number = text.dropLast(unit.count)
            // "5ms" also ends in "s": only accept when what is left is a plain number.
            // Leading zeros do not count against the 18 digits that keep the product in range.
            guard !number.isEmpty, number.allSatisfy(\.isASCIIDigit), number.drop(while: { $0 == "0" }).count <= 18,
                  let n = Int(number) else { continue }
            let (product, overflow) = n.multipliedReportingOverflow(by: factor)
            return overflow ? nil : product
        }
        return nil
    }

    /// A text's leading `-` or `+` as -1 or 1 (1 without one), and the rest: `-30s` is (-1, `30s`).
    static func splitSign(_ text: String) -> (sign: Int, magnitude: String) {
        switch text.first {
        case "-": (-1, String(text.dropFirst()))
        case "+": (1, String(text.dropFirst()))
        default: (1, text)
        }
    }

    /// Whether a text is written as a duration (digits and a unit), whatever its size.
    static func isDurationText(_ text: String) -> Bool {
        for unit in ["ms", "s", "m", "h", "d"] where text.hasSuffix(unit) {
            let number = text.dropLast(unit.count)
            if !number.isEmpty && number.allSatisfy(\.isASCIIDigit) { return true }
        }
        return false
    }

    private var rank: Int {
        switch self {
        case .bool: 0
        case .int: 1
        case .duration: 2
        case .symbol: 3
        case .text: 4
        }
    }

    /// A total order: by kind, then by value.
    public static func < (lhs: Value, rhs: Value) -> Bool {
        switch (lhs, rhs) {
        case (.bool(let a), .bool(let b)): return !a && b
        case (.int(let a), .int(let b)), (.duration(let a), .duration(let b)): return a < b
        case (.symbol(let a), .symbol(let b)), (.text(let a), .text(let b)): return a < b
        default: return lhs.rank < rhs.rank
        }
    }
}

extension Character {
    /// Whether the character is one of the bytes 0 to 9 alone: "1" followed by a combining mark is one character
    /// that `("0"..."9").contains` admits, but the core reads its bytes, and that is no digit.
    var isASCIIDigit: Bool { asciiValue.map { (0x30...0x39).contains($0) } ?? false }
}
