/// What the launch lock has done, as an audit reads it (face-id-launch-lock.zh.md §4, §7).
extension LaunchLock {
    /// A background time is recorded (§4: set on `.background`, cleared when the app becomes active again).
    public var hasBackgroundTime: Bool { lastBackgroundedAt != nil }

    /// The Me-tab toggle can be used (§5: not greyed out; the device has biometrics or a passcode).
    public var toggleInteractive: Bool { !toggleDisabled }
}
