/// A length of time in milliseconds (named so it never clashes with `Swift.Duration`).
public struct TimeSpan: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// The length in milliseconds (may be negative when a clock moved backwards).
    public var milliseconds: Int64

    /// Creates a span of `milliseconds`.
    public init(milliseconds: Int64) {
        self.milliseconds = milliseconds
    }

    /// No time at all.
    public static let zero = TimeSpan(milliseconds: 0)

    /// A span of `milliseconds`.
    public static func milliseconds(_ value: Int64) -> TimeSpan { TimeSpan(milliseconds: value) }

    /// A span of whole `seconds`. The count is an `Int32` (68 years at most), so the product in milliseconds always
    /// fits: longer spans are written in milliseconds.
    public static func seconds(_ value: Int32) -> TimeSpan { TimeSpan(milliseconds: Int64(value) * 1000) }

    /// A span of whole `days`. The count is an `Int32` (5.8 million years at most), so the product in milliseconds
    /// always fits.
    public static func days(_ value: Int32) -> TimeSpan { TimeSpan(milliseconds: Int64(value) * 86_400_000) }

    /// Orders spans by length.
    public static func < (lhs: TimeSpan, rhs: TimeSpan) -> Bool {
        lhs.milliseconds < rhs.milliseconds
    }

    /// The span rounded up to whole seconds (0 for spans of zero or less).
    public var wholeSecondsRoundedUp: Int64 {
        guard milliseconds > 0 else { return 0 }
        return milliseconds / 1000 + (milliseconds % 1000 == 0 ? 0 : 1)
    }

    /// The value as `"<n>ms"`.
    public var description: String { "\(milliseconds)ms" }
}
