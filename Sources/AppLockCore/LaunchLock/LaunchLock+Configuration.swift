extension LaunchLock {
    /// Per-product settings of the one launch-lock machine.
    public struct Configuration: Hashable, Sendable, CustomStringConvertible {
        /// Background time that does not re-lock; strictly more re-locks (D-GRACE-CMP).
        public var grace: TimeSpan
        /// The policy of every prompt.
        public var policy: AuthenticationPolicy
        /// When the privacy cover shows.
        public var coverRule: CoverRule
        /// The neutral store key of the persisted "enabled" flag.
        public var enabledKey: String

        /// Creates a configuration.
        public init(grace: TimeSpan, policy: AuthenticationPolicy, coverRule: CoverRule, enabledKey: String) {
            self.grace = grace
            self.policy = policy
            self.coverRule = coverRule
            self.enabledKey = enabledKey
        }

        /// Kangkang (face-id-launch-lock.zh.md §2): 60 s grace, `.deviceOwnerAuthentication` (passcode fallback),
        /// cover only when enabled and not behind the lock screen.
        public static let kangkang = Configuration(
            grace: .seconds(60), policy: .deviceOwnerAuthentication,
            coverRule: .enabledUnlessLockScreen, enabledKey: "lock.enabled")

        /// The launch gates' BiometricGate (app-launch-gates.zh.md): 1 s grace, cover whenever not active
        /// (D-GATE-COVER). The document names no policy; `.deviceOwnerAuthentication` is used so a biometric lockout
        /// can never shut the user out (the passcode remains).
        public static let launchGates = Configuration(
            grace: .seconds(1), policy: .deviceOwnerAuthentication,
            coverRule: .enabledWhileNotActive, enabledKey: "gate.lock.enabled")

        /// E.g. `grace=60000ms policy=deviceOwnerAuthentication cover=enabledUnlessLockScreen`.
        public var description: String { "grace=\(grace) policy=\(policy) cover=\(coverRule)" }
    }
}
