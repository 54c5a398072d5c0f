import Synchronization

/// A device clock that only moves when told to: the clock of tests and of the harness.
///
/// Time passing moves both of the device's clocks; the user setting the clock moves the wall clock alone; a reboot
/// starts the uptime clock again in a new boot (`DeviceTime`).
public final class ManualClock: AppClock {
    private let current: Mutex<DeviceTime>

    /// Creates a device in boot 0 whose clocks both show `start`.
    public init(start: Instant = .zero) {
        current = Mutex(DeviceTime(start))
    }

    /// The device's two clocks.
    public func now() -> DeviceTime {
        current.withLock { $0 }
    }

    /// Lets `span` of time pass: the wall clock and the uptime clock both move by it. A negative span is the user
    /// setting the wall clock back (no time passes), as `setWallClock(by:)`.
    public func advance(by span: TimeSpan) {
        guard span >= .zero else { return setWallClock(by: span) }
        current.withLock { $0 = $0 + span }
    }

    /// The user sets the wall clock `span` forwards (or back, when negative); no time passes.
    public func setWallClock(by span: TimeSpan) {
        current.withLock { $0.wall = $0.wall + span }
    }

    /// The device reboots `span` after now: the wall clock moves on by `span`, the uptime clock starts again at zero
    /// in a new boot.
    public func reboot(after span: TimeSpan = .zero) {
        current.withLock { time in
            time = DeviceTime(wall: time.wall + span, uptime: .zero, boot: time.boot &+ 1)
        }
    }
}
