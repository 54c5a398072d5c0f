import AppLockCore
import SpecKit

/// Binds the 'capability' specs (biometric-capability-detection.zh.md) to AppLockCore's `BiometricCapability`,
/// `ScenarioPlan` and `AuthenticationSession`. Nothing is persisted, so no store is used.
///
/// Vocabulary (spec → core):
/// - `capability.check` (canEvaluate, error, biometryType, osMajor) → a `CapabilityReport`, then
///   `BiometricCapability.classify` (result: the case name) and `isHardwareSupported` (hardwareSupported).
///   error: `none` and `notLAError` → nil (the core's "no LAError"); `otherLAError` → `.invalidContext`; the others
///   by name. biometryType `unknownFuture` → `.unknown`. osMajor `before11` → 10 and `from11` → 11: the versions on
///   each side of the edge, so a comparison that is off by one is caught.
/// - `capability.type` (canEvaluate, biometryType, osMajor) → `resolvedType` (type) and `typeName` (name). A report
///   that cannot evaluate carries `biometryNotEnrolled` (the spec's own example: a not-enrolled device still names
///   its type).
/// - `capability.scenario-policy` (scenario, check, passcodeSet) → `ScenarioPlan.plan` with a report that the core
///   classifies as `check` (available: Face ID; notEnrolled / locked / notSupported: the matching `biometry…`
///   code; error: `invalidContext`). policy, entry, onTap and message are read from the plan's action.
/// - `capability.authenticate` machine: `authenticate(canEvaluate:)` → `AuthenticationSession.request`;
///   `reply(result:)` → `receive(_:forAttempt:)` for the attempt in flight, interpreted for the login scenario
///   (whose policy is `.deviceOwnerAuthentication`, the spec's product policy).
public final class CapabilityFixture: Fixture {
    /// The names this fixture knows.
    public static var vocabulary: FixtureVocabulary {
        FixtureVocabulary(
            events: ["authenticate": ["canEvaluate"], "reply": ["result"]],
            observations: ["state", "result", "hardwareSupported", "type", "name", "policy", "entry", "onTap", "message"],
            effects: ["evaluatePolicy", "completion", "passcodeFlow"],
            product: ["policy", "fallbackTitle", "cancelTitle"],
            decisions: [
                "capability.check": ["canEvaluate", "error", "biometryType", "osMajor"],
                "capability.type": ["canEvaluate", "biometryType", "osMajor"],
                "capability.scenario-policy": ["scenario", "check", "passcodeSet"],
            ])
    }

    private var session: AuthenticationSession
    /// The attempt whose reply is awaited (the last one started).
    private var attempt = 0
    private var outputs: [String: Value] = [:]

    /// Builds a fresh session. The product policy picks the scenario that evaluates with it.
    public init(product: [NamedValue]) throws(FixtureError) {
        var scenario = AuthScenario.login
        for item in product {
            switch item.name {
            case "policy":
                guard let policy = AuthenticationPolicy(rawValue: item.value.description),
                      let match = AuthScenario.allCases.first(where: { $0.policy == policy }) else {
                    throw FixtureError("unknown policy \(item.value)")
                }
                scenario = match
            case "fallbackTitle", "cancelTitle":
                // Prompt titles are shown by the system prompt; the core has no prompt UI, nothing to configure.
                break
            default:
                throw FixtureError("unknown product value \(item.name)")
            }
        }
        session = AuthenticationSession(scenario: scenario)
    }

    /// Performs one action.
    public func perform(_ action: TestAction) throws(FixtureError) -> [String] {
        outputs = [:]
        switch action {
        case .event("authenticate", let inputs):
            guard case .bool(let canEvaluate)? = inputs.first(where: { $0.name == "canEvaluate" })?.value else {
                throw FixtureError("authenticate needs canEvaluate")
            }
            switch session.request(canEvaluate: canEvaluate) {
            case .evaluate(let id, let policy):
                attempt = id
                return ["evaluatePolicy(\(policy.rawValue))"]
            case .cannotEvaluate:
                return ["completion(false, cannotEvaluate)"]
            case .alreadyEvaluating:
                return []
            }
        case .event("reply", let inputs):
            guard let result = inputs.first(where: { $0.name == "result" })?.value.description else {
                throw FixtureError("reply needs a result")
            }
            let outcome: EvaluationOutcome
            if result == "success" {
                outcome = .success
            } else {
                outcome = .failure(try Self.code(result))
            }
            guard let interpreted = session.receive(outcome, forAttempt: attempt) else { return [] }
            return [Self.effectText(interpreted)]
        case .event(let name, _):
            throw FixtureError("no event \(name)")
        case .advance, .check, .kill, .relaunch:
            return []
        case .decide(let table, let inputs):
            let values = Dictionary(inputs.map { ($0.name, $0.value.description) }, uniquingKeysWith: { a, _ in a })
            switch table {
            case "capability.scenario-policy": try decidePlan(values)
            case "capability.check", "capability.type": try decideReport(values)
            default: throw FixtureError("the capability fixture has no decision table \(table)")
            }
            return []
        case .cell(let table, _):
            throw FixtureError("the capability fixture runs no matrix \(table)")
        }
    }

    /// Reads an observation.
    public func observe(_ name: String) throws(FixtureError) -> Value {
        if let output = outputs[name] { return output }
        if name == "state" { return .symbol(session.pendingAttempt == nil ? "Idle" : "Evaluating") }
        throw FixtureError("no observation \(name)")
    }

    // MARK: - Decision tables

