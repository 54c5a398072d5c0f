import AppLockCore
import Conformance
import Foundation
import SpecKit

/// Binds the 'launch-lock' specs (face-id-launch-lock.zh.md) to AppLockCore's `LaunchLock`.
///
/// Each instance owns a fresh `LaunchLock` on its own temporary `FileStore` (the persisted enabled flag survives
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
/// - `launch-lock.device-clock` (bootIds, bootClock) → two readings of the core's `SystemClock` over fixed readings
///   (`DeviceClockReadings`), at background and at active, handed to an enabled, unlocked lock; uptime and wall are
///   the reading at active, locks is `isLocked` after it.
/// - product: `grace`, `policy`, `coverRule` (`whenEnabledUnlessLocked` → `.enabledUnlessLockScreen`,
///   `whenEnabledWhileNotActive` → `.enabledWhileNotActive`), `defaultEnabled` (the core's default is off; only
///   `false` can be configured).
public final class LaunchLockFixture: BoundFixture {
    /// The product values configure the core's own configuration.
    public typealias Settings = LaunchLock.Configuration
    /// The core's effects.
    public typealias CoreEffect = LaunchLockEffect

    /// The inputs of the events and the decision tables, each declared once with its domain.
    private enum Key {
        static let away = FixtureInput.duration("away")
        static let outcome = FixtureInput.names("outcome", "success", "failure", "cancel")
        static let available = FixtureInput.bool("available")
        static let canEvaluate = FixtureInput.bool("canEvaluate")
        static let biometryType = FixtureInput.names("biometryType", "none", "touchID", "faceID")
        static let enabled = FixtureInput.bool("enabled")
        static let action = FixtureInput.names("action", "turnOn", "turnOff")
        static let auth = FixtureInput.names("auth", "success", "failure", "cancel")
        static let bootIds = FixtureInput.cases("bootIds", of: DeviceClockReadings.BootIDs.self)
        static let bootClock = FixtureInput.cases("bootClock", of: DeviceClockReadings.BootClockAtActive.self)
    }

