/// The `LAError.Code` values the core distinguishes, including the deprecated pre-iOS 11 Touch ID twins.
public enum LAErrorCode: Hashable, Sendable, CustomStringConvertible {
    /// No biometric hardware, or it is unavailable.
    case biometryNotAvailable
    /// Hardware present, nothing enrolled.
    case biometryNotEnrolled
    /// Too many failures: biometrics locked until the passcode is entered.
    case biometryLockout
    /// No device passcode set.
    case passcodeNotSet
    /// Deprecated twin of `biometryNotAvailable` (before iOS 11).
    case touchIDNotAvailable
    /// Deprecated twin of `biometryNotEnrolled` (before iOS 11).
    case touchIDNotEnrolled
    /// Deprecated twin of `biometryLockout` (before iOS 11).
    case touchIDLockout
    /// The user tapped the fallback button ("enter password"): not a failure.
    case userFallback
    /// The user cancelled.
    case userCancel
    /// The system cancelled (e.g. the app went to the background).
    case systemCancel
    /// The app cancelled.
    case appCancel
    /// The user failed to provide valid credentials.
    case authenticationFailed
    /// The context was invalidated.
    case invalidContext
    /// UI interaction was not allowed.
    case notInteractive
    /// Any other code, by its raw value.
    case other(Int)

    /// True for the not-enrolled codes, new and old.
    public var isNotEnrolled: Bool { self == .biometryNotEnrolled || self == .touchIDNotEnrolled }
    /// True for the lockout codes, new and old.
    public var isLockout: Bool { self == .biometryLockout || self == .touchIDLockout }
    /// True for the not-available codes, new and old.
    public var isNotAvailable: Bool { self == .biometryNotAvailable || self == .touchIDNotAvailable }
    /// True for the three cancel codes.
    public var isCancel: Bool { self == .userCancel || self == .systemCancel || self == .appCancel }

    /// The Swift case name, e.g. `biometryLockout` or `other(-1000)`.
    public var description: String {
        switch self {
        case .biometryNotAvailable: "biometryNotAvailable"
        case .biometryNotEnrolled: "biometryNotEnrolled"
        case .biometryLockout: "biometryLockout"
        case .passcodeNotSet: "passcodeNotSet"
        case .touchIDNotAvailable: "touchIDNotAvailable"
        case .touchIDNotEnrolled: "touchIDNotEnrolled"
        case .touchIDLockout: "touchIDLockout"
        case .userFallback: "userFallback"
        case .userCancel: "userCancel"
        case .systemCancel: "systemCancel"
        case .appCancel: "appCancel"
        case .authenticationFailed: "authenticationFailed"
        case .invalidContext: "invalidContext"
        case .notInteractive: "notInteractive"
        case .other(let code): "other(\(code))"
        }
    }
}
