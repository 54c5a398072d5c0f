/// What the app does with one evaluation reply (article §3.4, §4.3, §5).
public enum AttemptResult: Hashable, Sendable, CustomStringConvertible {
    /// Authenticated.
    case success
    /// Go to the passcode path: `userFallback` (not a failure, §4.5 tip 3).
    case usePasscode
    /// The user, the system or the app cancelled: stay where we are, no error. The reply's code is kept
    /// (`userCancel`, `systemCancel` or `appCancel`): the article's `BiometryHelper.authenticate` completes with
    /// `completion(false, <that LAError>)` (§3.4, §7), so the caller can tell who cancelled.
    case cancelled(LAErrorCode)
    /// Credentials not recognised; the user may retry.
    case failed
    /// Refused with a reason (payment: lockout, or a fallback request).
    case refused(RefusalReason)
    /// Any other error.
    case error(LAErrorCode)

    /// E.g. `usePasscode`, `cancelled(userCancel)`, `refused(lockout)`.
    public var description: String {
        switch self {
        case .success: "success"
        case .usePasscode: "usePasscode"
        case .cancelled(let code): "cancelled(\(code))"
        case .failed: "failed"
        case .refused(let reason): "refused(\(reason))"
        case .error(let code): "error(\(code))"
        }
    }

    /// The text the UI shows for this answer, or nil when it shows none:
    /// - a refusal shows its reason's message (§5.2 for a lockout, §2.3 for not enrolled; D-BC-ANSWER-TEXT for the
    ///   others);
    /// - a lockout or not-enrolled error handed to the caller shows the §2.3 guidance;
    /// - a failed verification shows "验证失败", the article's word for it (§2.3, D-BC-ANSWER-TEXT);
    /// - success, the passcode path, a cancel and any other error show nothing (D-BC-ANSWER-TEXT).
    public var message: String? {
        switch self {
        case .success, .usePasscode, .cancelled: nil
        case .failed: "验证失败"
        case .refused(let reason): reason.message
        case .error(let code):
            if code.isLockout { "生物识别已锁定请使用密码解锁或前往设置重新启用" }
            else if code.isNotEnrolled { RefusalReason.notEnrolled.message }
            else { nil }
        }
    }

    /// Maps one reply of the system's evaluation to what the attempt means for `scenario`.
    public static func interpret(_ outcome: EvaluationOutcome, in scenario: AuthScenario) -> AttemptResult {
        guard case .failure(let code) = outcome else { return .success }
        if code.isCancel { return .cancelled(code) }
        if code == .authenticationFailed { return .failed }
        if code == .userFallback { return scenario == .payment ? .refused(.fallbackNotAllowed) : .usePasscode }
        // With `.deviceOwnerAuthentication` (login, sensitive) the system itself offers the passcode on a lockout, so a
        // lockout that still comes back is handed to the caller as it is: the article's helper completes with
        // `(false, error)` (§3.4, §7). The "使用密码解锁" button of §4.3 comes from the capability check, not from here.
        if code.isLockout { return scenario == .payment ? .refused(.lockout) : .error(code) }
        if code.isNotEnrolled, scenario == .payment { return .refused(.notEnrolled) }
        return .error(code)
    }
}
