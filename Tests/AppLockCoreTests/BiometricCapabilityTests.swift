import Testing
@testable import AppLockCore

@Suite("Biometric capability (biometric-capability-detection.zh.md)")
struct BiometricCapabilityTests {
    @Test("classification of canEvaluate, error codes (new and deprecated) and types", arguments: [
        (CapabilityReport(canEvaluate: true, biometryType: .faceID), CapabilityStatus.available(.faceID)),
        (CapabilityReport(canEvaluate: true, biometryType: .opticID), .available(.unknown)),
        (CapabilityReport(canEvaluate: false, error: .biometryNotEnrolled, biometryType: .opticID), .notEnrolled(.unknown)),
        (CapabilityReport(canEvaluate: true, biometryType: .none, osMajorVersion: 10), .available(.touchID)),
        (CapabilityReport(canEvaluate: false, error: .biometryNotEnrolled, biometryType: .faceID), .notEnrolled(.faceID)),
        (CapabilityReport(canEvaluate: false, error: .touchIDNotEnrolled, biometryType: .touchID), .notEnrolled(.touchID)),
        (CapabilityReport(canEvaluate: false, error: .biometryLockout, biometryType: .faceID), .locked(.faceID)),
        (CapabilityReport(canEvaluate: false, error: .touchIDLockout, biometryType: .none, osMajorVersion: 9), .locked(.touchID)),
        (CapabilityReport(canEvaluate: false, error: .biometryNotAvailable, biometryType: .none), .notSupported),
        (CapabilityReport(canEvaluate: false, error: .touchIDNotAvailable, biometryType: .none), .notSupported),
        (CapabilityReport(canEvaluate: false, error: .passcodeNotSet, biometryType: .faceID), .error(.passcodeNotSet)),
        (CapabilityReport(canEvaluate: false, error: nil, biometryType: .none), .error(nil)),
        (CapabilityReport(canEvaluate: true, biometryType: .unknown), .available(.unknown)),
    ])
    func classify(report: CapabilityReport, expected: CapabilityStatus) {
        #expect(BiometricCapability.classify(report) == expected)
    }

    @Test("hardware is supported when evaluable, not enrolled or locked out only", arguments: [
        (true, LAErrorCode?.none, true), (false, .biometryNotEnrolled, true), (false, .touchIDLockout, true),
        (false, .biometryNotAvailable, false), (false, .passcodeNotSet, false), (false, .userCancel, false),
    ])
    func hardware(canEvaluate: Bool, error: LAErrorCode?, supported: Bool) {
        let report = CapabilityReport(canEvaluate: canEvaluate, error: error, biometryType: .faceID)
        #expect(BiometricCapability.isHardwareSupported(report) == supported)
    }

    @Test("the type name is known even when evaluation fails", arguments: [
        (BiometryType.faceID, "Face ID"), (.touchID, "Touch ID"), (.opticID, "未知类型"), (.none, "无生物识别"),
        (.unknown, "未知类型"),
    ])
    func typeName(type: BiometryType, name: String) {
        let report = CapabilityReport(canEvaluate: false, error: .biometryNotEnrolled, biometryType: type)
        #expect(BiometricCapability.typeName(report) == name)
    }

    @Test("scenarios pick their policy and handle lockout their own way")
    func scenarios() {
        let lockout = CapabilityReport(canEvaluate: false, error: .biometryLockout, biometryType: .faceID)
        let login = ScenarioPlan.plan(.login, report: lockout, passcodeSet: true)
        #expect(login.policy == .deviceOwnerAuthentication)
        #expect(login.action == .passcodeButton && login.buttonTitle == "使用密码解锁")
        #expect(login.message == "生物识别已锁定请使用密码解锁或前往设置重新启用")
        #expect(login.loginUIState == .passcodeOnly)
        let payment = ScenarioPlan.plan(.payment, report: lockout, passcodeSet: true)
        #expect(payment.policy == .deviceOwnerAuthenticationWithBiometrics)
        #expect(payment.action == .refuse(.lockout))
        #expect(RefusalReason.lockout.message == "生物识别已锁定请前往设置解锁后再试")
        let sensitive = ScenarioPlan.plan(.sensitiveOperation, report: lockout, passcodeSet: true)
        #expect(sensitive.policy == .deviceOwnerAuthentication && sensitive.action == .passcodeButton)
    }

