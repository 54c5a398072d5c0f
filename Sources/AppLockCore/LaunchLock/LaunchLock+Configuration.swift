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
        /// Becoming active while already locked starts a new prompt (face-id-launch-lock §4: "若 isLocked → 触发认证").
        /// When false, becoming active prompts only on a relock or on a return past the grace from the background
        /// (the document's "重新锁定并重新提示", locked before or not); any other active while locked waits for the
        /// lock screen's button (D-GATE-NO-REPROMPT: the system prompt itself makes the scene inactive, so
        /// re-prompting on every return would loop after a cancel).
        public var promptsWhenActiveWhileLocked: Bool
        /// The switch lives behind the lock (the gate's "账户安全" settings), so while locked it is ignored. When false,
        /// turning the lock off also clears the lock (D-LL-TOGGLE).
        public var switchIsBehindTheLock: Bool

        /// Creates a configuration.
        public init(grace: TimeSpan, policy: AuthenticationPolicy, coverRule: CoverRule, enabledKey: String,
                    enableRequiresAuthentication: Bool = true, promptsWhenActiveWhileLocked: Bool = true,
                    switchIsBehindTheLock: Bool = false) {
            self.grace = grace
            self.policy = policy
            self.coverRule = coverRule
            self.enabledKey = enabledKey
            self.enableRequiresAuthentication = enableRequiresAuthentication
            self.promptsWhenActiveWhileLocked = promptsWhenActiveWhileLocked
            self.switchIsBehindTheLock = switchIsBehindTheLock
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
        /// the gate on: the switch only sets the saved flag (D-GATE-SWITCH), and it sits behind the lock. Becoming
        /// active while already locked opens no new prompt (D-GATE-NO-REPROMPT).
        public static let launchGates = Configuration(
            grace: .seconds(1), policy: .deviceOwnerAuthentication,
            coverRule: .enabledWhileNotActive, enabledKey: "gate.lock.enabled", enableRequiresAuthentication: false,
            promptsWhenActiveWhileLocked: false, switchIsBehindTheLock: true)

        /// E.g. `grace=60000ms policy=deviceOwnerAuthentication cover=enabledUnlessLockScreen enableAuth=true
        /// repromptWhileLocked=true switchBehindLock=false`.
        public var description: String {
            "grace=\(grace) policy=\(policy) cover=\(coverRule) enableAuth=\(enableRequiresAuthentication) "
                + "repromptWhileLocked=\(promptsWhenActiveWhileLocked) switchBehindLock=\(switchIsBehindTheLock)"
        }
    }
}
