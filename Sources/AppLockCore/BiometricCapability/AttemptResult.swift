/// What the app does with one evaluation reply (article §3.4, §4.3, §5).
public enum AttemptResult: Hashable, Sendable, CustomStringConvertible {
    /// Authenticated.
    case success
    /// Go to the passcode path: `userFallback` (not a failure, §4.5 tip 3) or a lockout in login / sensitive.
    case usePasscode
    /// The user, the system or the app cancelled: stay where we are, no error.
    case cancelled
    /// Credentials not recognised; the user may retry.
    case failed
    /// Refused with a reason (payment: lockout, or a fallback request).
    case refused(RefusalReason)
    /// Any other error.
    case error(LAErrorCode)

    /// E.g. `usePasscode`, `refused(lockout)`.
    public var description: String {
        switch self {
        case .success: "success"
        case .usePasscode: "usePasscode"
        case .cancelled: "cancelled"
        case .failed: "failed"
        case .refused(let reason): "refused(\(reason))"
        case .error(let code): "error(\(code))"
        }
    }

    /// Maps one reply for `scenario`.
    public static func interpret(_ outcome: EvaluationOutcome, in scenario: AuthScenario) -> AttemptResult {
        guard case .failure(let code) = outcome else { return .success }
        if code.isCancel { return .cancelled }
        if code == .authenticationFailed { return .failed }
        if code == .userFallback { return scenario == .payment ? .refused(.fallbackNotAllowed) : .usePasscode }
        if code.isLockout { return scenario == .payment ? .refused(.lockout) : .usePasscode }
        if code.isNotEnrolled, scenario == .payment { return .refused(.notEnrolled) }
        return .error(code)
    }
}
