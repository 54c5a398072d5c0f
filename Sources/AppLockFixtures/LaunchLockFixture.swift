import AppLockCore
import Conformance
import Foundation
import SpecKit

/// Binds the 'launch-lock' specs (face-id-launch-lock.zh.md) to AppLockCore's `LaunchLock`.
///
/// Each instance owns a fresh `LaunchLock` on its own temporary `FileStore` (the persisted "enabled" flag survives
/// `kill`/`relaunch`, so persistence is observable) and a `ManualClock`.
///
/// Vocabulary (spec → core):
/// - events: `appear` → `.appear`; `background`/`inactive` → `.scenePhase(…)`; `active(away:)` → advance the clock by
///   `away`, then `.scenePhase(.active)`; `authResult(outcome:)` → `.authenticationResult(…)`; `unlockTapped`;
///   `toggleOn(available:)` → `.availabilityChanged(…)` (a Face ID device, or a device with neither biometrics nor
///   passcode) then `.toggleOn`; `toggleOff`; `corruptStore` (only while killed) → garbage bytes in the store file;
///   `storageFull` / `storageWorks` → the device's writes fail from now on, or work again (`StorageFaults`).
/// - observations: `state` (`Locked` = `isLocked`, else `Open`), `enabled`, `cover` (`showsCover`), `prompt`
///   (`pendingPurpose`, `none` when no prompt is open), `coldLocked` (`hasColdLocked`), `backgroundTime`
///   (`hasBackgroundTime`), `phase` (`scenePhase`), `failedClosed` (`storeIsCorrupt`), `builtInGrace` (the grace of
///   the core's built-in `.kangkang` configuration, which the product values otherwise override).
/// - effects: `startAuthentication(<policy>)`.
/// - product: `grace`, `policy`, `coverRule` (`whenEnabledUnlessLocked` → `.enabledUnlessLockScreen`,
///   `whenEnabledWhileNotActive` → `.enabledWhileNotActive`), `defaultEnabled` (the core's default is off; only
///   `false` can be configured).
public final class LaunchLockFixture: Fixture {
    /// The names this fixture knows.
    public static var vocabulary: FixtureVocabulary {
        FixtureVocabulary(
            events: [
                "appear": [:], "background": [:], "inactive": [:], "active": ["away": .duration],
                "authResult": ["outcome": .names("success", "failure", "cancel")], "unlockTapped": [:],
                "toggleOn": ["available": .bool], "toggleOff": [:], "corruptStore": [:], "storageFull": [:], "storageWorks": [:],
            ],
            observations: [
                "state": .names("Open", "Locked"), "enabled": .bool, "cover": .bool, "prompt": .names("none", "unlock", "enable"),
                "coldLocked": .bool, "backgroundTime": .bool, "phase": .names("active", "inactive", "background"),
                "available": .bool, "toggleInteractive": .bool, "label": .text, "subtitle": .text, "prompts": .bool,
                "enabledAfter": .bool, "failedClosed": .bool, "builtInGrace": .duration,
            ],
            tableOutputs: ["prompts", "enabledAfter"],
            effects: ["startAuthentication"],
            product: [
                "grace": .duration(0...3_600_000), "policy": .enumeration(["deviceOwnerAuthentication", "deviceOwnerAuthenticationWithBiometrics"]),
                "coverRule": .enumeration(["whenEnabledUnlessLocked", "whenEnabledWhileNotActive"]), "defaultEnabled": .bool,
            ],
            productChoices: ["defaultEnabled": ProductChoices([.bool(false)], because: "the core's launch lock is off until turned on, §2")],
            decisions: [
                "launch-lock.availability": ["canEvaluate": .bool, "biometryType": .names("none", "touchID", "faceID"), "enabled": .bool],
                "launch-lock.toggle": ["action": .names("turnOn", "turnOff"), "available": .bool, "auth": .names("success", "failure", "cancel")],
            ],
            supportsRelaunch: true,
            // The device's faults work on the store file whatever the app does; corruptStore damages it between a kill and a relaunch.
            servedWhileKilled: ["storageFull", "storageWorks", "corruptStore"], onlyWhileKilled: ["corruptStore"],
            // `advance` by a negative amount sets the device's wall clock back; no time passes (D-CLOCK).
            movesClockBack: true)
    }

