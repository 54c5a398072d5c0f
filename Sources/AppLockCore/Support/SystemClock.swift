import Foundation

/// The wall clock, for production shells: milliseconds since 1970.
public struct SystemClock: AppClock {
    /// Creates the wall clock.
    public init() {}

    /// The current wall-clock instant.
    public func now() -> Instant {
        Instant(milliseconds: Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)))
    }
}
