/// The reply of the system authentication prompt, as the launch lock needs it.
public enum AuthenticationReply: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Authenticated.
    case success
    /// Not recognised (and the passcode fallback was not completed).
    case failure
    /// Cancelled by the user or the system.
    case cancel

    /// The raw name.
    public var description: String { rawValue }
}
