/// Outputs of the launch lock. Nothing else happens outside the machine: state changes are observable properties.
public enum LaunchLockEffect: Hashable, Sendable, CustomStringConvertible {
    /// Show the system prompt with this policy (one at a time).
    case startAuthentication(AuthenticationPolicy)

    /// E.g. `startAuthentication(deviceOwnerAuthentication)`.
    public var description: String {
        switch self {
        case .startAuthentication(let policy): "startAuthentication(\(policy))"
        }
    }
}