    /// Every name this fixture knows, once, with its domain and what it does.
    public static let bindings = FixtureBindings<LaunchLockFixture>(relaunches: true, setsClock: true, [
        // Events
        .event("appear") { f, _ in try f.handle(.appear) },
        .event("background") { f, _ in try f.handle(.scenePhase(.background)) },
        .event("inactive") { f, _ in try f.handle(.scenePhase(.inactive)) },
        .event("active", inputs: [Key.away]) { f, inputs in
            f.clock.advance(by: .milliseconds(Int64(try inputs[Key.away])))
            return try f.handle(.scenePhase(.active))
        },
        .event("authResult", inputs: [Key.outcome]) { f, inputs in
            try f.handle(.authenticationResult(try reply(inputs[Key.outcome])))
        },
        .event("unlockTapped") { f, _ in try f.handle(.unlockTapped) },
        .event("toggleOn", inputs: [Key.available]) { f, inputs in
            _ = try f.setAvailability(try inputs[Key.available] ? .faceID : .unavailable)
            return try f.handle(.toggleOn)
        },
        .event("toggleOff") { f, _ in try f.handle(.toggleOff) },
        // Damages the store file on disk (between a kill and a relaunch): bytes the store codec cannot decode.
        .event("corruptStore", whileKilled: .only) { f, _ in
            guard f.lock == nil else { throw FixtureError("corruptStore needs the app killed first") }
            guard FileManager.default.createFile(atPath: f.storePath, contents: Data([0xFF, 0x00, 0x13, 0x37, 0x42])) else {
                throw FixtureError("cannot write the store file")
            }
            return []
        },
    ],
    // The device refuses every write from now on (a full disk), or works again, whatever the app does.
    StorageFaults.bindings([.storageFull, .storageWorks]) { f in (f.faults, f.storePath) },
    [
        // Observations, read from the core (a decision's outputs while they stand)
        .observation("state", .names("Open", "Locked")) { f in .symbol(try f.running().isLocked ? "Locked" : "Open") },
        .observation("enabled", .bool) { f in .bool(try f.running().enabled) },
        .observation("cover", .bool) { f in .bool(try f.running().showsCover) },
        .observation("prompt", .names("none", "unlock", "enable")) { f in .symbol(promptName(try f.running().pendingPurpose)) },
        .observation("coldLocked", .bool) { f in .bool(try f.running().hasColdLocked) },
        .observation("backgroundTime", .bool) { f in .bool(try f.running().hasBackgroundTime) },
        .observation("phase", .names("active", "inactive", "background")) { f in .symbol(try f.running().scenePhase.rawValue) },
        .observation("available", .bool) { f in try f.availabilityOutputs?.available ?? .bool(f.running().availability.isAvailable) },
        .observation("toggleInteractive", .bool) { f in try f.availabilityOutputs?.toggleInteractive ?? .bool(f.running().toggleInteractive) },
        .observation("label", .text) { f in try f.availabilityOutputs?.label ?? .text(f.running().availability.label) },
        .observation("subtitle", .text) { f in try f.availabilityOutputs?.subtitle ?? .text(f.running().subtitle) },
        .observation("button", .text) { f in try f.availabilityOutputs?.button ?? .text(f.running().unlockButtonTitle) },
        .observation("failedClosed", .bool) { f in .bool(try f.running().storeIsCorrupt) },
        // The grace of the core's own Kangkang configuration (the rows run with the product file's grace instead).
        .observation("builtInGrace", .duration, ships: .init(parameter: "grace", changedIn: "AppLockCore: LaunchLock.Configuration.kangkang's grace")) { f in
            _ = try f.running()
            return .duration(milliseconds: Int(LaunchLock.Configuration.kangkang.grace.milliseconds))
        },
        // Effects
        .effect("startAuthentication", arguments: [.cases(of: AuthenticationPolicy.self)]) { _, effect in
            switch effect {
            case .startAuthentication(let policy): [.init(.symbol(policy.rawValue))]
            }
        },
        // Product values
        .product("grace", .duration(0...3_600_000)) { configuration, item in
            guard case .duration(let ms) = item.value else { throw FixtureError.unknownProduct(item) }
            configuration.grace = .milliseconds(Int64(ms))
        },
        .product("policy", .enumeration(["deviceOwnerAuthentication", "deviceOwnerAuthenticationWithBiometrics"])) { configuration, item in
            guard let name = word(item.value) else { throw FixtureError.unknownProduct(item) }
            guard let policy = AuthenticationPolicy(rawValue: name) else { throw FixtureError("unknown policy \(name)") }
            configuration.policy = policy
        },
        .product("coverRule", .enumeration(["whenEnabledUnlessLocked", "whenEnabledWhileNotActive"])) { configuration, item in
            guard let name = word(item.value) else { throw FixtureError.unknownProduct(item) }
            switch name {
            case "whenEnabledUnlessLocked": configuration.coverRule = .enabledUnlessLockScreen
            case "whenEnabledWhileNotActive": configuration.coverRule = .enabledWhileNotActive
            default: throw FixtureError("unknown coverRule \(name)")
            }
        },
        // The core has one default (a missing flag is off, §2); it cannot be configured on.
        .fixedProduct("defaultEnabled", .bool, core: .bool(false), because: "the core's launch lock is off until turned on, §2"),
        // Decision tables: each evaluation starts from a fresh install (no store file, a capable device), as the rows
        // assume, whatever an earlier evaluation on this fixture left behind.
        .decision("launch-lock.availability", inputs: [Key.canEvaluate, Key.biometryType, Key.enabled]) { f, inputs in
            try f.freshInstall()
            return try f.decideAvailability(inputs)
        },
        .decision("launch-lock.toggle", inputs: [Key.action, Key.available, Key.auth], outputs: [
            .output("prompts", .bool) { f in try f.toggleOutputs().prompts },
            .output("enabledAfter", .bool) { f in try f.toggleOutputs().enabledAfter },
        ]) { f, inputs in
            try f.freshInstall()
            return try f.decideToggle(inputs)
        },
        .decision("launch-lock.device-clock", inputs: [Key.bootIds, Key.bootClock], outputs: [
            .output("uptime", .duration) { f in try f.deviceClockOutputs().uptime },
            .output("wall", .calendar) { f in try f.deviceClockOutputs().wall },
            .output("locks", .bool) { f in try f.deviceClockOutputs().locks },
        ]) { f, inputs in
            try f.freshInstall()
            return try f.decideDeviceClock(inputs)
        },
    ])

