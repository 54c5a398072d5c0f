/// What the unlock area shows for a scenario (article §4.3, §5): the entry the user can tap, if any.
public enum UnlockEntry: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The fingerprint / face button (§1: shown whenever the hardware supports it, enrolled or not).
    case biometricButton
    /// The button that reads "使用密码解锁" after a lockout (§4.3).
    case passcodeButton
    /// The passcode input: biometrics unusable, a passcode set (§5.1, second UI state).
    case passcodeInput
    /// The "请先设置锁屏密码" prompt: neither biometrics nor a passcode (§5.1, third UI state).
    case setPasscodeFirst
    /// Nothing to tap: the operation is refused (payment, §5.2).
    case none

    /// The raw name.
    public var description: String { rawValue }
}
