/// The optional launch lock (face-id-launch-lock.zh.md §2, §4, §5, §7), also the BiometricGate of the launch gates.
///
/// A value type with one pure transition, `handle(_:now:)`. The only outside effect is persisting the "enabled"
/// flag through the injected store; prompts are returned as effects and their replies come back as events.
public struct LaunchLock: Sendable, CustomStringConvertible {
    /// The product settings.
    public let configuration: Configuration
    private let store: any KeyValueStore

    /// The lock is on (persisted). Default off (§2).
    public private(set) var enabled: Bool
    /// The lock screen is shown.
    public private(set) var isLocked: Bool
    /// The privacy cover is shown.
    public private(set) var showsCover = false
    /// A system prompt is open (the one-prompt-at-a-time guard of §4).
    public private(set) var isAuthenticating = false
    /// The cold-start lock has been applied in this process.
    public private(set) var hasColdLocked = false
    /// When the app last went to the background, until it becomes active again.
    public private(set) var lastBackgroundedAt: DeviceTime?
    /// The last scene phase seen (a cold start begins `.active`, §4).
    public private(set) var scenePhase: ScenePhase = .active
    /// What the device offers (§5).
    public private(set) var availability: LockAvailability
    /// True when the store could not be read: the lock then stays enabled and locked (D-STORE-CORRUPT).
    public private(set) var storeIsCorrupt = false
    /// Why the open prompt was started.
    public private(set) var pendingPurpose: PromptPurpose?
    /// This machine (this process) has started at least one system prompt, for either purpose (D-LL-TOGGLE: turning
    /// on prompts once on a capable device; turning off, or turning on where nothing can authenticate, prompts never).
    public private(set) var hasStartedPrompt = false

    /// Why a prompt is open.
    public enum PromptPurpose: String, Hashable, Sendable, CustomStringConvertible {
        /// To unlock the lock screen.
        case unlock
        /// To confirm turning the lock on (§7).
        case enable

        /// The raw name.
        public var description: String { rawValue }
    }

    /// Builds the machine from the store (a relaunch after a kill is a new machine on the same store). A missing
    /// flag is off; an unreadable store or flag is treated as enabled and already locked (D-STORE-CORRUPT).
    public init(configuration: Configuration, store: any KeyValueStore, availability: LockAvailability) {
        self.configuration = configuration
        self.store = store
        self.availability = availability
        switch Self.readEnabled(store: store, key: configuration.enabledKey) {
        case .some(let flag):
            enabled = flag
            isLocked = false
        case .none:
            enabled = true
            isLocked = true
            storeIsCorrupt = true
        }
    }

    /// The Me-tab toggle is greyed out when the device has neither biometrics nor a passcode (§5).
    public var toggleDisabled: Bool { !availability.isAvailable }

    /// The Me-tab subtitle (§7): "已开启 · <label>", "关闭", or "本设备未设置 Face ID 或密码" when unavailable.
    public var subtitle: String {
        if !availability.isAvailable { return "本设备未设置 Face ID 或密码" }
        return enabled ? "已开启 · \(availability.label)" : "关闭"
    }

    /// The lock screen button (§7: "Face ID 解锁", following the device).
    public var unlockButtonTitle: String { "\(availability.label) 解锁" }

