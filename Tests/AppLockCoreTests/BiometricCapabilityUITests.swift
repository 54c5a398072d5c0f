import Testing
@testable import AppLockCore

/// What the capability core decides for the UI: the entry, what a tap does and the text shown, per plan and per
/// answer; and the session's cancel and late replies.
@Suite("Biometric capability: entry, tap, message; cancel and late replies")
struct BiometricCapabilityUITests {
    static let faceID = CapabilityReport(canEvaluate: true, biometryType: .faceID)
    static let notEnrolled = CapabilityReport(canEvaluate: false, error: .biometryNotEnrolled, biometryType: .faceID)
    static let locked = CapabilityReport(canEvaluate: false, error: .biometryLockout, biometryType: .faceID)
    static let noHardware = CapabilityReport(canEvaluate: false, error: .biometryNotAvailable, biometryType: .none)

    @Test("each plan gives its entry, its tap and its message text (§1, §2.3, §4.3, §5)", arguments: [
        (AuthScenario.login, faceID, true, UnlockEntry.biometricButton, TapAction.evaluate, String?.none),
        (.login, notEnrolled, true, .biometricButton, .guideEnroll, "请先在系统设置中录入指纹/面容"),
        (.login, locked, false, .passcodeButton, .passcodeFlow, "生物识别已锁定请使用密码解锁或前往设置重新启用"),
        (.login, noHardware, true, .passcodeInput, .passcodeFlow, nil),
        (.login, noHardware, false, .setPasscodeFirst, .none, "请先设置锁屏密码"),
        (.payment, locked, true, .none, .refuse, "生物识别已锁定请前往设置解锁后再试"),
        (.payment, noHardware, true, .none, .refuse, "本设备不支持生物识别"),
        (.payment, notEnrolled, true, .biometricButton, .guideEnroll, "请先在系统设置中录入指纹/面容"),
    ])
    func plan(scenario: AuthScenario, report: CapabilityReport, passcodeSet: Bool, entry: UnlockEntry, onTap: TapAction,
              message: String?) {
        let plan = ScenarioPlan.plan(scenario, report: report, passcodeSet: passcodeSet)
        #expect(plan.entry == entry)
        #expect(plan.onTap == onTap)
        #expect(plan.message == message)
    }

    @Test("each answer's text (§2.3, §5.2, D-BC-ANSWER-TEXT)", arguments: [
        (AttemptResult.success, String?.none), (.usePasscode, nil), (.cancelled(.userCancel), nil), (.failed, "验证失败"),
        (.refused(.lockout), "生物识别已锁定请前往设置解锁后再试"), (.refused(.fallbackNotAllowed), "支付仅支持生物识别验证"),
        (.error(.biometryLockout), "生物识别已锁定请使用密码解锁或前往设置重新启用"),
        (.error(.touchIDNotEnrolled), "请先在系统设置中录入指纹/面容"), (.error(.invalidContext), nil),
    ])
    func answerText(result: AttemptResult, message: String?) {
        #expect(result.message == message)
    }

    @Test("the session keeps the last answer's text; a new request clears it; a stale reply changes nothing")
    func sessionMessage() {
        var session = AuthenticationSession(scenario: .payment)
        guard case .evaluate(let first, _) = session.request(canEvaluate: true) else { Issue.record("no evaluation"); return }
        #expect(session.message == nil)
        #expect(session.receive(.failure(.biometryLockout), forAttempt: first) == .refused(.lockout))
        #expect(session.message == "生物识别已锁定请前往设置解锁后再试")
        #expect(session.receive(.success, forAttempt: first) == nil)
        #expect(session.lastResult == .refused(.lockout))
        _ = session.request(canEvaluate: false)
        #expect(session.lastResult == nil && session.message == nil)
    }

    @Test("cancel completes the attempt in flight as appCancel; its later reply is stale; nothing to cancel is nil")
    func cancel() {
        var session = AuthenticationSession(scenario: .login)
        #expect(session.cancel() == nil)
        guard case .evaluate(let first, _) = session.request(canEvaluate: true) else { Issue.record("no evaluation"); return }
        #expect(session.cancel() == .cancelled(.appCancel))
        #expect(session.pendingAttempt == nil && session.message == nil)
        #expect(session.receive(.failure(.appCancel), forAttempt: first) == nil)
        guard case .evaluate(let second, _) = session.request(canEvaluate: true) else { Issue.record("no evaluation"); return }
        #expect(session.receive(.success, forAttempt: first) == nil)
        #expect(session.pendingAttempt == second)
        #expect(session.receive(.success, forAttempt: second) == .success)
    }
}
