/// What the UI offers for a scenario given the device's capability (article §4.3, §5).
public enum ScenarioAction: Hashable, Sendable, CustomStringConvertible {
    /// Show the biometric button for this type and evaluate on tap.
    case biometrics(BiometryType)
    /// Hardware present but nothing enrolled: show the entry, and on tap guide the user to enrol (§1, §5.1).
    case enrollFirst(BiometryType)
    /// Biometrics locked out: the unlock button reads "使用密码解锁" and tapping it starts the device-passcode
    /// path (§4.3), with the lockout message of §2.3.
    case passcodeButton
    /// Biometrics unusable (no hardware, or another error) but a passcode exists: show the passcode input (§5.1,
    /// second of the login screen's three UI states).
    case passcodeInput
    /// Neither biometrics nor a passcode: ask the user to set a passcode first (§5.1, third UI state).
    case setPasscodeFirst
    /// Refuse (payment only, §5.2).
    case refuse(RefusalReason)

    /// E.g. `biometrics(faceID)`, `refuse(lockout)`.
    public var description: String {
        switch self {
        case .biometrics(let type): "biometrics(\(type))"
        case .enrollFirst(let type): "enrollFirst(\(type))"
        case .passcodeButton: "passcodeButton"
        case .passcodeInput: "passcodeInput"
        case .setPasscodeFirst: "setPasscodeFirst"
        case .refuse(let reason): "refuse(\(reason))"
        }
    }
}
