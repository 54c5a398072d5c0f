/// The states of medtime-biometric-unlock.es.md §5.1.
///
/// `biometricSuccess`, `biometricFail`, `pinValidating` and `pinError` are passed through within one event (they
/// appear in `MedTimeUnlock.lastPath`); the machine rests in the others.
public enum MedTimeState: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Before `open`.
    case checkingSession = "CheckingSession"
    /// The biometric prompt is open.
    case biometricPrompt = "BiometricPrompt"
    /// Transient: a biometric success, on the way to Success.
    case biometricSuccess = "BiometricSuccess"
    /// Transient: a biometric failure, on the way back to the prompt or to the PIN.
    case biometricFail = "BiometricFail"
    /// The PIN pad accepts digits.
    case pinInput = "PINInput"
    /// Transient: the complete PIN is being checked.
    case pinValidating = "PINValidating"
    /// Transient: a wrong PIN, on the way to PINInput or PINBlocked.
    case pinError = "PINError"
    /// The PIN is blocked; a countdown runs.
    case pinBlocked = "PINBlocked"
    /// Unlocked; the dashboard follows after 0.5 s.
    case success = "Success"
    /// On the dashboard: the core enters it on the first event (a `tick` or any other) at or after
    /// `MedTimeUnlock.dashboardDueAt`, 0.5 s after the unlock (§2.5, §5.2).
    case dashboard = "Dashboard"
    /// Sent to the login screen (SCR-AUTH-002).
    case login = "Login"

    /// The document's name, e.g. `PINBlocked`.
    public var description: String { rawValue }
}
