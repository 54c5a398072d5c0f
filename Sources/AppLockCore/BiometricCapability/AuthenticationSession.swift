/// The reply guard of article §2.1 and §3.4: each attempt gets a fresh id (a new `LAContext`, never reused), and a
/// reply is handled at most once and only for the current attempt.
public struct AuthenticationSession: Hashable, Sendable, CustomStringConvertible {
    /// The scenario evaluated.
    public let scenario: AuthScenario
    /// The attempt awaiting its reply, if any.
    public private(set) var pendingAttempt: Int?
    /// How many attempts were started (the id of the last one).
    public private(set) var attemptsStarted = 0
    /// The result of the last answer handled (nil once a new attempt begins, and before any).
    public internal(set) var lastResult: AttemptResult?

    /// The text the UI shows for the last answer handled (`AttemptResult.message`), or nil.
    public var message: String? { lastResult?.message }

    /// Creates a session with no attempt in flight.
    public init(scenario: AuthScenario) {
        self.scenario = scenario
    }

    /// Starts a new attempt (a new context); any earlier attempt's late reply will be ignored. Returns its id.
    public mutating func begin() -> Int {
        attemptsStarted += 1
        pendingAttempt = attemptsStarted
        lastResult = nil
        return attemptsStarted
    }

    /// Handles a reply for `attempt`: the result, or nil when that attempt is not pending (a duplicate or stale
    /// reply).
    public mutating func receive(_ outcome: EvaluationOutcome, forAttempt attempt: Int) -> AttemptResult? {
        guard pendingAttempt == attempt else { return nil }
        pendingAttempt = nil
        let result = AttemptResult.interpret(outcome, in: scenario)
        lastResult = result
        return result
    }

    /// The app cancels the attempt in flight (it invalidates the context): the attempt completes at once as
    /// `.cancelled(.appCancel)`, and the system's own `appCancel` reply for it, when it comes, is stale and ignored.
    /// Returns nil when no attempt is pending.
    public mutating func cancel() -> AttemptResult? {
        guard pendingAttempt != nil else { return nil }
        pendingAttempt = nil
        lastResult = .cancelled(.appCancel)
        return lastResult
    }

    /// E.g. `login attempt 2 pending`.
    public var description: String {
        "\(scenario) attempt \(attemptsStarted) \(pendingAttempt == nil ? "idle" : "pending")"
    }
}
