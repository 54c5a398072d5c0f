/// The biometric hardware LocalAuthentication names (`LABiometryType`), with a default branch for future kinds.
public enum BiometryType: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// No biometric hardware (or not reported).
    case none
    /// A fingerprint sensor.
    case touchID
    /// A face sensor.
    case faceID
    /// An iris sensor (Vision Pro).
    case opticID
    /// A kind this code does not know yet (article §6: unknown future types go to a default branch).
    case unknown

    /// The user-facing name: "Face ID", "Touch ID", "Optic ID", "无生物识别" (none) or "未知类型" (unknown).
    public var displayName: String {
        switch self {
        case .faceID: "Face ID"
        case .touchID: "Touch ID"
        case .opticID: "Optic ID"
        case .none: "无生物识别"
        case .unknown: "未知类型"
        }
    }

    /// The raw name, e.g. `faceID`.
    public var description: String { rawValue }
}
