import AppLockCore
import Conformance
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
///   code; error: `invalidContext`). policy, entry, onTap and message are the plan's own `policy`, `entry`,
///   `onTap` and `message` (the text; no message is the empty text).
/// - `capability.authenticate` machine and the scenarios that use it: `authenticate(canEvaluate:)` →
///   `AuthenticationSession.request`; `reply(result:)` → `receive(_:forAttempt:)` for the attempt in flight,
///   `lateReply(result:)` the same for the attempt before it (a reply that comes late, after a new request);
///   `cancel` → `cancel()`; interpreted for the scenario whose policy is the spec's product policy. `message` is the
///   session's `message` (the text the UI shows for the last answer; none is the empty text).
public final class CapabilityFixture: Fixture {
    /// The names this fixture knows.
    public static var vocabulary: FixtureVocabulary {
        FixtureVocabulary(
            events: [
                "authenticate": ["canEvaluate": .bool],
                "reply": ["result": Self.replyResults],
                "lateReply": ["result": Self.replyResults],
                "cancel": [:],
            ],
            observations: [
                "state": .names("Idle", "Evaluating"),
                "result": .names("available", "notEnrolled", "locked", "notSupported", "error"),
                "hardwareSupported": .bool, "type": .names("none", "touchID", "faceID", "unknown"), "name": .text,
                "policy": .names("deviceOwnerAuthentication", "deviceOwnerAuthenticationWithBiometrics"),
                "entry": .names("biometricButton", "passcodeButton", "passcodeInput", "setPasscodeFirst", "none"),
                "onTap": .names("evaluate", "guideEnroll", "passcodeFlow", "refuse", "none"),
                "message": .text, "buttonTitle": .text,
            ],
            tableOutputs: ["buttonTitle", "entry", "hardwareSupported", "name", "onTap", "policy", "result", "type"],
            effects: ["evaluatePolicy", "completion", "passcodeFlow"],
            product: ["policy": .enumeration(["deviceOwnerAuthentication", "deviceOwnerAuthenticationWithBiometrics"]), "fallbackTitle": .text, "cancelTitle": .text],
            decisions: [
                "capability.check": [
                    "canEvaluate": .bool,
                    "error": .names("none", "biometryNotAvailable", "biometryNotEnrolled", "biometryLockout", "passcodeNotSet",
                                    "touchIDNotAvailable", "touchIDNotEnrolled", "touchIDLockout", "otherLAError", "notLAError"),
                    "biometryType": biometryTypes, "osMajor": osMajors,
                ],
                "capability.type": ["canEvaluate": .bool, "biometryType": biometryTypes, "osMajor": osMajors],
                "capability.scenario-policy": [
                    "scenario": .names("login", "payment", "sensitiveOperation"),
                    "check": .names("available", "notEnrolled", "locked", "notSupported", "error"), "passcodeSet": .bool,
                ],
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
    public func perform(_ action: TestAction) throws(FixtureError) -> [Effect] {
        outputs = [:]
        switch action {
        case .event("authenticate", let inputs):
            guard case .bool(let canEvaluate)? = inputs.first(where: { $0.name == "canEvaluate" })?.value else {
                throw FixtureError("authenticate needs canEvaluate")
            }
            switch session.request(canEvaluate: canEvaluate) {
            case .evaluate(let id, let policy):
                attempt = id
                return [Effect("evaluatePolicy", [.init(.symbol(policy.rawValue))])]
            case .cannotEvaluate:
                return [Effect("completion", [.init(.bool(false)), .init(.symbol("cannotEvaluate"))])]
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
            return [try Self.effect(interpreted)]
        case .event("lateReply", let inputs):
            guard let result = inputs.first(where: { $0.name == "result" })?.value.description else {
                throw FixtureError("lateReply needs a result")
            }
            guard attempt > 1 else { throw FixtureError("lateReply needs an earlier request") }
            let outcome: EvaluationOutcome = result == "success" ? .success : .failure(try Self.code(result))
            guard let interpreted = session.receive(outcome, forAttempt: attempt - 1) else { return [] }
            return [try Self.effect(interpreted)]
        case .event("cancel", _):
            guard let cancelled = session.cancel() else { return [] }
            return [try Self.effect(cancelled)]
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
        if name == "state" { return .symbol(session.isEvaluating ? "Evaluating" : "Idle") }
        if name == "message" { return .text(session.message ?? "") }
        throw FixtureError("no observation \(name)")
    }

    // MARK: - Decision tables

    private func decideReport(_ values: [String: String]) throws(FixtureError) {
        let canEvaluate = try Self.flag(values, "canEvaluate")
        let type = try Self.type(try Self.input(values, "biometryType"))
        let os: Int
        switch try Self.input(values, "osMajor") {
        case "before11": os = 10
        case "from11": os = 11
        case let other: throw FixtureError("unknown osMajor \(other)")
        }
        let error: LAErrorCode?
        // capability.type has no error input: a report that cannot evaluate carries biometryNotEnrolled there.
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
        let scenarioName = try Self.input(values, "scenario")
        guard let scenario = AuthScenario(rawValue: scenarioName) else { throw FixtureError("unknown scenario \(scenarioName)") }
        let report: CapabilityReport
        switch try Self.input(values, "check") {
        case "available": report = CapabilityReport(canEvaluate: true, biometryType: .faceID)
        case "notEnrolled": report = CapabilityReport(canEvaluate: false, error: .biometryNotEnrolled, biometryType: .faceID)
        case "locked": report = CapabilityReport(canEvaluate: false, error: .biometryLockout, biometryType: .faceID)
        case "notSupported": report = CapabilityReport(canEvaluate: false, error: .biometryNotAvailable, biometryType: .none)
        case "error": report = CapabilityReport(canEvaluate: false, error: .invalidContext, biometryType: .none)
        case let other: throw FixtureError("unknown check \(other)")
        }
        let plan = ScenarioPlan.plan(scenario, report: report, passcodeSet: try Self.flag(values, "passcodeSet"))
        outputs = ["policy": .symbol(plan.policy.rawValue), "entry": .symbol(plan.entry.rawValue),
                   "onTap": .symbol(plan.onTap.rawValue), "message": .text(plan.message ?? ""),
                   "buttonTitle": .text(plan.buttonTitle ?? "")]
    }

    // MARK: - Names

    private static func input(_ values: [String: String], _ name: String) throws(FixtureError) -> String {
        guard let value = values[name] else { throw FixtureError("the table gives no \(name)") }
        return value
    }

    private static func flag(_ values: [String: String], _ name: String) throws(FixtureError) -> Bool {
        switch try input(values, name) {
        case "true": return true
        case "false": return false
        case let other: throw FixtureError("\(name) must be true or false, not \(other)")
        }
    }

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

    /// The specs' names of the LAError codes (the core's cases), one table for both directions.
    /// What a reply can carry: success, or any LAError code the fixture can translate.
    /// The biometry types a capability table names (`unknownFuture` is a type this OS does not know yet).
    private static let biometryTypes = FixtureType.names("none", "touchID", "faceID", "opticID", "unknownFuture")
    /// The OS generations a capability table names: before iOS 11 (no `biometryType`) and from it.
    private static let osMajors = FixtureType.names("before11", "from11")

    private static var replyResults: FixtureType { .domain(.enumeration(["success"] + codes.map(\.name))) }

    private static let codes: [(name: String, code: LAErrorCode)] = [
        ("biometryNotAvailable", .biometryNotAvailable), ("biometryNotEnrolled", .biometryNotEnrolled),
        ("biometryLockout", .biometryLockout), ("passcodeNotSet", .passcodeNotSet),
        ("touchIDNotAvailable", .touchIDNotAvailable), ("touchIDNotEnrolled", .touchIDNotEnrolled),
        ("touchIDLockout", .touchIDLockout), ("userFallback", .userFallback), ("userCancel", .userCancel),
        ("systemCancel", .systemCancel), ("appCancel", .appCancel), ("authenticationFailed", .authenticationFailed),
        // The specs' catch-all for any other LAError, the core's `.invalidContext`; written first so it is the name
        // the core's code reads back as.
        ("otherError", .invalidContext), ("invalidContext", .invalidContext), ("otherLAError", .invalidContext),
    ]

    private static func code(_ name: String) throws(FixtureError) -> LAErrorCode {
        guard let code = codes.first(where: { $0.name == name })?.code else { throw FixtureError("unknown LAError code \(name)") }
        return code
    }

    private static func codeName(_ code: LAErrorCode) throws(FixtureError) -> String {
        guard let name = codes.first(where: { $0.code == code })?.name else { throw FixtureError("no spec name for LAError \(code)") }
        return name
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
    private static func effect(_ result: AttemptResult) throws(FixtureError) -> Effect {
        func completion(_ ok: Bool, _ reason: String? = nil) -> Effect {
            Effect("completion", [.init(.bool(ok))] + (reason.map { [.init(.symbol($0))] } ?? []))
        }
        switch result {
        case .success: return completion(true)
        case .usePasscode: return Effect("passcodeFlow")
        case .cancelled(let code): return completion(false, try codeName(code))
        case .failed: return completion(false, "authenticationFailed")
        case .refused(let reason): return completion(false, reason.rawValue)
        case .error(let code): return completion(false, try codeName(code))
        }
    }
}
