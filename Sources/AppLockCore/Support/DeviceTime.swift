/// The device's two clocks read at one moment (D-CLOCK).
///
/// - `wall` is the calendar clock. The user can set it in Settings, forwards or back, at any time.
/// - `uptime` is the time elapsed since the device booted. It only moves forward, also while the device sleeps, and
///   starts again at zero after a reboot. `boot` names the boot it belongs to.
///
/// Grace periods and lockout delays are measured in elapsed time, on `uptime` within one `boot`, so setting the
/// clock neither shortens nor lengthens them. Calendar rules (the rating's 90 days) use `wall`.
public struct DeviceTime: Hashable, Sendable, CustomStringConvertible {
    /// The wall clock.
    public var wall: Instant
    /// The time since boot.
    public var uptime: Instant
    /// Which boot `uptime` counts from: a reboot gives a new value.
    public var boot: UInt64

    /// Creates a reading of both clocks.
    public init(wall: Instant, uptime: Instant, boot: UInt64) {
        self.wall = wall
        self.uptime = uptime
        self.boot = boot
    }

    /// A device in boot 0 whose two clocks both show `instant` (tests and benchmarks that never set the clock).
    public init(_ instant: Instant) {
        self.init(wall: instant, uptime: instant, boot: 0)
    }

    /// Both clocks at zero, in boot 0.
    public static let zero = DeviceTime(.zero)

    /// The boot of a reading whose uptime could not be read (`SystemClock` when `clock_gettime` fails): no elapsed
    /// time is measured from or to it, not even between two such readings, so the time is unknown (D-CLOCK).
    public static let unknownBoot = UInt64.max

    /// The reading `span` of elapsed time later, in the same boot: both clocks move by `span`.
    public static func + (lhs: DeviceTime, rhs: TimeSpan) -> DeviceTime {
        DeviceTime(wall: lhs.wall + rhs, uptime: lhs.uptime + rhs, boot: lhs.boot)
    }

    /// The time elapsed since `earlier`, measured on the uptime clock; nil when a reboot lies between them, since
    /// no clock the user cannot set spans a reboot. Also nil when either reading's uptime could not be read
    /// (`unknownBoot`), and when the uptime went back within one boot: the uptime clock never does, so the reboot was
    /// not told apart (a system with no boot id). The time is then unknown as across a reboot (D-CLOCK: it locks, a
    /// delay runs again in full).
    public func elapsed(since earlier: DeviceTime) -> TimeSpan? {
        boot == earlier.boot && boot != Self.unknownBoot && uptime >= earlier.uptime ? uptime - earlier.uptime : nil
    }

    /// `"wall <n>ms, up <n>ms, boot <n>"`.
    public var description: String { "wall \(wall), up \(uptime), boot \(boot)" }
}
