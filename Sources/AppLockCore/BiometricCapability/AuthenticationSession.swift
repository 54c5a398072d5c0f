/// The reply guard of article §2.1 and §3.4: each attempt gets a fresh id (a new `LAContext`, never reused), and a
/// reply is handled at most once and only for the current attempt.
public struct AuthenticationSession: Hashable, Sendable, CustomStringConvertible {
    /// The scenario evaluated.
    public let scenario: AuthScenario
    /// The attempt awaiting its reply, if any.
    public private(set) var pendingAttempt: Int?
    /// How many attempts were started (the id of the last one).
    public private(set) var attemptsStarted = 0

    /// Creates a session with no attempt in flight.
    public init(scenario: AuthScenario) {
        self.scenario = scenario
    }

    /// Starts a new attempt (a new context); any earlier attempt's late reply will be ignored. Returns its id.
    public mutating func begin() -> Int {
        attemptsStarted += 1
        pendingAttempt = attemptsStarted
        return attemptsStarted
    }

    /// Handles a reply for `attempt`: the result, or nil when that attempt is not pending (a duplicate or stale
    /// reply).
    public mutating func receive(_ outcome: EvaluationOutcome, forAttempt attempt: Int) -> AttemptResult? {
        guard pendingAttempt == attempt else { return nil }
        pendingAttempt = nil
        return AttemptResult.interpret(outcome, in: scenario)
    }

    /// E.g. `login attempt 2 pending`.
    public var description: String {
        "\(scenario) attempt \(attemptsStarted) \(pendingAttempt == nil ? "idle" : "pending")"
    }
}
