import AppLockCore
import Conformance
import SpecKit

/// Binds the 'launch-gates' specs (`gates.*.yaml`, app-launch-gates.zh.md) to AppLockCore's `LaunchGates`, whose
/// BiometricGate is a `LaunchLock` with the `.launchGates` configuration.
///
/// The store is an `InMemoryStore` object that survives `kill`/`relaunch` (a relaunch builds a new stack on it).
/// Versions and dates are written as values (`min: "1.10"`, `to: "2026-05-01"`) and checked by lint against their
/// grammar (`LiteralGrammar`); the fixture hands the text to the core as it is (`"invalid 1.x"` as `1.x`).
public final class LaunchGatesFixture: BoundFixture {
    /// What the product values configure before the stack is built.
    public struct Settings {
        /// The running version and the legal version, as the core takes them (lint requires both).
        var running: String?, legal: String?
        /// Whether the biometric gate's switch is on at the start.
        var biometric = false
        /// How many pages "finish onboarding with next" taps through.
        var onboardingPages: Int?
        /// The build configuration (`build: debug` or `release`); nil leaves the core's own default.
        var debug: Bool?
    }
    /// The core's effects.
    public typealias CoreEffect = LaunchGatesEffect

    /// The inputs of the events and the decision tables, each declared once with its domain.
    private enum Key {
        // Events
        /// A remote key's version as `launch` and `gates.version-compare` take it: a version, `""` for an empty key,
        /// or `"invalid 1.x"` for malformed text (read as the text the core is given).
        static let min = FixtureInput.literal("min", .optionalVersion).optional
        static let latest = FixtureInput.literal("latest", .optionalVersion).optional
        static let away = FixtureInput.duration("away").optional
        static let outcome = FixtureInput.names("outcome", ["success": AuthenticationReply.success, "failure": .failure, "cancel": .cancel])
        static let switchTo = FixtureInput.bool("switchTo")
        static let via = FixtureInput.names("via", "done", "skip")
        static let to = FixtureInput.literal("to", .date)
        /// `version` names two inputs: the build `updateApp` installs, and the version `gates.version-compare` orders.
        private static let version = "version"
        static let newBuild = FixtureInput.literal(version, .version)
        static let compared = FixtureInput.literal(version, .optionalVersion)
        // Decision tables
        static let accepted = FixtureInput.names("accepted", "never", "sameAsCurrent", "different")
        static let errorPosted = FixtureInput.bool("errorPosted")
        static let biometricEnabled = FixtureInput.bool("biometricEnabled")
        static let update = FixtureInput.names("update", "none", "soft", "softDismissed", "forced")
        static let onboardingCompleted = FixtureInput.bool("onboardingCompleted")
        static let consentCurrent = FixtureInput.bool("consentCurrent")
        static let actions = FixtureInput.count("actions")
        static let lastPrompt = FixtureInput.names("lastPrompt", "never", "before")
        static let daysSinceLastPrompt = FixtureInput.int("daysSinceLastPrompt", 0...Int(Int32.max))
        static let versionPrompted = FixtureInput.bool("versionPrompted")
        static let promptsLast365 = FixtureInput.count("promptsLast365")
        static let running = FixtureInput.names("running", "valid", "invalid")
        /// How a remote key of `gates.update` relates to the running version.
        static let vsMin = FixtureInput.names("vsMin", updateKeys)
        static let vsLatest = FixtureInput.names("vsLatest", updateKeys)
        static let dismissed = FixtureInput.names("dismissed", "never", "thisLatest", "olderLatest")
        static let other = FixtureInput.literal("other", .optionalVersion)

        private static let updateKeys = ["keyEmpty", "keyInvalid", "below", "notBelow"]
    }

