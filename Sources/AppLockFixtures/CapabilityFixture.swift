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
public final class CapabilityFixture: BoundFixture {
    /// The product policy picks the scenario that evaluates with it.
    public typealias Settings = AuthScenario

    /// What the core answers that the specs see as effects: a request's answer, or an attempt's result.
    public enum CoreEffect {
        /// `AuthenticationSession.request(canEvaluate:)`'s answer.
        case request(AuthenticationSession.RequestOutcome)
        /// An attempt's result as the session interprets it.
        case attempt(AttemptResult)
    }

    /// The inputs of the events and the decision tables, each declared once with its domain.
    private enum Key {
        static let canEvaluate = FixtureInput.bool("canEvaluate")
        /// What a reply can carry: success, or any LAError code the fixture can translate.
        static let result = FixtureInput.names("result", ["success"] + codes.map(\.name))
        static let error = FixtureInput.names("error", "none", "biometryNotAvailable", "biometryNotEnrolled", "biometryLockout",
                                              "passcodeNotSet", "touchIDNotAvailable", "touchIDNotEnrolled", "touchIDLockout",
                                              "otherLAError", "notLAError")
        /// The biometry types a capability table names (`unknownFuture` is a type this OS does not know yet).
        static let biometryType = FixtureInput.names("biometryType", "none", "touchID", "faceID", "opticID", "unknownFuture")
        /// The OS generations a capability table names, as the major versions on each side of iOS 11 (the first
        /// with `biometryType`), so a comparison that is off by one is caught.
        static let osMajor = FixtureInput.names("osMajor", ["before11": 10, "from11": 11])
        static let scenario = FixtureInput.names("scenario", "login", "payment", "sensitiveOperation")
        static let check = FixtureInput.names("check", "available", "notEnrolled", "locked", "notSupported", "error")
        static let passcodeSet = FixtureInput.bool("passcodeSet")
    }

    /// Every name this fixture knows, once, with its domain and what it does.
    public static let bindings: FixtureBindings<CapabilityFixture> = FixtureBindings(retiredProducts: [
        "fallbackTitle": "the system prompt shows it and the core has no prompt UI, so no row could check it (removed on 2026-12-05; it was accepted and ignored)",
        "cancelTitle": "the system prompt shows it and the core has no prompt UI, so no row could check it (removed on 2026-12-05; it was accepted and ignored)",
    ], [
        // Events
        .event("authenticate", inputs: [Key.canEvaluate]) { f, inputs in
            let request = f.session.request(canEvaluate: try inputs[Key.canEvaluate])
            if case .evaluate(let id, _) = request { f.attempt = id }
            return try f.effects(.request(request))
        },
        .event("reply", inputs: [Key.result]) { f, inputs in
            try f.effects(f.session.receive(outcome(try inputs[Key.result]), forAttempt: f.attempt).map(CoreEffect.attempt))
        },
        // A reply that comes late, after a new request: the attempt before the one in flight.
        .event("lateReply", inputs: [Key.result],
               scenarioOnly: "it answers the request before the one in flight, so two requests must come before it") { f, inputs in
            guard f.attempt > 1 else { throw FixtureError("lateReply needs an earlier request") }
            return try f.effects(f.session.receive(outcome(try inputs[Key.result]), forAttempt: f.attempt - 1).map(CoreEffect.attempt))
        },
        .event("cancel") { f, _ in try f.effects(f.session.cancel().map(CoreEffect.attempt)) },
        // Observations, read from the session (a decision's output while it stands)
        .observation("state", .names("Idle", "Evaluating")) { f in .symbol(f.session.isEvaluating ? "Evaluating" : "Idle") },
        .observation("message", .text) { f in f.outputs.message ?? .text(f.session.message ?? "") },
        // Effects: the evaluation the app starts, the caller's completion (a cancel keeps the reply's code), the
        // passcode path
        .effect("evaluatePolicy", arguments: [.cases(of: AuthenticationPolicy.self)]) { _, effect in
            guard case .request(.evaluate(_, let policy)) = effect else { return nil }
            return [.init(.symbol(policy.rawValue))]
        },
        // completion(true), or completion(false, <why>).
        .effect("completion", arguments: [.bool, completionReasons], required: 1) { _, effect in
            switch effect {
            case .request(.cannotEvaluate): [.init(.bool(false)), .init(.symbol(Failure.cannotEvaluate.rawValue))]
            case .attempt(.success): [.init(.bool(true))]
            case .attempt(.cancelled(let code)), .attempt(.error(let code)): [.init(.bool(false)), .init(.symbol(try codeName(code)))]
            case .attempt(.failed): [.init(.bool(false)), .init(.symbol(try codeName(.authenticationFailed)))]
            case .attempt(.refused(let reason)): [.init(.bool(false)), .init(.symbol(reason.rawValue))]
            case .request(.evaluate), .request(.alreadyEvaluating), .attempt(.usePasscode): nil
            }
        },
        .effect("passcodeFlow") { _, effect in
            guard case .attempt(.usePasscode) = effect else { return nil }
            return []
        },
        // A request while one is evaluating starts nothing.
        .unmodelledEffect { _, effect in
            guard case .request(.alreadyEvaluating) = effect else { return nil }
            return []
        },
        // Product values
        .product("policy", .enumeration(["deviceOwnerAuthentication", "deviceOwnerAuthenticationWithBiometrics"])) { scenario, item in
            guard let policy = AuthenticationPolicy(rawValue: item.value.description),
                  let match = AuthScenario.allCases.first(where: { $0.policy == policy }) else {
                throw FixtureError("unknown policy \(item.value)")
            }
            scenario = match
        },
        // No prompt titles (§3.4's localizedFallbackTitle and localizedCancelTitle): the system prompt shows them and
        // the core has no prompt UI, so no row could check one (docs/specs.md).
        // Decision tables
        .decision("capability.check", inputs: [Key.canEvaluate, Key.error, Key.biometryType, Key.osMajor], outputs: reportOutputs) { f, inputs in
            try f.decideReport(canEvaluate: inputs[Key.canEvaluate], error: .some(inputs[Key.error]),
                               biometryType: inputs[Key.biometryType], osMajor: inputs[Key.osMajor])
            return []
        },
        .decision("capability.type", inputs: [Key.canEvaluate, Key.biometryType, Key.osMajor], outputs: reportOutputs) { f, inputs in
            try f.decideReport(canEvaluate: inputs[Key.canEvaluate], error: nil, biometryType: inputs[Key.biometryType],
                               osMajor: inputs[Key.osMajor])
            return []
        },
        .decision("capability.scenario-policy", inputs: [Key.scenario, Key.check, Key.passcodeSet], outputs: planOutputs) { f, inputs in
            try f.decidePlan(scenario: inputs[Key.scenario], check: inputs[Key.check], passcodeSet: inputs[Key.passcodeSet])
            return []
        },
    ])