    private let configuration: LaunchLock.Configuration
    private let clock = ManualClock()
    /// The device's storage faults (`storageFull` / `storageWorks`); they outlive a kill, as a full disk does.
    private let faults = StorageFaults()
    private let directory: String
    private let storePath: String
    private var lock: LaunchLock?
    /// The device capability last told to the core (kept across a relaunch: the device does not change).
    private var availability: LockAvailability = .faceID
    /// Outputs of the last decision-table evaluation.
    private var outputs: [String: Value] = [:]

    /// Builds a fresh core: the Kangkang configuration, adjusted to the spec's product values.
    public init(product: [NamedValue]) throws(FixtureError) {
        var configuration = LaunchLock.Configuration.kangkang
        for item in product {
            switch (item.name, item.value) {
            case ("grace", .duration(let ms)):
                configuration.grace = .milliseconds(Int64(ms))
            case ("policy", .symbol(let name)), ("policy", .text(let name)):
                guard let policy = AuthenticationPolicy(rawValue: name) else { throw FixtureError("unknown policy \(name)") }
                configuration.policy = policy
            case ("coverRule", .symbol(let name)), ("coverRule", .text(let name)):
                switch name {
                case "whenEnabledUnlessLocked", "enabledUnlessLockScreen": configuration.coverRule = .enabledUnlessLockScreen
                case "whenEnabledWhileNotActive", "whenEnabledNotActive", "enabledWhileNotActive":
                    configuration.coverRule = .enabledWhileNotActive
                default: throw FixtureError("unknown coverRule \(name)")
                }
            case ("defaultEnabled", .bool(let flag)):
                // The core has one default (a missing flag is off, §2); it cannot be configured on.
                if flag { throw FixtureError("the core's launch lock is off by default; defaultEnabled=true cannot be configured") }
            default:
                throw FixtureError("unknown product value \(item.name)=\(item.value)")
            }
        }
        self.configuration = configuration
        let path = ScratchDirectory.path + "lockspec-launch-lock-" + UUID().uuidString
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw FixtureError("cannot create a temporary directory")
        }
        directory = path
        storePath = directory + "/store"
        lock = LaunchLock(configuration: configuration, store: faults.store(path: storePath), availability: availability)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Performs one action.
    public func perform(_ action: TestAction) throws(FixtureError) -> [Effect] {
        switch action {
        case .event(let name, let inputs):
            return try send(name, inputs)
        case .advance(let ms):
            clock.advance(by: .milliseconds(Int64(ms)))
            return []
        case .kill:
            lock = nil
            return []
        case .relaunch:
            relaunch()
            return []
        case .check:
            return []
        case .decide(let table, let inputs):
            return try decide(table, inputs)
        case .cell(let table, _):
            throw FixtureError("the launch-lock fixture runs no matrix \(table)")
        }
    }

    /// Reads an observation.
    public func observe(_ name: String) throws(FixtureError) -> Value {
        if let output = outputs[name] { return output }
        let lock = try running()
        switch name {
        case "state": return .symbol(lock.isLocked ? "Locked" : "Open")
        case "enabled": return .bool(lock.enabled)
        case "cover": return .bool(lock.showsCover)
        case "prompt": return .symbol(Self.promptName(lock.pendingPurpose))
        case "coldLocked": return .bool(lock.hasColdLocked)
        case "backgroundTime": return .bool(lock.hasBackgroundTime)
        case "phase": return .symbol(lock.scenePhase.rawValue)
        case "available": return .bool(lock.availability.isAvailable)
        case "toggleInteractive": return .bool(lock.toggleInteractive)
        case "label": return .text(lock.availability.label)
        case "subtitle": return .text(lock.subtitle)
        case "failedClosed": return .bool(lock.storeIsCorrupt)
        // The grace of the core's own Kangkang configuration (the rows run with the product file's grace instead).
        case "builtInGrace": return .duration(milliseconds: Int(LaunchLock.Configuration.kangkang.grace.milliseconds))
        default: throw FixtureError("no observation \(name)")
        }
    }

