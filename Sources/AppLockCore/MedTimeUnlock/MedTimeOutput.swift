/// The output events of medtime-biometric-unlock.es.md §9.2: the screen's callbacks to its host.
///
/// None carries a PIN digit or a PIN hash (§9.2 lists `pin_hash` as the payload of `onPINComplete`; validation is
/// done inside the core, so the host never needs it and it is never exposed).
public enum MedTimeOutput: Hashable, Sendable, CustomStringConvertible {
    /// `onBiometricSuccess`: on to the dashboard.
    case biometricSuccess
    /// `onBiometricFail(attempts_remaining)`: retry, or the PIN when none remain.
    case biometricFail(attemptsRemaining: Int)
    /// `onPINComplete`: a complete PIN was submitted for validation.
    case pinComplete
    /// `onPINSuccess`: on to the dashboard.
    case pinSuccess
    /// `onPINFail(attempts_remaining)`: the error state.
    case pinFail(attemptsRemaining: Int)
    /// `onForgotPIN`: to recovery, SCR-AUTH-004.
    case forgotPIN
    /// `onRelogin`: to login, SCR-AUTH-002.
    case relogin

    /// The document's name with its payload, e.g. `onPINFail, attempts_remaining=4`.
    public var description: String {
        switch self {
        case .biometricSuccess: "onBiometricSuccess"
        case .biometricFail(let remaining): "onBiometricFail, attempts_remaining=\(remaining)"
        case .pinComplete: "onPINComplete"
        case .pinSuccess: "onPINSuccess"
        case .pinFail(let remaining): "onPINFail, attempts_remaining=\(remaining)"
        case .forgotPIN: "onForgotPIN"
        case .relogin: "onRelogin"
        }
    }
}
