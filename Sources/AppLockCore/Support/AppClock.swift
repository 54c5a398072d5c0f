/// Where the current time comes from. The state machines never call it themselves: the shell reads it and passes
/// the `DeviceTime` into `handle(_:now:)`, so a test drives time with a `ManualClock`.
///
/// Named `AppClock` so it never clashes with the standard library's `Clock` protocol.
public protocol AppClock: Sendable {
    /// The device's two clocks now.
    func now() -> DeviceTime
}
