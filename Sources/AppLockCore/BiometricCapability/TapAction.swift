/// What tapping the unlock entry does (article §4.3, §5).
public enum TapAction: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Evaluate the scenario's policy.
    case evaluate
    /// Guide the user to enrol in the system settings (§1, §5.1, §5.2).
    case guideEnroll
    /// Start the device-passcode path (§4.3, §5.1).
    case passcodeFlow
    /// Refuse the operation (payment, §5.2).
    case refuse
    /// Nothing: there is no entry to tap, or it only asks for a passcode to be set first.
    case none

    /// The raw name.
    public var description: String { rawValue }
}
