/// Outputs of the MedTime unlock screen. None ever carries a PIN digit.
public enum MedTimeEffect: Hashable, Sendable, CustomStringConvertible {
    /// Open the system biometric prompt with this policy (always biometrics-only, §8.2).
    case startBiometricPrompt(AuthenticationPolicy)
    /// A screen-reader announcement (§7.3).
    case announce(String)
    /// An analytics event (§11).
    case analytics(AnalyticsEvent)
    /// Navigate, after a delay in milliseconds (0 = at once).
    case navigate(MedTimeDestination, afterMilliseconds: Int64)
    /// A §9.2 output event.
    case output(MedTimeOutput)

    // lockspec:mutate-exclude description formatting: diagnostic text only, not behaviour
    /// E.g. `announce("Desbloqueado")`, `analytics(pin_failure, attempt_number=1)`, `navigate(dashboard, after=500ms)`.
    public var description: String {
        switch self {
        case .startBiometricPrompt(let policy): "startBiometricPrompt(\(policy))"
        case .announce(let text): "announce(\"\(text)\")"
        case .analytics(let event): "analytics(\(event))"
        case .navigate(let destination, let delay):
            delay == 0 ? "navigate(\(destination))" : "navigate(\(destination), after=\(delay)ms)"
        case .output(let output): "output(\(output))"
        }
    }
}