    /// Every name this fixture knows, once, with its domain and what it does.
    public static let bindings: FixtureBindings<LaunchGatesFixture> = FixtureBindings(relaunches: true, setsClock: true, [
        // Events
        .event("launch", inputs: [Key.min, Key.latest]) { f, inputs in
            try f.launch(min: inputs[Key.min], latest: inputs[Key.latest])
        },
        .event("background") { f, _ in try f.handle(.lock(.scenePhase(.background))) },
        .event("inactive") { f, _ in try f.handle(.lock(.scenePhase(.inactive))) },
        .event("active", inputs: [Key.away]) { f, inputs in
            if let ms = try inputs[Key.away] { f.clock.advance(by: .milliseconds(Int64(ms))) }
            return try f.handle(.lock(.scenePhase(.active)))
        },
        .event("authResult", inputs: [Key.outcome]) { f, inputs in try f.handle(.lock(.authenticationResult(inputs[Key.outcome]))) },
        .event("unlockTapped") { f, _ in try f.handle(.lock(.unlockTapped)) },
        // The BiometricGate's lock is `.launchGates`, whose switch only sets the saved flag (no prompt).
        .event("setEnabled", inputs: [Key.switchTo]) { f, inputs in
            try f.handle(.lock(inputs[Key.switchTo] ? .toggleOn : .toggleOff))
        },
        .event("finishOnboarding", inputs: [Key.via], needing: [
            // How many pages "done" taps through, whatever the core counts.
            .product("onboardingPages", .int(1...20)) { settings, item in
                guard case .int(let n) = item.value else { throw FixtureError.unknownProduct(item) }
                settings.onboardingPages = n
            },
        ]) { f, inputs in try f.finishOnboarding(inputs[Key.via]) },
        .event("onboardingNext") { f, _ in try f.handle(.onboardingNext) },
        .event("acceptConsent") { f, _ in try f.handle(.acceptConsent) },
        .event("postError") { f, _ in try f.handle(.postError("error")) },
        .event("retry") { f, _ in try f.handle(.retry) },
        .event("sendReport") { f, _ in try f.handle(.sendReport) },
        .event("userAction") { f, _ in try f.handle(.recordAction) },
        .event("dismiss") { f, _ in try f.handle(.dismissUpdate) },
        .event("tapUpdate") { f, _ in try f.handle(.openStore) },
        // What a killed app's device still allows: damaging its saved preferences, and installing a new build (which
        // then starts at the relaunch).
        .event("corruptStore", whileKilled: .served) { f, _ in
            f.store = InMemoryStore.corrupted()
            return []
        },
        .event("damageRatingHistory", whileKilled: .served,
               scenarioOnly: "it writes into the saved preferences, which a corruptStore before it leaves unwritable") { f, _ in
            try f.damageRatingHistory()
        },
        // A new build ships another LegalContent.version; the stack is rebuilt on the same store.
        .event("bumpLegalVersion", inputs: [Key.to], whileKilled: .served) { f, inputs in
            f.configuration.legalVersion = try inputs[Key.to]
            return try f.startInstalledBuild()
        },
        // The user installs a new build: the stack is rebuilt on the same store with the new running version.
        .event("updateApp", inputs: [Key.newBuild], whileKilled: .served) { f, inputs in
            f.configuration.runningVersion = try inputs[Key.newBuild]
            return try f.startInstalledBuild()
        },
    ],
    observationBindings,
    [
        // Effects (the gates document names no policy and the specs write the bare `evaluatePolicy`)
        .effect("evaluatePolicy") { _, effect in if case .startAuthentication = effect { [] } else { nil } },
        // The core's analytics events and their parameters are its own: any name, any labels.
        .effect("logEvent", arguments: [.text], labels: nil) { _, effect in if case .analytics(let event) = effect { Effect.arguments(analytics: event) } else { nil } },
        .effect("recordRatingAction") { _, effect in if case .recordRatingAction = effect { [] } else { nil } },
        .effect("startAnalytics") { _, effect in if case .startAnalytics = effect { [] } else { nil } },
        .effect("requestReview") { _, effect in if case .requestReview = effect { [] } else { nil } },
        .effect("submitFeedback") { _, effect in if case .sendReport = effect { [] } else { nil } },
        .effect("openStoreURL") { _, effect in if case .openURL = effect { [] } else { nil } },
    ],
    productBindings,
    decisionBindings)