    private let configuration: LaunchLock.Configuration
    private let clock = ManualClock()
    /// The device's storage faults (`storageFull` / `storageWorks`); they outlive a kill, as a full disk does.
    private let faults = StorageFaults()
    private let directory: String
    private let storePath: String
    private var lock: LaunchLock?
    /// The device capability last told to the core (kept across a relaunch: the device does not change).
    private var availability: LockAvailability = .faceID
    /// What the core showed right after the last `launch-lock.availability` row, until the next event.
    private var availabilityOutputs: (available: Value, toggleInteractive: Value, label: Value, subtitle: Value, button: Value)?
    /// Whether the last `launch-lock.toggle` row prompted, and the flag it saved, until the next event.
    private var toggleOutcome: (prompts: Value, enabledAfter: Value)?
    /// The core's reading of the device's clocks when the app became active, and whether the lock locked, after the
    /// last `launch-lock.device-clock` row, until the next event.
    private var deviceClockOutcome: (uptime: Value, wall: Value, locks: Value)?

    /// Builds a fresh core: the Kangkang configuration, adjusted to the spec's product values.
    public init(product: [NamedValue]) throws(FixtureError) {
        var configuration = LaunchLock.Configuration.kangkang
        try Self.bindings.configure(&configuration, with: product)
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
            return try Self.bindings.send(name, inputs, to: self)
        case .advance(let ms):
            clock.advance(by: .milliseconds(Int64(ms)))
            return []
        case .setClock(let ms):
            clock.setWallClock(by: .milliseconds(Int64(ms)))
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
            return try Self.bindings.decide(table, inputs, on: self)
        case .cell(let table, let axes):
            return try Self.bindings.cell(table, axes, on: self)
        }
    }

    /// Reads an observation.
    public func observe(_ name: String) throws(FixtureError) -> Value {
        try Self.bindings.observe(name, on: self)
    }

    // MARK: - Events

    /// The core's reply a spec's outcome names.
    private static func reply(_ outcome: String) throws(FixtureError) -> AuthenticationReply {
        guard let reply = AuthenticationReply(rawValue: outcome) else { throw FixtureError("unknown outcome \(outcome)") }
        return reply
    }

    private func setAvailability(_ newAvailability: LockAvailability) throws(FixtureError) -> [Effect] {
        availability = newAvailability
        return try handle(.availabilityChanged(newAvailability))
    }

    private func handle(_ event: LaunchLockEvent, at now: DeviceTime? = nil) throws(FixtureError) -> [Effect] {
        (availabilityOutputs, toggleOutcome, deviceClockOutcome) = (nil, nil, nil)
        guard var lock else { throw FixtureError("the app is not running (kill without relaunch)") }
        let effects = lock.handle(event, now: now ?? clock.now())
        self.lock = lock
        return try Self.bindings.effects(effects, of: self)
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

    /// The outputs of the last `launch-lock.toggle` row; none after an event.
    private func toggleOutputs() throws(FixtureError) -> (prompts: Value, enabledAfter: Value) {
        if let toggleOutcome { return toggleOutcome }
        _ = try running()
        throw FixtureError("no observation: the outputs of launch-lock.toggle stand only right after one of its rows")
    }

    /// Evaluates `launch-lock.availability` (inputs canEvaluate, biometryType, enabled) by driving the core.
    private func decideAvailability(_ inputs: FixtureInputs) throws(FixtureError) -> [Effect] {
        let canEvaluate = try inputs[Key.canEvaluate]
        let typeName = try inputs[Key.biometryType]
        guard let type = BiometryType(rawValue: typeName) else { throw FixtureError("unknown biometryType \(typeName)") }
        if try inputs[Key.enabled] {
            // The lock is turned on the only way the core allows: on a capable device, through one successful prompt.
            try turnOn()
        }
        _ = try setAvailability(LockAvailability(canEvaluate: canEvaluate, biometryType: type))
        let lock = try running()
        availabilityOutputs = (.bool(lock.availability.isAvailable), .bool(lock.toggleInteractive), .text(lock.availability.label),
                               .text(lock.subtitle), .text(lock.unlockButtonTitle))
        return []
    }

    /// Evaluates `launch-lock.toggle` (inputs action, available, auth) by driving the core.
    private func decideToggle(_ inputs: FixtureInputs) throws(FixtureError) -> [Effect] {
        let action = try inputs[Key.action]
        let available = try inputs[Key.available]
        // Each row starts in a new process, so that `hasStartedPrompt` covers this action (and its reply) only; a
        // turnOff row turns the lock on in an earlier process.
        switch action {
        case "turnOn":
            relaunch()
            _ = try setAvailability(available ? .faceID : .unavailable)
            _ = try handle(.toggleOn)
            // The reply goes to the prompt the toggle opened, if it opened one.
            if try running().pendingPurpose != nil {
                _ = try handle(.authenticationResult(Self.reply(inputs[Key.auth])))
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
        toggleOutcome = (.bool(prompted), .bool(saved.enabled))
        return []
    }

    /// The outputs of the last `launch-lock.device-clock` row; none after an event.
    private func deviceClockOutputs() throws(FixtureError) -> (uptime: Value, wall: Value, locks: Value) {
        if let deviceClockOutcome { return deviceClockOutcome }
        _ = try running()
        throw FixtureError("no observation: the outputs of launch-lock.device-clock stand only right after one of its rows")
    }

    /// Evaluates `launch-lock.device-clock` (inputs bootIds, bootClock): an enabled, unlocked lock goes to the background
    /// and becomes active again, each time at the reading of a `SystemClock` over the named readings (a process per
    /// boot, as the app after a reboot). uptime and wall are that clock's reading at active, locks the lock's state.
    private func decideDeviceClock(_ inputs: FixtureInputs) throws(FixtureError) -> [Effect] {
        let ids = try inputs[Key.bootIds].ids
        let clocks = try inputs[Key.bootClock].readings(grace: configuration.grace)
        let background = SystemClock(calls: DeviceClockReadings(bootID: ids.background, bootClock: clocks.background)).now()
        let active = SystemClock(calls: DeviceClockReadings(bootID: ids.active, bootClock: clocks.active)).now()
        try turnOn()
        _ = try handle(.scenePhase(.background), at: background)
        _ = try handle(.scenePhase(.active), at: active)
        deviceClockOutcome = (.duration(milliseconds: Int(active.uptime.milliseconds)), .duration(milliseconds: Int(active.wall.milliseconds)),
                              .bool(try running().isLocked))
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

    // MARK: - Names

    private static func promptName(_ purpose: LaunchLock.PromptPurpose?) -> String {
        switch purpose {
        case .unlock?: "unlock"
        case .enable?: "enable"
        case nil: "none"
        }
    }


    /// The name a symbol or a text value holds.
    private static func word(_ value: Value) -> String? {
        switch value {
        case .symbol(let name), .text(let name): name
        default: nil
        }
    }
}