    // MARK: - Events

    private func send(_ name: String, _ inputs: [NamedValue]) throws(FixtureError) -> [Effect] {
        switch name {
        case "appear": return try handle(.appear)
        case "background": return try handle(.scenePhase(.background))
        case "inactive": return try handle(.scenePhase(.inactive))
        case "active":
            if let away = inputs.first(where: { $0.name == "away" }) {
                guard case .duration(let ms) = away.value else { throw FixtureError("away must be a duration") }
                clock.advance(by: .milliseconds(Int64(ms)))
            }
            return try handle(.scenePhase(.active))
        case "authResult":
            return try handle(.authenticationResult(try reply(inputs)))
        case "unlockTapped": return try handle(.unlockTapped)
        case "toggleOn":
            if let available = inputs.first(where: { $0.name == "available" }) {
                guard case .bool(let flag) = available.value else { throw FixtureError("available must be a bool") }
                _ = try setAvailability(flag ? .faceID : .unavailable)
            }
            return try handle(.toggleOn)
        case "toggleOff": return try handle(.toggleOff)
        case "storageFull", "storageWorks":
            // The device refuses every write from now on (a full disk), or works again.
            try faults.perform(name, [], storePath: storePath)
            return []
        case "corruptStore":
            // Damages the store file on disk (between a kill and a relaunch): bytes the store codec cannot decode.
            guard lock == nil else { throw FixtureError("corruptStore needs the app killed first") }
            guard FileManager.default.createFile(atPath: storePath, contents: Data([0xFF, 0x00, 0x13, 0x37, 0x42])) else {
                throw FixtureError("cannot write the store file")
            }
            return []
        default: throw FixtureError("no event \(name)")
        }
    }

    private func reply(_ inputs: [NamedValue]) throws(FixtureError) -> AuthenticationReply {
        guard let outcome = inputs.first(where: { $0.name == "outcome" || $0.name == "auth" }) else {
            throw FixtureError("authResult needs an outcome")
        }
        guard let reply = AuthenticationReply(rawValue: outcome.value.description) else {
            throw FixtureError("unknown outcome \(outcome.value)")
        }
        return reply
    }

    private func setAvailability(_ newAvailability: LockAvailability) throws(FixtureError) -> [Effect] {
        availability = newAvailability
        return try handle(.availabilityChanged(newAvailability))
    }

    private func handle(_ event: LaunchLockEvent) throws(FixtureError) -> [Effect] {
        outputs = [:]
        guard var lock else { throw FixtureError("the app is not running (kill without relaunch)") }
        let effects = lock.handle(event, now: clock.now())
        self.lock = lock
        return effects.map(Self.effect)
    }

    /// A fresh install: the store file removed, the device capable again, a new process.
    private func freshInstall() throws(FixtureError) {
        if FileManager.default.fileExists(atPath: storePath) {
            do { try FileManager.default.removeItem(atPath: storePath) } catch { throw FixtureError("cannot remove the store file") }
        }
        availability = .faceID
        relaunch()
    }

    /// A new process: a new machine on the same store and device.
    private func relaunch() {
        lock = LaunchLock(configuration: configuration, store: faults.store(path: storePath), availability: availability)
    }

    private func running() throws(FixtureError) -> LaunchLock {
        guard let lock else { throw FixtureError("the app is not running (kill without relaunch)") }
        return lock
    }

    // MARK: - Decision tables

