/// Outputs of the dual-password lock. None carries a password, a key or which slot matched.
public enum DualPasswordEffect: Hashable, Sendable, CustomStringConvertible {
    /// Clear the password field.
    case clearInput
    /// Show the one neutral error (same text for wrong, delayed, empty and unreadable).
    case showError(String)
    /// Mount this profile's container.
    case openProfile(ProfileRole)
    /// The erase coordinator overwrote the other slot (before the decoy opens).
    case erase
    /// Show the cover that does not depend on the profile, as soon as the app goes to the background (§7).
    case showNeutralCover
    /// Release the open container and its key.
    case releaseProfile
    /// Show the irreversible-action warning.
    case presentEraseWarning
    /// Ask for the second confirmation.
    case presentEraseConfirmation

    /// E.g. `showError("无法解锁")`, `openProfile(decoy)`.
    public var description: String {
        switch self {
        case .clearInput: "clearInput"
        case .showError(let text): "showError(\"\(text)\")"
        case .openProfile(let role): "openProfile(\(role))"
        case .erase: "erase"
        case .showNeutralCover: "showNeutralCover"
        case .releaseProfile: "releaseProfile"
        case .presentEraseWarning: "presentEraseWarning"
        case .presentEraseConfirmation: "presentEraseConfirmation"
        }
    }
}
