/// The decision for one scenario on one device: which policy, which action, which login UI state.
public struct ScenarioPlan: Hashable, Sendable, CustomStringConvertible {
    /// The scenario planned.
    public var scenario: AuthScenario
    /// The policy to evaluate with.
    public var policy: AuthenticationPolicy
    /// What the UI offers.
    public var action: ScenarioAction

    /// The login screen's three UI states (§5.1), derived from the action.
    public var loginUIState: LoginUIState {
        switch action {
        case .biometrics, .enrollFirst: .biometrics
        case .passcodeButton, .passcodeInput, .refuse: .passcodeOnly
        case .setPasscodeFirst: .setPasscodeFirst
        }
    }

    /// What the unlock area shows (§4.3, §5.1, §5.2).
    public var entry: UnlockEntry {
        switch action {
        case .biometrics, .enrollFirst: .biometricButton
        case .passcodeButton: .passcodeButton
        case .passcodeInput: .passcodeInput
        case .setPasscodeFirst: .setPasscodeFirst
        case .refuse: .none
        }
    }

    /// What tapping the entry does: evaluate, guide to enrolment (§1), the passcode path (§4.3, §5.1), refuse (§5.2),
    /// or nothing when there is only the "set a passcode first" prompt.
    public var onTap: TapAction {
        switch action {
        case .biometrics: .evaluate
        case .enrollFirst: .guideEnroll
        case .passcodeButton, .passcodeInput: .passcodeFlow
        case .setPasscodeFirst: .none
        case .refuse: .refuse
        }
    }

    /// The button title: "使用密码解锁" on the lockout passcode button (§4.3), the type name on the biometric path,
    /// nil otherwise (the passcode input has no button).
    public var buttonTitle: String? {
        switch action {
        case .biometrics(let type), .enrollFirst(let type): type.displayName
        case .passcodeButton: "使用密码解锁"
        case .passcodeInput, .setPasscodeFirst, .refuse: nil
        }
    }

    /// The guidance shown with the action (§2.3, §5): the enrolment text, the lockout text of the passcode button
    /// (the article's sentence, whose punctuation the article has lost), "请先设置锁屏密码", or the refusal's message;
    /// nil when nothing is shown.
    public var message: String? {
        switch action {
        case .biometrics, .passcodeInput: nil
        case .enrollFirst: RefusalReason.notEnrolled.message
        case .passcodeButton: "生物识别已锁定请使用密码解锁或前往设置重新启用"
        case .setPasscodeFirst: "请先设置锁屏密码"
        case .refuse(let reason): reason.message
        }
    }

    /// Plans `scenario` for the capability `report` (made with the biometrics-only policy, as the article's
    /// `check()` does) and whether a device passcode is set.
    ///
    /// - login and sensitive operation: available → biometrics; not enrolled → show the entry and guide to
    ///   enrolment (a sensitive operation downgrades as login does, D-BC-SENSITIVE-AS-LOGIN); lockout → the "使用密码解锁" button (§4.3),
    ///   whatever `passcodeSet` says (a lockout implies a passcode: only the passcode undoes it); no
    ///   hardware or another error → the passcode input (§5.1), or "set a passcode first" when there is none (also
    ///   for `passcodeNotSet`).
    /// - payment: available → biometrics; not enrolled → the app's own enrolment guidance (checked first, §5.2);
    ///   anything else → refuse with its reason (no downgrade, §5.2).
    public static func plan(_ scenario: AuthScenario, report: CapabilityReport, passcodeSet: Bool) -> ScenarioPlan {
        let status = BiometricCapability.classify(report)
        let hasPasscode = passcodeSet && report.error != .passcodeNotSet
        let action: ScenarioAction
        switch (scenario, status) {
        case (_, .available(let type)):
            action = .biometrics(type)
        case (_, .notEnrolled(let type)):
            // §5.1; §5.2: payment checks first, then shows the app's own enrolment guidance instead of letting the
            // system show its error; §5.3 (D-BC-SENSITIVE-AS-LOGIN): a sensitive operation guides as login does.
            action = .enrollFirst(type)
        case (.payment, .locked):
            action = .refuse(.lockout)
        case (.payment, _):
            action = .refuse(.notSupported)
        case (_, .locked):
            // §4.3: a lockout turns the button into "使用密码解锁". A lockout can only be undone with the device
            // passcode, so it implies one exists: `passcodeSet` is not consulted.
            action = .passcodeButton
        case (_, .notSupported), (_, .error):
            // §5.1: biometrics unusable but a passcode → the passcode input; neither → "set a passcode first".
            action = hasPasscode ? .passcodeInput : .setPasscodeFirst
        }
        return ScenarioPlan(scenario: scenario, policy: scenario.policy, action: action)
    }

    /// E.g. `login: deviceOwnerAuthentication → passcode`.
    public var description: String { "\(scenario): \(policy) → \(action)" }
}
