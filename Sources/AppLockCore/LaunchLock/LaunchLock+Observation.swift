/// What the launch lock has done, as an audit reads it (face-id-launch-lock.zh.md §4, §7).
extension LaunchLock {
    /// This machine has started at least one system prompt (D-LL-TOGGLE: turning on prompts once on a capable
    /// device; turning off, or turning on where nothing can authenticate, prompts never).
    public var hasStartedPrompt: Bool { promptsStarted > 0 }
}

extension LaunchLock {
    /// A background time is recorded (§4: set on `.background`, cleared when the app becomes active again).
    public var hasBackgroundTime: Bool { lastBackgroundedAt != nil }

    /// The Me-tab toggle can be used (§5: not greyed out; the device has biometrics or a passcode).
    public var toggleInteractive: Bool { !toggleDisabled }
}