    /// The observations, read from the core (a decision's output while it stands).
    private static let observationBindings: [FixtureBinding<LaunchGatesFixture>] = [
        .observation("state", .names("Unlocked", "Locked")) { f in .symbol(try f.live().lock.isLocked ? "Locked" : "Unlocked") },
        .observation("enabled", .bool) { f in .bool(try f.live().lock.enabled) },
        .observation("phase", .names("active", "inactive", "background")) { f in .symbol(try f.live().lock.scenePhase.rawValue) },
        .observation("cover", .bool) { f in .bool(try f.live().lock.showsCover) },
        .observation("backgroundTime", .bool) { f in .bool(try f.live().lock.hasBackgroundTime) },
        .observation("authenticating", .bool) { f in .bool(try f.live().lock.isAuthenticating) },
        .observation("front", .names("errorCard", "lockScreen", "forcedUpdate", "softUpdate", "onboarding", "consent", "auth")) { f in
            try f.outputs.front ?? .symbol(front(f.live().visibleGate))
        },
        .observation("analyticsStarted", .bool) { f in try f.outputs.analyticsStarted ?? .bool(f.live().analyticsStarted) },
        .observation("onboardingCompleted", .bool) { f in .bool(try f.live().onboardingCompleted) },
        .observation("onboardingPage", .count) { f in .int(try f.live().onboardingPageNumber) },
        .observation("ratingActions", .count) { f in .int(try f.live().rating.state.actionsSinceLastPrompt) },
        .observation("sheet", .names("none", "forced", "soft")) { f in try f.outputs.sheet ?? .symbol(sheet(f.live().presentedUpdateSheet)) },
        // The error card's details as the core gives them ("" when none); the fixture's stack is built with the core's
        // default configuration (a release build).
        .observation("errorDetails", .text) { f in .text(try f.live().errorDetails ?? "") },
        .observation("failedClosed", .bool) { f in .bool(try f.live().storeIsCorrupt) },
    ]

    /// The product parameters: the gate's grace and cover rule are the core's; the versions and the biometric switch
    /// configure the stack.
    private static let productBindings: [FixtureBinding<LaunchGatesFixture>] = [
        .fixedProduct("grace", .duration(0...3_600_000), core: .duration(milliseconds: Int(LaunchLock.Configuration.launchGates.grace.milliseconds)),
                      because: "the BiometricGate's grace is the core's"),
        // The gate's cover rule is the core's `.launchGates` one; a spec asking for another cannot be run.
        .product("coverRule", .enumeration(["whenEnabledNotActive"])) { _, item in
            guard item.value.description == "whenEnabledNotActive", LaunchLock.Configuration.launchGates.coverRule == .enabledWhileNotActive else {
                throw FixtureError("the BiometricGate's cover rule is the core's (cover whenever enabled and not active)")
            }
        },
        // Lint checks both against their grammars (productLiterals); "invalid 1.3b" runs the build 1.3b.
        .product("appVersion", .text, literal: .version, need: .always) { settings, item in
            settings.running = LiteralGrammar.version.text(of: item.value.description)
        },
        .product("legalVersion", .text, literal: .date, need: .always) { settings, item in
            settings.legal = LiteralGrammar.date.text(of: item.value.description)
        },
        // DEBUG renders the error's details on the card; a release build never does (§错误边界).
        .product("build", .enumeration(["release", "debug"])) { settings, item in
            settings.debug = item.value.description == "debug"
        },
        .product("biometricEnabled", .bool) { settings, item in
            guard case .bool(let b) = item.value else { throw FixtureError.unknownProduct(item) }
            settings.biometric = b
        },
    ]