    /// The outputs of capability.check and capability.type: the core's classification of the report.
    private static let reportOutputs: [FixtureBinding<CapabilityFixture>] = [
        .output("result", .names("available", "notEnrolled", "locked", "notSupported", "error")) { f in try FixtureError.standingOutput(f.outputs.result) },
        .output("hardwareSupported", .bool) { f in try FixtureError.standingOutput(f.outputs.hardwareSupported) },
        .output("type", .names("none", "touchID", "faceID", "unknown")) { f in try FixtureError.standingOutput(f.outputs.type) },
        .output("name", .text) { f in try FixtureError.standingOutput(f.outputs.name) },
    ]

    /// The outputs of capability.scenario-policy: the core's plan (its message is the observation `message`).
    private static let planOutputs: [FixtureBinding<CapabilityFixture>] = [
        .output("policy", .names("deviceOwnerAuthentication", "deviceOwnerAuthenticationWithBiometrics")) { f in try FixtureError.standingOutput(f.outputs.policy) },
        .output("entry", .names("biometricButton", "passcodeButton", "passcodeInput", "setPasscodeFirst", "none")) { f in try FixtureError.standingOutput(f.outputs.entry) },
        .output("onTap", .names("evaluate", "guideEnroll", "passcodeFlow", "refuse", "none")) { f in try FixtureError.standingOutput(f.outputs.onTap) },
        .output("buttonTitle", .text) { f in try FixtureError.standingOutput(f.outputs.buttonTitle) },
    ]

    private var session: AuthenticationSession
    /// The attempt whose reply is awaited (the last one started).
    private var attempt = 0
    /// What the core decided in the last decision-table step (none after any other step).
    private var outputs = Outputs()

    /// The outputs of a decision-table step, each as the core gave it.
    private struct Outputs {
        var result: Value?, hardwareSupported: Value?, type: Value?, name: Value?
        var policy: Value?, entry: Value?, onTap: Value?, message: Value?, buttonTitle: Value?
    }

    /// Builds a fresh session. The product policy picks the scenario that evaluates with it.
    public init(product: [NamedValue]) throws(FixtureError) {
        var scenario = AuthScenario.login
        try Self.bindings.configure(&scenario, with: product)
        session = AuthenticationSession(scenario: scenario)
    }

