/// Inputs of the launch lock (face-id-launch-lock.zh.md §4, §7).
public enum LaunchLockEvent: Hashable, Sendable, CustomStringConvertible {
    /// The container appeared: a cold start.
    case appear
    /// The scene phase changed.
    case scenePhase(ScenePhase)
    /// The system prompt replied.
    case authenticationResult(AuthenticationReply)
    /// The lock screen's unlock button was tapped (retry).
    case unlockTapped
    /// The Me-tab toggle was switched on (authenticate first, §7).
    case toggleOn
    /// The Me-tab toggle was switched off.
    case toggleOff
    /// The device capability was re-read (`refreshAvailability()`, §5).
    case availabilityChanged(LockAvailability)

    /// E.g. `scenePhase(background)`, `authenticationResult(success)`.
    public var description: String {
        switch self {
        case .appear: "appear"
        case .scenePhase(let phase): "scenePhase(\(phase))"
        case .authenticationResult(let reply): "authenticationResult(\(reply))"
        case .unlockTapped: "unlockTapped"
        case .toggleOn: "toggleOn"
        case .toggleOff: "toggleOff"
        case .availabilityChanged(let availability): "availabilityChanged(\(availability))"
        }
    }
}