    /// The decision tables, each run on the core's own rule.
    private static let decisionBindings: [FixtureBinding<LaunchGatesFixture>] = [
        .decision("gates.consent", inputs: [Key.accepted], outputs: [
            .output("consentShown", .bool) { f in try f.output(f.outputs.consentShown) },
        ]) { f, inputs in
            try f.decideConsent(inputs[Key.accepted])
            return []
        },
        .decision("gates.order", inputs: [Key.errorPosted, Key.biometricEnabled, Key.update, Key.onboardingCompleted, Key.consentCurrent]) { f, inputs in
            try f.decideOrder(inputs)
            return []
        },
        .decision("gates.rating", inputs: [Key.actions, Key.lastPrompt, Key.daysSinceLastPrompt, Key.versionPrompted, Key.promptsLast365], outputs: [
            .output("requestReview", .bool) { f in try f.output(f.outputs.requestReview) },
        ]) { f, inputs in
            try f.decideRating(inputs)
            return []
        },
        .decision("gates.update", inputs: [Key.running, Key.vsMin, Key.vsLatest, Key.dismissed], outputs: [
            .output("dismissable", .bool) { f in try f.output(f.outputs.dismissable) },
        ]) { f, inputs in
            try f.decideUpdate(inputs)
            return []
        },
        .decision("gates.version-compare", inputs: [Key.compared, Key.other], outputs: [
            .output("order", .names("less", "equal", "greater", "invalid")) { f in try f.output(f.outputs.order) },
        ]) { f, inputs in
            let order = AppVersion.order(try inputs[Key.compared], try inputs[Key.other])
            f.outputs.order = .symbol(LaunchGatesFixture.order(order))
            return []
        },
    ]

    private let clock = ManualClock()
    /// Whether the app was killed and not relaunched yet.
    private var killed = false
    /// The preferences; `corruptStore` swaps in one that cannot be read, as a damaged file would be.
    private var store = InMemoryStore()
    private var configuration: LaunchGates.Configuration
    private var gates: LaunchGates
    /// What the core decided in the last decision-table step (none after any other step).
    private var outputs = Outputs()
    /// How many pages "finish onboarding with next" taps through: the spec's product value `onboardingPages`.
    private let onboardingPages: Int?

    /// The outputs of a decision-table step, each as the core gave it.
    private struct Outputs {
        var front: Value?, analyticsStarted: Value?, sheet: Value?, order: Value?, dismissable: Value?, requestReview: Value?, consentShown: Value?
    }

    /// Builds a fresh stack (not yet launched). grace/coverRule must be the `.launchGates` lock's (1 s, not active).
    public init(product: [NamedValue]) throws(FixtureError) {
        var settings = Settings()
        try Self.bindings.configure(&settings, with: product)
        onboardingPages = settings.onboardingPages
        // Lint requires both (`productNeeds`), so a spec that lints clean never meets these errors.
        guard let running = settings.running else { throw FixtureError("the launch-gates fixture needs the product value appVersion") }
        guard let legal = settings.legal else { throw FixtureError("the launch-gates fixture needs the product value legalVersion") }
        configuration = LaunchGates.Configuration(runningVersion: running, legalVersion: legal)
        // A spec that gives no build checks the core's default configuration (a release build).
        if let debug = settings.debug { configuration.debug = debug }
        gates = LaunchGates(configuration: configuration, store: store, availability: .faceID)
        if settings.biometric { try enableBiometric() }
    }

    /// The "账户安全" switch: `.launchGates` does not authenticate to turn on (D-GATE-SWITCH), it only saves the flag.
    private func enableBiometric() throws(FixtureError) {
        _ = gates.handle(.lock(.toggleOn), now: clock.now())
        guard gates.lock.enabled else { throw FixtureError("could not enable the biometric gate") }
        gates = LaunchGates(configuration: configuration, store: store, availability: .faceID)
    }

