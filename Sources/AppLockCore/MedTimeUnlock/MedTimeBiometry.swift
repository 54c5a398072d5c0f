/// The biometric kind of the device, as MedTime names it (§9 `biometricType`).
public enum MedTimeBiometry: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Face ID.
    case face
    /// Touch ID / fingerprint.
    case fingerprint
    /// No biometrics.
    case none

    /// The name in announcements: "Face ID" or "Touch ID".
    public var promptName: String {
        switch self {
        case .face: "Face ID"
        case .fingerprint, .none: "Touch ID"
        }
    }

    /// The raw name (also the analytics `type` value).
    public var description: String { rawValue }
}
