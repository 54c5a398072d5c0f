import AppLockCore
import Conformance
import SpecKit

/// Binds the 'launch-gates' specs (`gates.*.yaml`, app-launch-gates.zh.md) to AppLockCore's `LaunchGates`, whose
/// BiometricGate is a `LaunchLock` with the `.launchGates` configuration.
///
/// The store is an `InMemoryStore` object that survives `kill`/`relaunch` (a relaunch builds a new stack on it).
/// Versions and dates are written as values (`min: "1.10"`, `to: "2026-05-01"`) and checked by lint against their
/// grammar (`LiteralGrammar`); the fixture hands the text to the core as it is (`"invalid 1.x"` as `1.x`).
public final class LaunchGatesFixture: Fixture {
    /// The names this fixture knows.
    public static var vocabulary: FixtureVocabulary {
        FixtureVocabulary(
            events: [
                "launch": ["min": remoteVersion, "latest": remoteVersion], "background": [:], "inactive": [:],
                "active": ["away": .duration], "authResult": ["outcome": .names("success", "failure", "cancel")],
                "unlockTapped": [:], "setEnabled": ["switchTo": .bool], "finishOnboarding": ["via": .names("done", "skip")],
                "onboardingNext": [:], "acceptConsent": [:], "bumpLegalVersion": ["to": .literal(.date)],
                "postError": [:], "retry": [:], "sendReport": [:], "userAction": [:], "dismiss": [:], "tapUpdate": [:],
                "corruptStore": [:], "damageRatingHistory": [:], "updateApp": ["version": .literal(.version)],
            ],
            optionalInputs: ["launch": ["min", "latest"], "active": ["away"]],
            observations: [
                "state": .names("Unlocked", "Locked"), "enabled": .bool, "phase": .names("active", "inactive", "background"),
                "cover": .bool, "backgroundTime": .bool, "authenticating": .bool,
                "front": .names("errorCard", "lockScreen", "forcedUpdate", "softUpdate", "onboarding", "consent", "auth"),
                "analyticsStarted": .bool, "onboardingCompleted": .bool, "onboardingPage": .count, "ratingActions": .count,
                "sheet": .names("none", "forced", "soft"), "consentShown": .bool, "requestReview": .bool, "dismissable": .bool,
                "order": .names("less", "equal", "greater", "invalid"), "errorDetails": .text, "failedClosed": .bool,
            ],
            tableOutputs: ["order", "dismissable", "requestReview", "consentShown"],
            effects: ["evaluatePolicy", "logEvent", "recordRatingAction", "startAnalytics", "requestReview",
                      "submitFeedback", "openStoreURL"],
            product: [
                "grace": .duration(0...3_600_000), "coverRule": .enumeration(["whenEnabledNotActive"]), "appVersion": .text,
                "legalVersion": .text, "biometricEnabled": .bool, "onboardingPages": .int(1...20),
            ],
            productChoices: [
                "grace": ProductChoices([.duration(milliseconds: Int(LaunchLock.Configuration.launchGates.grace.milliseconds))],
                                        because: "the BiometricGate's grace is fixed by the core"),
            ],
            productLiterals: ["appVersion": .version, "legalVersion": .date],
            productNeeds: ["appVersion": .always, "legalVersion": .always, "onboardingPages": .forEvents(["finishOnboarding"])],
            decisions: [
                "gates.consent": ["accepted": .names("never", "sameAsCurrent", "different")],
                "gates.order": [
                    "errorPosted": .bool, "biometricEnabled": .bool, "update": .names("none", "soft", "softDismissed", "forced"),
                    "onboardingCompleted": .bool, "consentCurrent": .bool,
                ],
                "gates.rating": [
                    "actions": .count, "lastPrompt": .names("never", "before"), "daysSinceLastPrompt": .count,
                    "versionPrompted": .bool, "promptsLast365": .count,
                ],
                "gates.update": [
                    "running": .names("valid", "invalid"), "vsMin": updateKey, "vsLatest": updateKey,
                    "dismissed": .names("never", "thisLatest", "olderLatest"),
                ],
                "gates.version-compare": ["version": remoteVersion, "other": remoteVersion],
            ],
            supportsRelaunch: true, servedWhileKilled: servedWhileKilled,
            // `advance` by a negative amount sets the device's wall clock back; no time passes (D-CLOCK).
            movesClockBack: true)
    }

