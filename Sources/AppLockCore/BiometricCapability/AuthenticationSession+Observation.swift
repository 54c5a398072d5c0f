/// What an authentication session shows (biometric-capability-detection.zh.md §3.4: one evaluation at a time).
extension AuthenticationSession {
    /// An evaluation is in flight: a request started one and no reply (or app cancel) has completed it yet.
    public var isEvaluating: Bool { pendingAttempt != nil }
}