    /// Evaluates `launch-lock.availability` (inputs canEvaluate, biometryType, enabled) or `launch-lock.toggle`
    /// (inputs action, available, auth) by driving the core.
    private func decide(_ table: String, _ inputs: [NamedValue]) throws(FixtureError) -> [Effect] {
        let values = Dictionary(inputs.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        // A decision is a function of its inputs alone: each evaluation starts from a fresh install (no store file,
        // a capable device), as the rows assume, whatever an earlier evaluation on this fixture left behind.
        try freshInstall()
        switch table {
        case "launch-lock.toggle": return try decideToggle(values)
        case "launch-lock.availability": return try decideAvailability(values)
        default: throw FixtureError("the launch-lock fixture has no decision table \(table)")
        }
    }

    private func decideAvailability(_ values: [String: Value]) throws(FixtureError) -> [Effect] {
        let canEvaluate = try required(bool(values["canEvaluate"], "canEvaluate"), "canEvaluate")
        guard case .symbol(let typeName)? = values["biometryType"] else { throw FixtureError("the table gives no biometryType") }
        guard let type = BiometryType(rawValue: typeName) else { throw FixtureError("unknown biometryType \(typeName)") }
        if try required(bool(values["enabled"], "enabled"), "enabled") {
            // The lock is turned on the only way the core allows: on a capable device, through one successful prompt.
            try turnOn()
        }
        _ = try setAvailability(LockAvailability(canEvaluate: canEvaluate, biometryType: type))
        let lock = try running()
        outputs = [
            "available": .bool(lock.availability.isAvailable),
            "toggleInteractive": .bool(lock.toggleInteractive),
            "label": .text(lock.availability.label),
            "subtitle": .text(lock.subtitle),
        ]
        return []
    }

    private func decideToggle(_ values: [String: Value]) throws(FixtureError) -> [Effect] {
        guard case .symbol(let action)? = values["action"] else { throw FixtureError("the table gives no action") }
        let available = try required(bool(values["available"], "available"), "available")
        // Each row starts in a new process, so that `hasStartedPrompt` covers this action (and its reply) only; a
        // turnOff row turns the lock on in an earlier process.
        switch action {
        case "turnOn":
            relaunch()
            _ = try setAvailability(available ? .faceID : .unavailable)
            _ = try handle(.toggleOn)
            // The reply goes to the prompt the toggle opened, if it opened one.
            if try running().pendingPurpose != nil {
                guard let auth = values["auth"], let reply = AuthenticationReply(rawValue: auth.description) else {
                    throw FixtureError("a prompt opened but the row gives no auth reply")
                }
                _ = try handle(.authenticationResult(reply))
            }
        case "turnOff":
            try turnOn()
            relaunch()
            _ = try setAvailability(available ? .faceID : .unavailable)
            _ = try handle(.toggleOff)
        default:
            throw FixtureError("unknown action \(action)")
        }
        let prompted = try running().hasStartedPrompt
        // enabledAfter is the SAVED flag: read it the way the next launch does.
        let saved = LaunchLock(configuration: configuration, store: FileStore(path: storePath), availability: availability)
        outputs = ["prompts": .bool(prompted), "enabledAfter": .bool(saved.enabled)]
        return []
    }

    /// Turns the lock on through the core: a capable device, the toggle, a successful prompt.
    private func turnOn() throws(FixtureError) {
        let previous = availability
        _ = try setAvailability(.faceID)
        _ = try handle(.toggleOn)
        _ = try handle(.authenticationResult(.success))
        guard try running().enabled else { throw FixtureError("could not turn the lock on") }
        _ = try setAvailability(previous)
    }

    private func required(_ flag: Bool?, _ name: String) throws(FixtureError) -> Bool {
        guard let flag else { throw FixtureError("the table gives no \(name)") }
        return flag
    }

    private func bool(_ value: Value?, _ name: String) throws(FixtureError) -> Bool? {
        guard let value else { return nil }
        guard case .bool(let flag) = value else { throw FixtureError("\(name) must be a bool") }
        return flag
    }

    // MARK: - Names

    private static func promptName(_ purpose: LaunchLock.PromptPurpose?) -> String {
        switch purpose {
        case .unlock?: "unlock"
        case .enable?: "enable"
        case nil: "none"
        }
    }

    private static func effect(_ effect: LaunchLockEffect) -> Effect {
        switch effect {
        case .startAuthentication(let policy): Effect("startAuthentication", [.init(.symbol(policy.rawValue))])
        }
    }
}