    /// Performs one action.
    public func perform(_ action: TestAction) throws(FixtureError) -> [Effect] {
        outputs = Outputs()
        switch action {
        case .event(let name, let inputs):
            // Lint refuses any other event between a kill and its relaunch (servedWhileKilled).
            if killed, !Self.bindings.isServedWhileKilled(name) { throw FixtureError("the app is killed: '\(name)' needs a relaunch first") }
            return try Self.bindings.send(name, inputs, to: self)
        case .advance(let ms): clock.advance(by: .milliseconds(Int64(ms))); return []
        case .setClock(let ms): clock.setWallClock(by: .milliseconds(Int64(ms))); return []
        case .check: return []
        case .kill:
            // The process is gone: until the relaunch only the device's files can be touched.
            killed = true
            return []
        case .relaunch:
            killed = false
            gates = LaunchGates(configuration: configuration, store: store, availability: .faceID)
            return []
        case .decide(let table, let inputs): return try Self.bindings.decide(table, inputs, on: self)
        case .cell(let table, let axes): return try Self.bindings.cell(table, axes, on: self)
        }
    }

    private func handle(_ event: LaunchGatesEvent) throws(FixtureError) -> [Effect] {
        try Self.bindings.effects(gates.handle(event, now: clock.now()), of: self)
    }

    /// `launch`: the remote MIN / LATEST keys when the step gives either, then a cold start on the same store.
    private func launch(min: String?, latest: String?) throws(FixtureError) -> [Effect] {
        if min != nil || latest != nil {
            configuration.minimumVersion = min
            configuration.latestVersion = latest
        }
        gates = LaunchGates(configuration: configuration, store: store, availability: .faceID)
        return try handle(.lock(.appear))
    }

    /// `finishOnboarding(via:)`: skip, or tap next through as many pages as the spec says, whatever the core counts.
    private func finishOnboarding(_ via: String) throws(FixtureError) -> [Effect] {
        switch via {
        case "skip": return try handle(.onboardingSkip)
        case "done": break
        default: throw FixtureError("finishOnboarding needs via: done or skip")
        }
        guard let pages = onboardingPages else { throw FixtureError("finishOnboarding(via: done) needs the product value onboardingPages") }
        var effects: [Effect] = []
        for _ in 0..<pages { effects += try handle(.onboardingNext) }
        return effects
    }

    /// Only the rating history is damaged (a length no list of 8-byte instants has, under the core's default
    /// "rating." keys); the other preferences still read.
    private func damageRatingHistory() throws(FixtureError) -> [Effect] {
        do {
            try store.set([1, 2, 3], forKey: "rating.history")
        } catch {
            throw FixtureError("damageRatingHistory: the store refused the write")
        }
        return []
    }

    /// After a new build is installed: a running app is cold-started as that build; a killed one starts it at its
    /// relaunch.
    private func startInstalledBuild() throws(FixtureError) -> [Effect] {
        guard !killed else { return [] }
        gates = LaunchGates(configuration: configuration, store: store, availability: .faceID)
        return try handle(.lock(.appear))
    }

    /// Reads an observation. A killed app serves only a decision's outputs.
    public func observe(_ name: String) throws(FixtureError) -> Value {
        try Self.bindings.observe(name, on: self, killed: killed)
    }

    /// The running stack.
    private func live() throws(FixtureError) -> LaunchGates {
        guard !killed else { throw FixtureError("the app is killed") }
        return gates
    }

    /// A decision's output, when the last step decided it.
    private func output(_ value: Value?) throws(FixtureError) -> Value {
        if let value { return value }
        _ = try live()
        throw FixtureError("no observation: a decision table's outputs stand only right after one of its rows")
    }

    // MARK: - Decision tables