    private func decideReport(_ values: [String: String]) throws(FixtureError) {
        let canEvaluate = values["canEvaluate"] != "false"
        let type = try Self.type(values["biometryType"] ?? "none")
        let os = values["osMajor"] == "before11" ? 10 : 11
        let error: LAErrorCode?
        if let name = values["error"] {
            error = try Self.reportError(name)
        } else {
            error = canEvaluate ? nil : .biometryNotEnrolled
        }
        let report = CapabilityReport(canEvaluate: canEvaluate, error: canEvaluate ? nil : error, biometryType: type,
                                      osMajorVersion: os)
        outputs = [
            "result": .symbol(Self.statusName(BiometricCapability.classify(report))),
            "hardwareSupported": .bool(BiometricCapability.isHardwareSupported(report)),
            "type": .symbol(BiometricCapability.resolvedType(report).rawValue),
            "name": .text(BiometricCapability.typeName(report)),
        ]
    }

    private func decidePlan(_ values: [String: String]) throws(FixtureError) {
        guard let scenario = AuthScenario(rawValue: values["scenario"] ?? "") else {
            throw FixtureError("unknown scenario \(values["scenario"] ?? "")")
        }
        let report: CapabilityReport
        switch values["check"] ?? "available" {
        case "available": report = CapabilityReport(canEvaluate: true, biometryType: .faceID)
        case "notEnrolled": report = CapabilityReport(canEvaluate: false, error: .biometryNotEnrolled, biometryType: .faceID)
        case "locked": report = CapabilityReport(canEvaluate: false, error: .biometryLockout, biometryType: .faceID)
        case "notSupported": report = CapabilityReport(canEvaluate: false, error: .biometryNotAvailable, biometryType: .none)
        case "error": report = CapabilityReport(canEvaluate: false, error: .invalidContext, biometryType: .none)
        case let other: throw FixtureError("unknown check \(other)")
        }
        let plan = ScenarioPlan.plan(scenario, report: report, passcodeSet: values["passcodeSet"] != "false")
        let entry: String, onTap: String, message: String
        switch plan.action {
        case .biometrics: (entry, onTap, message) = ("biometricButton", "evaluate", "none")
        case .enrollFirst: (entry, onTap, message) = ("biometricButton", "guideEnroll", "enrollFirst")
        // The lockout button titled "使用密码解锁" (§4.3), shown with the lockout message (plan.message).
        case .passcodeButton: (entry, onTap, message) = ("passcodeButton", "passcodeFlow", "lockedUsePasscode")
        case .passcodeInput: (entry, onTap, message) = ("passcodeInput", "passcodeFlow", "none")
        case .setPasscodeFirst: (entry, onTap, message) = ("setPasscodeFirst", "none", "setPasscodeFirst")
        case .refuse(let reason):
            switch reason {
            case .lockout: message = "lockedRefuse"
            case .notEnrolled: message = "enrollFirst"
            case .notSupported, .fallbackNotAllowed: message = "biometricsRequired"
            }
            (entry, onTap) = ("none", "refuse")
        }
        outputs = ["policy": .symbol(plan.policy.rawValue), "entry": .symbol(entry), "onTap": .symbol(onTap),
                   "message": .symbol(message)]
    }

    // MARK: - Names

    private static func type(_ name: String) throws(FixtureError) -> BiometryType {
        if name == "unknownFuture" { return .unknown }
        guard let type = BiometryType(rawValue: name) else { throw FixtureError("unknown biometryType \(name)") }
        return type
    }

    private static func reportError(_ name: String) throws(FixtureError) -> LAErrorCode? {
        switch name {
        case "none", "notLAError": return nil
        case "otherLAError": return .invalidContext
        default: return try code(name)
        }
    }

    private static func code(_ name: String) throws(FixtureError) -> LAErrorCode {
        switch name {
        case "biometryNotAvailable": .biometryNotAvailable
        case "biometryNotEnrolled": .biometryNotEnrolled
        case "biometryLockout": .biometryLockout
        case "passcodeNotSet": .passcodeNotSet
        case "touchIDNotAvailable": .touchIDNotAvailable
        case "touchIDNotEnrolled": .touchIDNotEnrolled
        case "touchIDLockout": .touchIDLockout
        case "userFallback": .userFallback
        case "userCancel": .userCancel
        case "systemCancel": .systemCancel
        case "appCancel": .appCancel
        case "authenticationFailed": .authenticationFailed
        case "invalidContext", "otherError", "otherLAError": .invalidContext
        default: throw FixtureError("unknown LAError code \(name)")
        }
    }

    private static func codeName(_ code: LAErrorCode) -> String {
        code == .invalidContext ? "otherError" : code.description
    }

    private static func statusName(_ status: CapabilityStatus) -> String {
        switch status {
        case .available: "available"
        case .notEnrolled: "notEnrolled"
        case .locked: "locked"
        case .notSupported: "notSupported"
        case .error: "error"
        }
    }

    /// The caller's completion, or the passcode path. A cancel keeps the reply's code (`completion(false,
    /// userCancel)`).
    private static func effectText(_ result: AttemptResult) -> String {
        switch result {
        case .success: "completion(true)"
        case .usePasscode: "passcodeFlow"
        case .cancelled(let code): "completion(false, \(codeName(code)))"
        case .failed: "completion(false, authenticationFailed)"
        case .refused(let reason): "completion(false, \(reason.rawValue))"
        case .error(let code): "completion(false, \(codeName(code)))"
        }
    }
}