    private let clock = ManualClock()
    /// Whether the app was killed and not relaunched yet.
    private var killed = false
    /// What a killed app's device still allows: damaging its saved preferences, and installing a new build (which
    /// then starts at the relaunch).
    static let servedWhileKilled: Set<String> = ["corruptStore", "damageRatingHistory", "bumpLegalVersion", "updateApp"]
    /// The preferences; `corruptStore` swaps in one that cannot be read, as a damaged file would be.
    private var store = InMemoryStore()
    private var configuration: LaunchGates.Configuration
    private var gates: LaunchGates
    private var outputs: [String: Value] = [:]
    /// How many pages "finish onboarding with next" taps through: the spec's product value `onboardingPages`.
    private var onboardingPages: Int?

    /// Builds a fresh stack (not yet launched). grace/coverRule must be the `.launchGates` lock's (1 s, not active).
    public init(product: [NamedValue]) throws(FixtureError) {
        var running: String?, legal: String?, biometric = false
        for item in product {
            switch (item.name, item.value) {
            case ("grace", .duration(let ms)):
                guard Int64(ms) == LaunchLock.Configuration.launchGates.grace.milliseconds else {
                    throw FixtureError("the BiometricGate's grace is fixed by the core")
                }
            case ("coverRule", let rule):
                // The gate's cover rule is the core's `.launchGates` one; a spec asking for another cannot be run.
                guard rule.description == "whenEnabledNotActive",
                      LaunchLock.Configuration.launchGates.coverRule == .enabledWhileNotActive else {
                    throw FixtureError("the BiometricGate's cover rule is the core's (cover whenever enabled and not active)")
                }
            // Lint checks both against their grammars (productLiterals); "invalid 1.3b" runs the build 1.3b.
            case ("appVersion", let v): running = LiteralGrammar.version.text(of: v.description)
            case ("legalVersion", let v): legal = LiteralGrammar.date.text(of: v.description)
            case ("biometricEnabled", .bool(let b)): biometric = b
            case ("onboardingPages", .int(let n)): onboardingPages = n
            default: throw FixtureError("unknown product value \(item.name)")
            }
        }
        // Lint requires both (`productNeeds`), so a spec that lints clean never meets these errors.
        guard let running else { throw FixtureError("the launch-gates fixture needs the product value appVersion") }
        guard let legal else { throw FixtureError("the launch-gates fixture needs the product value legalVersion") }
        configuration = LaunchGates.Configuration(runningVersion: running, legalVersion: legal)
        gates = LaunchGates(configuration: configuration, store: store, availability: .faceID)
        if biometric { try enableBiometric() }
    }

    /// The "账户安全" switch: `.launchGates` does not authenticate to turn on (D-GATE-SWITCH), it only saves the flag.
    private func enableBiometric() throws(FixtureError) {
        _ = gates.handle(.lock(.toggleOn), now: clock.now())
        guard gates.lock.enabled else { throw FixtureError("could not enable the biometric gate") }
        gates = LaunchGates(configuration: configuration, store: store, availability: .faceID)
    }

