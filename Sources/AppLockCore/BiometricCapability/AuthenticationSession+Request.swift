extension AuthenticationSession {
    /// What one authentication request does (article §3.4 `authenticate`, D-BC-SINGLE-EVAL).
    public enum RequestOutcome: Hashable, Sendable, CustomStringConvertible {
        /// A new context evaluates with this policy; its reply is expected for `attempt`.
        case evaluate(attempt: Int, policy: AuthenticationPolicy)
        /// `canEvaluatePolicy` said no: the caller completes with failure and `evaluatePolicy` is never called.
        case cannotEvaluate
        /// An evaluation is already open: the request is ignored (one prompt at a time).
        case alreadyEvaluating

        /// E.g. `evaluate(1, deviceOwnerAuthentication)`.
        public var description: String {
            switch self {
            case .evaluate(let attempt, let policy): "evaluate(\(attempt), \(policy))"
            case .cannotEvaluate: "cannotEvaluate"
            case .alreadyEvaluating: "alreadyEvaluating"
            }
        }
    }

    /// Handles a request given what `canEvaluatePolicy` answered for its new context: ignored while an attempt is
    /// pending, refused when the policy cannot be evaluated, otherwise a new attempt begins.
    public mutating func request(canEvaluate: Bool) -> RequestOutcome {
        if pendingAttempt != nil { return .alreadyEvaluating }
        guard canEvaluate else {
            lastResult = nil
            return .cannotEvaluate
        }
        return .evaluate(attempt: begin(), policy: scenario.policy)
    }
}
