/// The classification of a `CapabilityReport` (article §3.1 / §7 `check()`).
public enum CapabilityStatus: Hashable, Sendable, CustomStringConvertible {
    /// Biometrics can be evaluated now.
    case available(BiometryType)
    /// Hardware present, nothing enrolled.
    case notEnrolled(BiometryType)
    /// Hardware present, locked out after too many failures.
    case locked(BiometryType)
    /// No usable biometric hardware.
    case notSupported
    /// Anything else (e.g. `passcodeNotSet`, or an error that is not an `LAError`: nil).
    case error(LAErrorCode?)

    /// E.g. `available(faceID)`, `notSupported`, `error(passcodeNotSet)`.
    public var description: String {
        switch self {
        case .available(let type): "available(\(type))"
        case .notEnrolled(let type): "notEnrolled(\(type))"
        case .locked(let type): "locked(\(type))"
        case .notSupported: "notSupported"
        case .error(let code): "error(\(code.map(String.init(describing:)) ?? "unknown"))"
        }
    }
}