    /// Performs one action.
    public func perform(_ action: TestAction) throws(FixtureError) -> [Effect] {
        outputs = [:]
        switch action {
        case .event(let name, let inputs): return try send(name, Dictionary(inputs.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a }))
        case .advance(let ms): clock.advance(by: .milliseconds(Int64(ms))); return []
        case .check: return []
        case .kill:
            // The process is gone: until the relaunch only the device's files can be touched.
            killed = true
            return []
        case .relaunch:
            killed = false
            gates = LaunchGates(configuration: configuration, store: store, availability: .faceID)
            return []
        case .decide(let table, let inputs):
            try decide(table, Dictionary(inputs.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a }))
            return []
        case .cell(let table, _): throw FixtureError("the launch-gates fixture runs no matrix \(table)")
        }
    }

    private func handle(_ event: LaunchGatesEvent) -> [Effect] {
        gates.handle(event, now: clock.now()).map(Self.effect)
    }

    private func send(_ name: String, _ inputs: [String: Value]) throws(FixtureError) -> [Effect] {
        // Lint refuses any other event between a kill and its relaunch (servedWhileKilled).
        if killed, !Self.servedWhileKilled.contains(name) { throw FixtureError("the app is killed: '\(name)' needs a relaunch first") }
        switch name {
        case "corruptStore":
            store = InMemoryStore.corrupted()
            return []
        case "damageRatingHistory":
            // Only the rating history is damaged (a length no list of 8-byte instants has, under the core's default
            // "rating." keys); the other preferences still read.
            do {
                try store.set([1, 2, 3], forKey: "rating.history")
            } catch {
                throw FixtureError("damageRatingHistory: the store refused the write")
            }
            return []
        case "launch":
            if inputs["min"] != nil || inputs["latest"] != nil {
                configuration.minimumVersion = try inputs["min"].map { v throws(FixtureError) in try Self.literal(v, .optionalVersion) }
                configuration.latestVersion = try inputs["latest"].map { v throws(FixtureError) in try Self.literal(v, .optionalVersion) }
            }
            gates = LaunchGates(configuration: configuration, store: store, availability: .faceID)
            return handle(.lock(.appear))
        case "background": return handle(.lock(.scenePhase(.background)))
        case "inactive": return handle(.lock(.scenePhase(.inactive)))
        case "active":
            if case .duration(let ms)? = inputs["away"] { clock.advance(by: .milliseconds(Int64(ms))) }
            return handle(.lock(.scenePhase(.active)))
        case "authResult":
            guard let reply = AuthenticationReply(rawValue: inputs["outcome"]?.description ?? "") else {
                throw FixtureError("authResult needs an outcome")
            }
            return handle(.lock(.authenticationResult(reply)))
        case "unlockTapped": return handle(.lock(.unlockTapped))
        case "setEnabled":
            // The BiometricGate's lock is `.launchGates`, whose switch only sets the saved flag (no prompt).
            switch inputs["switchTo"] {
            case .bool(true)?: return handle(.lock(.toggleOn))
            case .bool(false)?: return handle(.lock(.toggleOff))
            default: throw FixtureError("setEnabled needs switchTo: true or false")
            }
        case "finishOnboarding":
            switch inputs["via"]?.description {
            case "skip": return handle(.onboardingSkip)
            case "done": break
            default: throw FixtureError("finishOnboarding needs via: done or skip")
            }
            // "done": the user taps next through as many pages as the spec says, whatever the core counts.
            guard let pages = onboardingPages else { throw FixtureError("finishOnboarding(via: done) needs the product value onboardingPages") }
            var effects: [Effect] = []
            for _ in 0..<pages { effects += handle(.onboardingNext) }
            return effects
        case "onboardingNext": return handle(.onboardingNext)
        case "acceptConsent": return handle(.acceptConsent)
        case "bumpLegalVersion":
            // A new build ships another LegalContent.version; the stack is rebuilt on the same store.
            configuration.legalVersion = try Self.literal(Self.required(inputs, "to", of: "bumpLegalVersion"), .date)
            return startInstalledBuild()
        case "updateApp":
            // The user installs a new build: the stack is rebuilt on the same store with the new running version.
            configuration.runningVersion = try Self.literal(Self.required(inputs, "version", of: "updateApp"), .version)
            return startInstalledBuild()
        case "postError": return handle(.postError("error"))
        case "retry": return handle(.retry)
        case "sendReport": return handle(.sendReport)
        case "userAction": return handle(.recordAction)
        case "dismiss": return handle(.dismissUpdate)
        case "tapUpdate": return handle(.openStore)
        default: throw FixtureError("no event \(name)")
        }
    }

    /// After a new build is installed: a running app is cold-started as that build; a killed one starts it at its
    /// relaunch.
    private func startInstalledBuild() -> [Effect] {
        guard !killed else { return [] }
        gates = LaunchGates(configuration: configuration, store: store, availability: .faceID)
        return handle(.lock(.appear))
    }

    /// Reads an observation.
    public func observe(_ name: String) throws(FixtureError) -> Value {
        if let output = outputs[name] { return output }
        guard !killed else { throw FixtureError("the app is killed: no \(name)") }
        let lock = gates.lock
        switch name {
        case "state": return .symbol(lock.isLocked ? "Locked" : "Unlocked")
        case "enabled": return .bool(lock.enabled)
        case "phase": return .symbol(lock.scenePhase.rawValue)
        case "cover": return .bool(lock.showsCover)
        case "backgroundTime": return .bool(lock.hasBackgroundTime)
        case "authenticating": return .bool(lock.isAuthenticating)
        case "front": return .symbol(Self.front(gates.visibleGate))
        case "analyticsStarted": return .bool(gates.analyticsStarted)
        case "onboardingCompleted": return .bool(gates.onboardingCompleted)
        case "onboardingPage": return .int(gates.onboardingPageNumber)
        case "ratingActions": return .int(gates.rating.state.actionsSinceLastPrompt)
        case "sheet": return .symbol(Self.sheet(gates.presentedUpdateSheet))
        // The error card's details as the core gives them ("" when none); the fixture's stack is built with the core's
        // default configuration (a release build).
        case "errorDetails": return .text(gates.errorDetails ?? "")
        case "failedClosed": return .bool(gates.storeIsCorrupt)
        default: throw FixtureError("no observation \(name)")
        }
    }

    // MARK: - Decision tables

    private func decide(_ table: String, _ v: [String: Value]) throws(FixtureError) {
        switch table {
        case "gates.version-compare":
            guard let version = v["version"], let other = v["other"] else { throw FixtureError("gates.version-compare needs version and other") }
            let order = AppVersion.order(try Self.literal(version, .optionalVersion), try Self.literal(other, .optionalVersion))
            outputs = ["order": .symbol(Self.order(order))]
        case "gates.consent":
            guard let accepted = v["accepted"] else { throw FixtureError("gates.consent needs accepted") }
            try decideConsent(accepted.description)
        case "gates.order":
            try decideOrder(v)
        case "gates.update":
            try decideUpdate(v)
        case "gates.rating":
            guard let actions = v["actions"] else { throw FixtureError("gates.rating needs actions") }
            try decideRating(actions: actions, v)
        default:
            throw FixtureError("the launch-gates fixture has no decision table \(table)")
        }
    }

    /// gates.order → `GateInputs.visibleGate`: each input named by the row becomes one persisted fact (the running
    /// version is 1.1; an update is a MIN or LATEST of 1.2, dismissed for 1.2 when `softDismissed`).
    private func decideOrder(_ v: [String: Value]) throws(FixtureError) {
        let enabled = try Self.flag(v, "biometricEnabled")
        var inputs = GateInputs(errorPosted: try Self.flag(v, "errorPosted"), biometricEnabled: enabled,
                                biometricLocked: enabled, runningVersion: "1.1",
                                onboardingCompleted: try Self.flag(v, "onboardingCompleted"),
                                legalVersion: "2026-04-30")
        inputs.acceptedConsentVersion = try Self.flag(v, "consentCurrent") ? "2026-04-30" : nil
        switch v["update"]?.description {
        case "none": break
        case "forced": inputs.minimumVersion = "1.2"
        case "soft": inputs.latestVersion = "1.2"
        case "softDismissed": inputs.latestVersion = "1.2"; inputs.dismissedVersion = "1.2"
        default: throw FixtureError("gates.order needs update: none, soft, softDismissed or forced")
        }
        outputs = ["front": .symbol(Self.front(inputs.visibleGate))]
    }

    /// gates.update → `UpdateRequirement.evaluate` over a running version 1.1 (or "1.x" when invalid) and MIN /
    /// LATEST keys named by their relation to it; the sheet and whether it can be dismissed are the core's.
    private func decideUpdate(_ v: [String: Value]) throws(FixtureError) {
        let running: String
        switch v["running"]?.description {
        case "valid": running = "1.1"
        case "invalid": running = "1.x"
        default: throw FixtureError("gates.update needs running: valid or invalid")
        }
        func key(_ name: String) throws(FixtureError) -> String? {
            switch v[name]?.description {
            case "keyEmpty": return nil
            case "keyInvalid": return "1.x"
            case "below": return "1.2"
            case "notBelow": return "1.0"
            default: throw FixtureError("gates.update needs \(name): keyEmpty, keyInvalid, below or notBelow")
            }
        }
        let minimum = try key("vsMin"), latest = try key("vsLatest")
        let dismissed: String?
        switch v["dismissed"]?.description {
        case "never": dismissed = nil
        case "thisLatest": dismissed = latest
        case "olderLatest": dismissed = "0.9"
        default: throw FixtureError("gates.update needs dismissed: never, thisLatest or olderLatest")
        }
        let requirement = UpdateRequirement.evaluate(running: running, minimum: minimum, latest: latest, dismissed: dismissed)
        outputs = ["sheet": .symbol(Self.sheet(requirement)), "dismissable": .bool(requirement.isDismissable)]
    }

    /// gates.rating → `RatingPolicy.shouldPrompt` over the rule's four facts: actions (counting this one), the time
    /// since the last prompt in whole days (nil when `lastPrompt` is never), whether this version prompted already,
    /// and the prompts in the last 365 days.
    private func decideRating(actions: Value, _ v: [String: Value]) throws(FixtureError) {
        guard case .int(let count) = actions, case .int(let days)? = v["daysSinceLastPrompt"],
              case .bool(let versionPrompted)? = v["versionPrompted"], case .int(let prompts)? = v["promptsLast365"],
              let lastPrompt = v["lastPrompt"]?.description else {
            throw FixtureError("gates.rating needs actions, lastPrompt, daysSinceLastPrompt, versionPrompted, promptsLast365")
        }
        let ask = RatingPolicy.shouldPrompt(
            actionsSinceLastPrompt: count,
            timeSinceLastPrompt: lastPrompt == "never" ? nil : .days(Int64(days)),
            versionAlreadyPrompted: versionPrompted, promptsInCapWindow: prompts)
        outputs = ["requestReview": .bool(ask)]
    }

    private func decideConsent(_ accepted: String) throws(FixtureError) {
        let current = configuration.legalVersion
        switch accepted {
        case "never":
            _ = handle(.onboardingSkip)
        case "sameAsCurrent", "different":
            if accepted == "different" {
                configuration.legalVersion = "2025-01-01"
                gates = LaunchGates(configuration: configuration, store: store, availability: .faceID)
            }
            _ = handle(.onboardingSkip)
            _ = handle(.acceptConsent)
            configuration.legalVersion = current
        default:
            throw FixtureError("gates.consent needs accepted: never, sameAsCurrent or different")
        }
        gates = LaunchGates(configuration: configuration, store: store, availability: .faceID)
        _ = handle(.lock(.appear))
        outputs = ["consentShown": .bool(gates.consentPresented), "analyticsStarted": .bool(gates.analyticsStarted)]
    }

    // MARK: - Names

    /// A remote key's version as `launch` and `gates.version-compare` take it: a version, `""` for an empty key, or
    /// `"invalid 1.x"` for malformed text.
    static let remoteVersion = FixtureType.literal(.optionalVersion)
    /// How a remote key of `gates.update` relates to the running version.
    private static let updateKey = FixtureType.names("keyEmpty", "keyInvalid", "below", "notBelow")

    /// An input the vocabulary declares required; lint reports a spec that does not declare it, so a spec that lints
    /// clean always gives it.
    private static func required(_ inputs: [String: Value], _ name: String, of event: String) throws(FixtureError) -> Value {
        guard let value = inputs[name] else { throw FixtureError("event '\(event)' needs the input '\(name)'") }
        return value
    }

    /// The text the core is given for a literal (`"1.10"` as 1.10, `"invalid 1.x"` as 1.x); lint checks the grammar,
    /// so a spec that lints clean never meets the error.
    private static func literal(_ value: Value, _ grammar: LiteralGrammar) throws(FixtureError) -> String {
        guard let text = grammar.text(of: value.description) else {
            throw FixtureError("'\(value)' is not \(grammar)")
        }
        return text
    }

    /// A bool input the row names (a decision row gives every input of its table).
    private static func flag(_ v: [String: Value], _ name: String) throws(FixtureError) -> Bool {
        guard case .bool(let flag)? = v[name] else { throw FixtureError("the row gives no bool \(name)") }
        return flag
    }

    private static func sheet(_ requirement: UpdateRequirement) -> String {
        switch requirement {
        case .none: "none"
        case .soft: "soft"
        case .forced: "forced"
        }
    }

    private static func order(_ order: VersionOrder) -> String {
        switch order {
        case .less: "less"
        case .equal: "equal"
        case .greater: "greater"
        case .invalid: "invalid"
        }
    }

    private static func front(_ gate: Gate) -> String {
        switch gate {
        case .errorBoundary: "errorCard"
        case .biometric: "lockScreen"
        case .forcedUpdate: "forcedUpdate"
        case .softUpdate: "softUpdate"
        case .onboarding: "onboarding"
        case .consent: "consent"
        case .auth: "auth"
        }
    }

    private static func effect(_ effect: LaunchGatesEffect) -> Effect {
        switch effect {
        // The gates document names no policy and the specs write the bare `evaluatePolicy`.
        case .startAuthentication: Effect("evaluatePolicy")
        case .openURL: Effect("openStoreURL")
        case .sendReport: Effect("submitFeedback")
        case .analytics(let event): Effect("logEvent", analytics: event)
        case .startAnalytics: Effect("startAnalytics")
        case .recordRatingAction: Effect("recordRatingAction")
        case .requestReview: Effect("requestReview")
        }
    }
}