    @Test("lockout gives the '使用密码解锁' button (§4.3); no biometrics with a passcode gives the passcode input (§5.1)",
          arguments: [AuthScenario.login, .sensitiveOperation])
    func passcodeButtonOrInput(scenario: AuthScenario) {
        let lockout = CapabilityReport(canEvaluate: false, error: .biometryLockout, biometryType: .faceID)
        let none = CapabilityReport(canEvaluate: false, error: .biometryNotAvailable, biometryType: .none)
        let other = CapabilityReport(canEvaluate: false, error: .invalidContext, biometryType: .none)
        #expect(ScenarioPlan.plan(scenario, report: lockout, passcodeSet: true).action == .passcodeButton)
        // A lockout implies a passcode (§4.3: only the passcode undoes it), so passcodeSet is not consulted.
        #expect(ScenarioPlan.plan(scenario, report: lockout, passcodeSet: false).action == .passcodeButton)
        for report in [none, other] {
            let plan = ScenarioPlan.plan(scenario, report: report, passcodeSet: true)
            #expect(plan.action == .passcodeInput)
            #expect(plan.buttonTitle == nil && plan.message == nil && plan.loginUIState == .passcodeOnly)
            #expect(ScenarioPlan.plan(scenario, report: report, passcodeSet: false).action == .setPasscodeFirst)
        }
    }

    @Test("payment with nothing enrolled guides to enrolment (§5.2: check first, then the app's own guidance)")
    func paymentNotEnrolled() {
        let report = CapabilityReport(canEvaluate: false, error: .biometryNotEnrolled, biometryType: .touchID)
        let plan = ScenarioPlan.plan(.payment, report: report, passcodeSet: true)
        #expect(plan.policy == .deviceOwnerAuthenticationWithBiometrics)
        #expect(plan.action == .enrollFirst(.touchID))
        #expect(plan.message == "请先在系统设置中录入指纹/面容")
    }

    @Test("a sensitive operation with nothing enrolled guides to enrolment as login does (D-BC-SENSITIVE-AS-LOGIN)",
          arguments: [true, false])
    func sensitiveNotEnrolled(passcodeSet: Bool) {
        let report = CapabilityReport(canEvaluate: false, error: .biometryNotEnrolled, biometryType: .faceID)
        let plan = ScenarioPlan.plan(.sensitiveOperation, report: report, passcodeSet: passcodeSet)
        #expect(plan.action == .enrollFirst(.faceID))
        #expect(plan.action == ScenarioPlan.plan(.login, report: report, passcodeSet: passcodeSet).action)
    }

    @Test("login has three UI states")
    func loginStates() {
        let ok = CapabilityReport(canEvaluate: true, biometryType: .touchID)
        let none = CapabilityReport(canEvaluate: false, error: .biometryNotAvailable, biometryType: .none)
        let noPasscode = CapabilityReport(canEvaluate: false, error: .passcodeNotSet, biometryType: .faceID)
        #expect(ScenarioPlan.plan(.login, report: ok, passcodeSet: true).loginUIState == .biometrics)
        #expect(ScenarioPlan.plan(.login, report: none, passcodeSet: true).loginUIState == .passcodeOnly)
        #expect(ScenarioPlan.plan(.login, report: noPasscode, passcodeSet: false).loginUIState == .setPasscodeFirst)
        let notEnrolled = CapabilityReport(canEvaluate: false, error: .biometryNotEnrolled, biometryType: .faceID)
        #expect(ScenarioPlan.plan(.login, report: notEnrolled, passcodeSet: true).action == .enrollFirst(.faceID))
    }

    @Test("evaluation replies: userFallback is the passcode path, not a failure", arguments: [
        (EvaluationOutcome.success, AuthScenario.login, AttemptResult.success),
        (.failure(.userFallback), .login, .usePasscode),
        (.failure(.userCancel), .login, .cancelled(.userCancel)),
        (.failure(.systemCancel), .payment, .cancelled(.systemCancel)),
        (.failure(.appCancel), .sensitiveOperation, .cancelled(.appCancel)),
        (.failure(.authenticationFailed), .login, .failed),
        (.failure(.biometryLockout), .sensitiveOperation, .error(.biometryLockout)),
        (.failure(.touchIDLockout), .login, .error(.touchIDLockout)),
        (.failure(.biometryLockout), .payment, .refused(.lockout)),
        (.failure(.invalidContext), .login, .error(.invalidContext)),
        (.failure(.notInteractive), .login, .error(.notInteractive)),
    ])
    func replies(outcome: EvaluationOutcome, scenario: AuthScenario, expected: AttemptResult) {
        #expect(AttemptResult.interpret(outcome, in: scenario) == expected)
    }

    @Test("a reply arriving twice is handled once; a stale attempt's reply is ignored")
    func replyGuard() {
        var session = AuthenticationSession(scenario: .login)
        let first = session.begin()
        let second = session.begin()
        #expect(first != second)
        #expect(session.receive(.success, forAttempt: first) == nil)
        #expect(session.receive(.success, forAttempt: second) == .success)
        #expect(session.receive(.success, forAttempt: second) == nil)
    }

    @Test("a cancelled reply keeps its LAError code (article §3.4: completion(false, error))", arguments: [
        LAErrorCode.userCancel, .systemCancel, .appCancel,
    ])
    func cancelKeepsCode(code: LAErrorCode) {
        var session = AuthenticationSession(scenario: .login)
        let attempt = session.begin()
        let result = session.receive(.failure(code), forAttempt: attempt)
        #expect(result == .cancelled(code))
        #expect(result?.description == "cancelled(\(code))")
    }
}
