/// The gate that is showing, outermost first (app-launch-gates.zh.md "门控栈").
public enum Gate: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The full-screen error card.
    case errorBoundary = "ErrorBoundary"
    /// The biometric lock screen.
    case biometric = "BiometricGate"
    /// The forced, non-dismissable update sheet.
    case forcedUpdate = "UpdateGate.forced"
    /// The soft, dismissable update sheet.
    case softUpdate = "UpdateGate.soft"
    /// The 4-page onboarding.
    case onboarding = "OnboardingGate"
    /// The legal consent screen.
    case consent = "ConsentGate"
    /// Login versus the main shell: every gate passed.
    case auth = "AuthGate"

    /// The name, e.g. `UpdateGate.forced`.
    public var description: String { rawValue }
}
