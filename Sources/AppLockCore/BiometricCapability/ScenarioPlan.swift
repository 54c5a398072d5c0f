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
        case .passcode, .refuse: .passcodeOnly
        case .setPasscodeFirst: .setPasscodeFirst
        }
    }

    /// The button title: "使用密码解锁" on the passcode path (§4.3), the type name on the biometric path, nil
    /// otherwise.
    public var buttonTitle: String? {
        switch action {
        case .biometrics(let type), .enrollFirst(let type): type.displayName
        case .passcode: "使用密码解锁"
        case .setPasscodeFirst, .refuse: nil
        }
    }

    /// Plans `scenario` for the capability `report` (made with the biometrics-only policy, as the article's
    /// `check()` does) and whether a device passcode is set.
    ///
    /// - login and sensitive operation: available → biometrics; not enrolled → login shows the entry and guides to
    ///   enrolment, a sensitive operation takes the passcode path; lockout → passcode; no hardware or another error →
    ///   passcode, or "set a passcode first" when there is none (also for `passcodeNotSet`).
    /// - payment: available → biometrics; anything else → refuse with its reason (no downgrade, §5.2).
    public static func plan(_ scenario: AuthScenario, report: CapabilityReport, passcodeSet: Bool) -> ScenarioPlan {
        let status = BiometricCapability.classify(report)
        let hasPasscode = passcodeSet && report.error != .passcodeNotSet
        let action: ScenarioAction
        switch (scenario, status) {
        case (_, .available(let type)):
            action = .biometrics(type)
        case (.payment, .locked):
            action = .refuse(.lockout)
        case (.payment, .notEnrolled):
            action = .refuse(.notEnrolled)
        case (.payment, _):
            action = .refuse(.notSupported)
        case (.login, .notEnrolled(let type)):
            action = .enrollFirst(type)
        case (_, .locked), (.sensitiveOperation, .notEnrolled), (_, .notSupported), (_, .error):
            action = hasPasscode ? .passcode : .setPasscodeFirst
        }
        return ScenarioPlan(scenario: scenario, policy: scenario.policy, action: action)
    }

    /// E.g. `login: deviceOwnerAuthentication → passcode`.
    public var description: String { "\(scenario): \(policy) → \(action)" }
}