    /// gates.order → `GateInputs.visibleGate`: each input named by the row becomes one persisted fact (the running
    /// version is 1.1; an update is a MIN or LATEST of 1.2, dismissed for 1.2 when `softDismissed`).
    private func decideOrder(_ row: FixtureInputs) throws(FixtureError) {
        let enabled = try row[Key.biometricEnabled]
        var inputs = GateInputs(errorPosted: try row[Key.errorPosted], biometricEnabled: enabled,
                                biometricLocked: enabled, runningVersion: "1.1",
                                onboardingCompleted: try row[Key.onboardingCompleted],
                                legalVersion: "2026-04-30")
        inputs.acceptedConsentVersion = try row[Key.consentCurrent] ? "2026-04-30" : nil
        switch try row[Key.update] {
        case "none": break
        case "forced": inputs.minimumVersion = "1.2"
        case "soft": inputs.latestVersion = "1.2"
        case "softDismissed": inputs.latestVersion = "1.2"; inputs.dismissedVersion = "1.2"
        default: throw FixtureError("gates.order needs update: none, soft, softDismissed or forced")
        }
        outputs.front = .symbol(Self.front(inputs.visibleGate))
    }

    /// gates.update → `UpdateRequirement.evaluate` over a running version 1.1 (or "1.x" when invalid) and MIN /
    /// LATEST keys named by their relation to it; the sheet and whether it can be dismissed are the core's.
    private func decideUpdate(_ row: FixtureInputs) throws(FixtureError) {
        let running: String
        switch try row[Key.running] {
        case "valid": running = "1.1"
        case "invalid": running = "1.x"
        default: throw FixtureError("gates.update needs running: valid or invalid")
        }
        func key(_ input: FixtureInput<String>) throws(FixtureError) -> String? {
            switch try row[input] {
            case "keyEmpty": return nil
            case "keyInvalid": return "1.x"
            case "below": return "1.2"
            case "notBelow": return "1.0"
            default: throw FixtureError("gates.update needs \(input.name): keyEmpty, keyInvalid, below or notBelow")
            }
        }
        let minimum = try key(Key.vsMin), latest = try key(Key.vsLatest)
        let dismissed: String?
        switch try row[Key.dismissed] {
        case "never": dismissed = nil
        case "thisLatest": dismissed = latest
        case "olderLatest": dismissed = "0.9"
        default: throw FixtureError("gates.update needs dismissed: never, thisLatest or olderLatest")
        }
        let requirement = UpdateRequirement.evaluate(running: running, minimum: minimum, latest: latest, dismissed: dismissed)
        (outputs.sheet, outputs.dismissable) = (.symbol(Self.sheet(requirement)), .bool(requirement.isDismissable))
    }

    /// gates.rating → `RatingPolicy.shouldPrompt` over the rule's four facts: actions (counting this one), the time
    /// since the last prompt in whole days (nil when `lastPrompt` is never), whether this version prompted already,
    /// and the prompts in the last 365 days.
    private func decideRating(_ row: FixtureInputs) throws(FixtureError) {
        let days = try row[Key.daysSinceLastPrompt]
        let ask = RatingPolicy.shouldPrompt(
            actionsSinceLastPrompt: try row[Key.actions],
            timeSinceLastPrompt: try row[Key.lastPrompt] == "never" ? nil : .days(Int32(days)),
            versionAlreadyPrompted: try row[Key.versionPrompted], promptsInCapWindow: try row[Key.promptsLast365])
        outputs.requestReview = .bool(ask)
    }

    private func decideConsent(_ accepted: String) throws(FixtureError) {
        let current = configuration.legalVersion
        switch accepted {
        case "never":
            _ = try handle(.onboardingSkip)
        case "sameAsCurrent", "different":
            if accepted == "different" {
                configuration.legalVersion = "2025-01-01"
                gates = LaunchGates(configuration: configuration, store: store, availability: .faceID)
            }
            _ = try handle(.onboardingSkip)
            _ = try handle(.acceptConsent)
            configuration.legalVersion = current
        default:
            throw FixtureError("gates.consent needs accepted: never, sameAsCurrent or different")
        }
        gates = LaunchGates(configuration: configuration, store: store, availability: .faceID)
        _ = try handle(.lock(.appear))
        (outputs.consentShown, outputs.analyticsStarted) = (.bool(gates.consentPresented), .bool(gates.analyticsStarted))
    }

    // MARK: - Names

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

}