    /// Performs one action.
    public func perform(_ action: TestAction) throws(FixtureError) -> [Effect] {
        outputs = Outputs()
        switch action {
        case .event(let name, let inputs): return try Self.bindings.send(name, inputs, to: self)
        case .advance, .check: return []
        // Nothing of a session persists, so there is nothing to kill and relaunch it from; lint refuses the steps
        // (fixture.no-relaunch), and a step that gets here is refused, never run as nothing.
        case .kill, .relaunch: throw FixtureError("the capability fixture cannot kill and relaunch the app: nothing of its session persists")
        // No clock of the session measures anything; lint refuses the step (fixture.no-clock-set).
        case .setClock: throw FixtureError("the capability fixture has no device clock to set")
        case .decide(let table, let inputs): return try Self.bindings.decide(table, inputs, on: self)
        case .cell(let table, let axes): return try Self.bindings.cell(table, axes, on: self)
        }
    }

    /// Reads an observation.
    public func observe(_ name: String) throws(FixtureError) -> Value {
        try Self.bindings.observe(name, on: self)
    }

    /// The effect values of what the core answered (nothing when it answered nothing).
    private func effects(_ core: CoreEffect?) throws(FixtureError) -> [Effect] {
        try Self.bindings.effects(core.map { [$0] } ?? [], of: self)
    }

    // MARK: - Decision tables

    /// capability.check and capability.type (`error` nil: the table has no error input) → a report the core
    /// classifies.
    private func decideReport(canEvaluate: Bool, error errorName: String?, biometryType: String, osMajor: Int) throws(FixtureError) {
        let type = try Self.type(biometryType)
        let error: LAErrorCode?
        // capability.type has no error input: a report that cannot evaluate carries biometryNotEnrolled there.
        if let errorName {
            error = try Self.reportError(errorName)
        } else {
            error = canEvaluate ? nil : .biometryNotEnrolled
        }
        let report = CapabilityReport(canEvaluate: canEvaluate, error: canEvaluate ? nil : error, biometryType: type,
                                      osMajorVersion: osMajor)
        outputs.result = .symbol(Self.statusName(BiometricCapability.classify(report)))
        outputs.hardwareSupported = .bool(BiometricCapability.isHardwareSupported(report))
        outputs.type = .symbol(BiometricCapability.resolvedType(report).rawValue)
        outputs.name = .text(BiometricCapability.typeName(report))
    }

    /// capability.scenario-policy → the core's plan for the scenario, over a report the core classifies as `check`.
    private func decidePlan(scenario scenarioName: String, check: String, passcodeSet: Bool) throws(FixtureError) {
        guard let scenario = AuthScenario(rawValue: scenarioName) else { throw FixtureError("unknown scenario \(scenarioName)") }
        let report: CapabilityReport
        switch check {
        case "available": report = CapabilityReport(canEvaluate: true, biometryType: .faceID)
        case "notEnrolled": report = CapabilityReport(canEvaluate: false, error: .biometryNotEnrolled, biometryType: .faceID)
        case "locked": report = CapabilityReport(canEvaluate: false, error: .biometryLockout, biometryType: .faceID)
        case "notSupported": report = CapabilityReport(canEvaluate: false, error: .biometryNotAvailable, biometryType: .none)
        case "error": report = CapabilityReport(canEvaluate: false, error: .invalidContext, biometryType: .none)
        case let other: throw FixtureError("unknown check \(other)")
        }
        let plan = ScenarioPlan.plan(scenario, report: report, passcodeSet: passcodeSet)
        (outputs.policy, outputs.entry, outputs.onTap) = (.symbol(plan.policy.rawValue), .symbol(plan.entry.rawValue), .symbol(plan.onTap.rawValue))
        (outputs.message, outputs.buttonTitle) = (.text(plan.message ?? ""), .text(plan.buttonTitle ?? ""))
    }

    // MARK: - Names

    /// What a reply carries: success, or the failure with the LAError code it names.
    private static func outcome(_ result: String) throws(FixtureError) -> EvaluationOutcome {
        result == "success" ? .success : .failure(try code(result))
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
    /// The completion's reasons that are not an LAError code or a refusal of the core (a failed attempt gives the
    /// name of LAError's authenticationFailed).
    private enum Failure: String, CaseIterable {
        case cannotEvaluate
    }

    /// Every reason a failed completion can give.
    private static let completionReasons = FixtureType.domain(.enumeration(
        Failure.allCases.map(\.rawValue) + codes.map(\.name) + RefusalReason.allCases.map(\.rawValue)))

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
}
