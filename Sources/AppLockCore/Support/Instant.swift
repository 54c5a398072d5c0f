/// A point on the injected clock, in milliseconds since an arbitrary epoch.
///
/// The core never reads the wall clock itself: every transition receives the current `Instant`, so tests and the
/// harness control time exactly.
public struct Instant: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// Milliseconds since the clock's epoch.
    public var milliseconds: Int64

    /// Creates an instant at `milliseconds` since the epoch.
    public init(milliseconds: Int64) {
        self.milliseconds = milliseconds
    }

    /// The epoch itself.
    public static let zero = Instant(milliseconds: 0)

    /// Orders instants by their millisecond value.
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
        lhs.milliseconds < rhs.milliseconds
    }

    /// The instant `span` later (saturating, never traps).
    public static func + (lhs: Instant, rhs: TimeSpan) -> Instant {
        let (sum, overflow) = lhs.milliseconds.addingReportingOverflow(rhs.milliseconds)
        if overflow { return Instant(milliseconds: rhs.milliseconds > 0 ? .max : .min) }
        return Instant(milliseconds: sum)
    }

    /// The span from `rhs` to `lhs` (saturating, never traps).
    public static func - (lhs: Instant, rhs: Instant) -> TimeSpan {
        let (difference, overflow) = lhs.milliseconds.subtractingReportingOverflow(rhs.milliseconds)
        if overflow { return TimeSpan(milliseconds: lhs.milliseconds > rhs.milliseconds ? .max : .min) }
        return TimeSpan(milliseconds: difference)
    }

    /// The value as `"<n>ms"`.
    public var description: String { "\(milliseconds)ms" }
}
