/// The three states of the login unlock area (article §5.1).
public enum LoginUIState: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Show the fingerprint / face button.
    case biometrics
    /// Biometrics unusable, passcode available: show the passcode path.
    case passcodeOnly
    /// Neither: "请先设置锁屏密码".
    case setPasscodeFirst

    /// The raw name.
    public var description: String { rawValue }
}
