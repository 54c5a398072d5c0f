/// Why a main / decoy password pair is refused at set-up (§2). Never contains the passwords.
public enum PasswordPolicyError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Fewer than 8 characters (and not an all-digit PIN of 6 or more).
    case tooShort
    /// An all-digit PIN of fewer than 6 digits.
    case pinTooShort
    /// Main and decoy are the same.
    case sameAsOther

    /// A neutral message.
    public var description: String {
        switch self {
        case .tooShort: "password must have at least 8 characters"
        case .pinTooShort: "a numeric PIN must have at least 6 digits"
        case .sameAsOther: "the two passwords must differ"
        }
    }
}
