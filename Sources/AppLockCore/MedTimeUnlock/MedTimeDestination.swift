/// Where the unlock screen navigates to (§9.2 output events).
public enum MedTimeDestination: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The dashboard, after unlocking.
    case dashboard
    /// The login screen, SCR-AUTH-002.
    case login
    /// PIN recovery, SCR-AUTH-004.
    case recovery

    /// The raw name.
    public var description: String { rawValue }
}
