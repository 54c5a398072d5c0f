import Synchronization

/// A clock that only moves when told to: the clock of tests and of the harness.
public final class ManualClock: AppClock {
    private let current: Mutex<Instant>

    /// Creates a clock showing `start`.
    public init(start: Instant = .zero) {
        current = Mutex(start)
    }

    /// The instant the clock shows.
    public func now() -> Instant {
        current.withLock { $0 }
    }

    /// Moves the clock by `span` (a negative span moves it backwards, as a device clock may).
    public func advance(by span: TimeSpan) {
        current.withLock { $0 = $0 + span }
    }

    /// Sets the clock to `instant`.
    public func set(_ instant: Instant) {
        current.withLock { $0 = instant }
    }
}