    /// Applies one event at `now` and returns the effects, in order.
    public mutating func handle(_ event: LaunchLockEvent, now: DeviceTime) -> [LaunchLockEffect] {
        switch event {
        case .appear:
            // §4: enabled and not yet cold-locked → lock and prompt. The scene starts `.active` without a change
            // event; if one arrives anyway the isAuthenticating guard drops the duplicate prompt.
            guard enabled, !hasColdLocked else { return [] }
            hasColdLocked = true
            isLocked = true
            return prompt(.unlock)

        case .scenePhase(let phase):
            // §4: the container reacts to onChange(scenePhase), which fires on a change only; the phase it already
            // has changes nothing (D-LL-PHASE-CHANGE).
            guard phase != scenePhase else { return [] }
            scenePhase = phase
            return handlePhase(phase, now: now)

        case .authenticationResult(let reply):
            // D-LL-DUP-REPLY: a reply with no prompt open changes nothing.
            guard let purpose = pendingPurpose else { return [] }
            pendingPurpose = nil
            isAuthenticating = false
            guard reply == .success else { return [] } // §5: failure or cancel stay as they are, no error.
            switch purpose {
            case .unlock:
                isLocked = false
            case .enable:
                // D-LL-TOGGLE: only a successful prompt turns the lock on.
                if persist(enabled: true) { enabled = true }
            }
            return []

        case .unlockTapped:
            // D-LL-ACTIVE-ONLY: the lock screen's button can only be tapped on an active scene.
            guard isLocked, scenePhase == .active else { return [] }
            return prompt(.unlock)

        case .toggleOn:
            // D-LL-TOGGLE: refused with no prompt when the device has neither biometrics nor passcode.
            // D-LL-ACTIVE-ONLY: the switch can only be flipped on an active scene with no system prompt over it,
            // and not through the lock when it sits behind it (D-GATE-SWITCH).
            guard switchReachable, !enabled, availability.isAvailable else { return [] }
            guard configuration.enableRequiresAuthentication else {
                // D-GATE-SWITCH: the switch only sets the saved flag; it locks from the next launch or relock.
                if persist(enabled: true) { enabled = true }
                return []
            }
            return prompt(.enable)

        case .toggleOff:
            // §7 / D-LL-TOGGLE: turning off needs nothing and clears the lock. An unwritable store keeps it on.
            guard switchReachable, enabled, persist(enabled: false) else { return [] }
            enabled = false
            isLocked = false
            showsCover = false
            if pendingPurpose == .enable { pendingPurpose = nil; isAuthenticating = false }
            return []

        case .availabilityChanged(let newAvailability):
            availability = newAvailability
            return []
        }
    }

    /// The switch can be flipped now: the scene is active, no system prompt covers it (§5: authentication is a
    /// modal system sheet), and the lock is open unless the switch may be used from the lock screen
    /// (D-LL-ACTIVE-ONLY, D-GATE-SWITCH).
    private var switchReachable: Bool {
        scenePhase == .active && !isAuthenticating && !(isLocked && configuration.switchIsBehindTheLock)
    }

    private mutating func handlePhase(_ phase: ScenePhase, now: DeviceTime) -> [LaunchLockEffect] {
        switch phase {
        case .background:
            lastBackgroundedAt = now
            showsCover = enabled
            return []
        case .inactive:
            switch configuration.coverRule {
            case .enabledUnlessLockScreen: showsCover = enabled && !isLocked
            case .enabledWhileNotActive: showsCover = enabled
            }
            return []
        case .active:
            showsCover = false
            // D-GRACE-CMP: strictly more than the grace re-locks. D-LL-NO-BG-TIME: no recorded time never locks.
            // D-CLOCK: the time away is elapsed time, which setting the clock does not change; a reboot while away
            // leaves it unknown, and unknown locks.
            let wasLocked = isLocked
            let awayPastGrace = lastBackgroundedAt.map { now.elapsed(since: $0).map { $0 > configuration.grace } ?? true } ?? false
            if enabled, !isLocked, awayPastGrace { isLocked = true }
            lastBackgroundedAt = nil
            // A relock prompts, and so does a return past the grace to an app that was already locked; any other
            // active while locked prompts only where the product says so (D-GATE-NO-REPROMPT).
            guard isLocked, !wasLocked || awayPastGrace || configuration.promptsWhenActiveWhileLocked else { return [] }
            return prompt(.unlock)
        }
    }

    /// Starts a prompt unless one is already open (§4: `isAuthenticating` guard, no second prompt).
    private mutating func prompt(_ purpose: PromptPurpose) -> [LaunchLockEffect] {
        guard !isAuthenticating else { return [] }
        isAuthenticating = true
        pendingPurpose = purpose
        hasStartedPrompt = true
        return [.startAuthentication(configuration.policy)]
    }

    private func persist(enabled flag: Bool) -> Bool {
        do {
            try store.set([flag ? 1 : 0], forKey: configuration.enabledKey)
            return true
        } catch {
            return false
        }
    }

    /// nil when the store or the flag cannot be read.
    private static func readEnabled(store: any KeyValueStore, key: String) -> Bool? {
        do {
            guard let bytes = try store.value(forKey: key) else { return false }
            switch bytes {
            case [0]: return false
            case [1]: return true
            default: return nil
            }
        } catch {
            return nil
        }
    }

    /// The observable state, e.g. `enabled=true locked=false cover=false authenticating=false`.
    public var description: String {
        "enabled=\(enabled) locked=\(isLocked) cover=\(showsCover) authenticating=\(isAuthenticating) "
            + "coldLocked=\(hasColdLocked) phase=\(scenePhase)"
    }
}
