/// Inputs of the launch-gate stack.
public enum LaunchGatesEvent: Hashable, Sendable, CustomStringConvertible {
    /// An event for the BiometricGate (the launch lock with the `.launchGates` configuration). `.lock(.appear)` is
    /// the cold start of the whole stack.
    case lock(LaunchLockEvent)
    /// A view model posted an unrecoverable error to the bus (the text is shown only in DEBUG builds).
    case postError(String)
    /// "Retry" on the error card: clears the bus.
    case retry
    /// "Send report" on the error card.
    case sendReport
    /// The update sheet's action button.
    case openStore
    /// The soft update sheet was dismissed.
    case dismissUpdate
    /// Onboarding "next".
    case onboardingNext
    /// Onboarding "skip".
    case onboardingSkip
    /// The consent screen's "accept".
    case acceptConsent
    /// A natural success moment (e.g. a todo cleared): `RatingController.recordAction`.
    case recordAction

    /// E.g. `lock(appear)`, `postError`.
    public var description: String {
        switch self {
        case .lock(let event): "lock(\(event))"
        case .postError: "postError"
        case .retry: "retry"
        case .sendReport: "sendReport"
        case .openStore: "openStore"
        case .dismissUpdate: "dismissUpdate"
        case .onboardingNext: "onboardingNext"
        case .onboardingSkip: "onboardingSkip"
        case .acceptConsent: "acceptConsent"
        case .recordAction: "recordAction"
        }
    }
}
