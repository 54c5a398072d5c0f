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
        /// Turning the lock on first runs one authentication and only its success sets the flag (D-LL-TOGGLE).
        /// When false, the switch only sets the persisted flag, with no prompt (D-GATE-SWITCH); the lock then applies
        /// from the next launch or relock.
        public var enableRequiresAuthentication: Bool

        /// Creates a configuration.
        public init(grace: TimeSpan, policy: AuthenticationPolicy, coverRule: CoverRule, enabledKey: String,
                    enableRequiresAuthentication: Bool = true) {
            self.grace = grace
            self.policy = policy
            self.coverRule = coverRule
            self.enabledKey = enabledKey
            self.enableRequiresAuthentication = enableRequiresAuthentication
        }

        /// Kangkang (face-id-launch-lock.zh.md §2): 60 s grace, `.deviceOwnerAuthentication` (passcode fallback),
        /// cover only when enabled and not behind the lock screen; turning it on authenticates first (§7,
        /// D-LL-TOGGLE).
        public static let kangkang = Configuration(
            grace: .seconds(60), policy: .deviceOwnerAuthentication,
            coverRule: .enabledUnlessLockScreen, enabledKey: "lock.enabled", enableRequiresAuthentication: true)

        /// The launch gates' BiometricGate (app-launch-gates.zh.md): 1 s grace, cover whenever not active
        /// (D-GATE-COVER). The document names no policy; `.deviceOwnerAuthentication` is used so a biometric lockout
        /// can never shut the user out (the passcode remains). The document says nothing about authenticating to turn
        /// the gate on: the switch only sets the saved flag (D-GATE-SWITCH).
        public static let launchGates = Configuration(
            grace: .seconds(1), policy: .deviceOwnerAuthentication,
            coverRule: .enabledWhileNotActive, enabledKey: "gate.lock.enabled", enableRequiresAuthentication: false)

        /// E.g. `grace=60000ms policy=deviceOwnerAuthentication cover=enabledUnlessLockScreen enableAuth=true`.
        public var description: String {
            "grace=\(grace) policy=\(policy) cover=\(coverRule) enableAuth=\(enableRequiresAuthentication)"
        }
    }
}
