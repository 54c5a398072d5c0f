import AppLockCore
import Conformance
import Foundation
import SpecKit

/// Binds the 'medtime' specs (medtime.unlock, medtime.attempt-rules, medtime.lockout, medtime.pin-entry) to
/// AppLockCore's `MedTimeUnlock`.
///
/// Each instance owns a temporary directory with a `FileStore` (removed in `deinit`) and a manual clock. The PIN is
/// enrolled with real Argon2id at the light test parameters. A kill drops the core; a relaunch builds a new core on a
/// new `FileStore` over the same file, so only what the core persisted survives.
///
/// Translation notes:
/// - `open(biometricEnabled:)` is the §4.3 user setting the screen reads when it starts, so the core is (re)built from
///   the store with that setting right before `open` is sent.
/// - `pinComplete(pin:)` types the whole PIN digit by digit (the core auto-submits at `pinLength` digits); the
///   per-digit announcements (the core's `digitAnnouncement(entered:)`) belong to the `digit` event (medtime.pin-entry)
///   and are left out of it.
/// - `wait(elapsed:)` and `advance` move the clock, then deliver the screen's one-second refresh (`tick`); so does
///   `setClock`, which sets the wall clock alone (no time passes). The core reads both clocks (`DeviceTime`).
/// - `reboot(after:)`, only while the app is killed, restarts the device's uptime clock in a new boot, the wall clock
///   moved on by `after`.
/// - The core's `navigate(...)` effects are not modelled by the specs as effects (they are the `Login`/`Dashboard`
///   states the core enters itself): they are dropped from the effects and offered, word for word, as the
///   observation `navigation`: the navigation requests of the last event the core handled, as `<destination> after
///   <n>ms` (several joined by ", "; "" for none).
/// - medtime.attempt-rules reads the core's `lastFailure` (action, attempts left, block, announcement) after the
///   `failures`-th failure; between PIN failures the fixture waits out a running block (`blockRemaining(at:)`).
/// - `blocked` is the core's `isBlocked(at:)` at the clock's time (a PIN block is running: the persisted
///   `pinBlockedUntil` is later than now), on any screen.
/// - `useInstance(which:)` switches between two screens on one store (an app and its extension), each with its own
///   `FileStore`; a relaunch rebuilds only the one being driven.
/// - `failedClosed` is the core's `storeIsCorrupt` (it could not read or write its store and fails closed);
///   `writes`, `reads` and `file` are the device's condition as the spec's fault events set it (medtime.storage),
///   read back from `StorageFaults`, not from the core.
/// - `time_ms` is reported as the core measures it on the fixture's manual clock; the specs match it with `*`.
/// - `storeCredential(record:)` writes the PIN credential record straight into the store file, as an earlier build or
///   damage would leave it (between a kill and a relaunch, like `corruptStore`): `formatOne` is the enrolled record
///   with its two header bytes as docs/core.md documents format 1 (version 1, algorithm 2 = Argon2id), so the core's
///   reader is checked against the documented header and not only against its own writer (on the real core it is the
///   enrolled record unchanged); `newerVersion` and `otherAlgorithm` are that record with version byte 2 or algorithm
///   byte 1; `truncated` lacks its last byte; `missing` removes the record.
/// - `clockMoves(elapsed:)` moves the clock without the screen's one-second refresh: what a tap finds between two
///   refreshes. `blockLeft` is the core's `blockRemaining(at:)` at the clock's time.
/// - The test PIN is enrolled at light Argon2id costs whose memory (264 KiB, product `credentialMemory` to change it)
///   fills two bytes of the record's big-endian words, so the record is written and read back across byte edges.
/// - `path` is the core's `lastPath`: every state the screen entered during the last event, the transient states of
///   §5.1 (BiometricSuccess, BiometricFail, PINValidating, PINError) included, space-separated ("" when it entered
///   none). For `pinComplete` it is the path of the digit that completed the PIN.
/// - product: `pinLength` and `biometricType` configure the core; `biometricAttempts` →
///   `Configuration.biometricAttempts`; `pinAttempts` and `firstBlock` … `longestBlock` → `Configuration.lockout`
///   (`PINLockoutTiers`); `successDelay` and `fallback` must be the core's own; `platform` and `biometricPolicy` are
///   observed through the effects. `configuration: builtIn` hands none of the attempt limits and tiers over: the core
///   runs on its built-in `MedTimeUnlock.Configuration(biometricEnabled:biometry:pinLength:)` (its own
///   `biometricAttempts` and `PINLockoutTiers.document`), so a scenario can check those defaults against the document;
///   `configuration: product` (the default) hands them over through `PINLockoutTiers(attempts:blocks:)`.
/// - `builtInBiometricAttempts`, `builtInPinAttempts` and `builtInFirstBlock` … `builtInLongestBlock` read that built-in
///   configuration whatever the product sets: its `biometricAttempts`, its lockout's `attempts`, the
///   `blockDuration(afterFailure:)` of its first three blocking failures and its `longestBlock`. Each ships a product
///   parameter (`fixture.shipped-value`): a row may only expect the product file's value.
public final class MedTimeFixture: BoundFixture {
    /// What the product values configure before the core is built.
    public struct Settings {
        var pinLength = PINLength.four
        var biometry = MedTimeBiometry.face
        var biometricAttempts = MedTimeUnlock.biometricAttempts
        var pinAttempts = PINLockoutTiers.document.attempts
        var blocks = PINLockoutTiers.document.blocks
        /// True for `configuration: builtIn`: the core keeps its own attempt limits and tiers.
        var builtIn = false
        var credentialMemory: UInt32 = 264
    }
    /// The core's effects.
    public typealias CoreEffect = MedTimeEffect

    /// The inputs of the events and the decision table, each declared once with its domain.
    private enum Key {
        static let sessionValid = FixtureInput.bool("sessionValid")
        static let biometricEnabled = FixtureInput.bool("biometricEnabled")
        static let outcome = FixtureInput.names("outcome", "success", "failure", "cancel", "usePin")
        static let pin = FixtureInput.names("pin", "correct", "wrong")
        static let elapsed = FixtureInput.duration("elapsed")
        /// How long after the kill the device reboots (its wall clock moves on by that much; its uptime starts again).
        static let after = FixtureInput.duration("after")
        static let key = FixtureInput.names("key", "right", "wrong", "notADigit")
        static let which = FixtureInput.names("which", "app", "extension")
        static let record = FixtureInput.names("record", "formatOne", "newerVersion", "otherAlgorithm", "truncated", "missing")
        /// Whether medtime.attempt-rules fails the biometric prompt (`biometric`) or the PIN.
        static let method = FixtureInput.names("method", ["biometric": true, "pin": false])
        /// How many failures medtime.attempt-rules makes: at least the one whose outcome it reads. The fixture makes
        /// each one on the core, so the count is bounded: 100 is past every tier the product can configure (at most 10
        /// PIN attempts, then four blocks; at most 10 biometric attempts), after which each failure is as the last.
        static let failures = FixtureInput.int("failures", 1...100)
        /// The product parameter naming the sensor (`none` for a device without one), which a biometric row needs.
        static let biometricType = "biometricType"
    }

    /// Every name this fixture knows, once, with its domain and what it does.
    public static let bindings: FixtureBindings<MedTimeFixture> = FixtureBindings(relaunches: true, setsClock: true,
        instanceSwitch: .init(event: "useInstance", input: Key.which.name, initial: "app"), [
        // Events
        .event("open", inputs: [Key.sessionValid, Key.biometricEnabled]) { f, inputs in
            try f.effects(f.open(sessionValid: inputs[Key.sessionValid], biometricEnabled: inputs[Key.biometricEnabled]))
        },
        .event("bioResult", inputs: [Key.outcome]) { f, inputs in
            try f.effects(f.bioResult(inputs[Key.outcome]))
        },
        .event("pinComplete", inputs: [Key.pin]) { f, inputs in
            try f.effects(f.pinComplete(inputs[Key.pin]))
        },
        .event("wait", inputs: [Key.elapsed]) { f, inputs in
            f.clock.advance(by: .milliseconds(Int64(try inputs[Key.elapsed])))
            return try f.effects(f.send(.tick))
        },
        .event("relogin") { f, _ in try f.effects(f.send(.tapLogin)) },
        .event("forgotPin") { f, _ in try f.effects(f.send(.forgotPIN)) },
        .event("digit", inputs: [Key.key]) { f, inputs in
            try f.effects(f.digit(inputs[Key.key]))
        },
        .event("delete") { f, _ in try f.effects(f.send(.delete)) },
        .event("clearAll") { f, _ in try f.effects(f.send(.clearAll)) },
        // The device: which process is in front, its clock, its store file (served by a killed app too).
        .event("useInstance", inputs: [Key.which], whileKilled: .served) { f, inputs in
            try f.useInstance(inputs[Key.which])
            return []
        },
        .event("clockMoves", inputs: [Key.elapsed], whileKilled: .served) { f, inputs in
            f.clock.advance(by: .milliseconds(Int64(try inputs[Key.elapsed])))
            return []
        },
        // A reboot ends the app: it comes only between a kill and a relaunch.
        .event("reboot", inputs: [Key.after], whileKilled: .only) { f, inputs in
            f.clock.reboot(after: .milliseconds(Int64(try inputs[Key.after])))
            return []
        },
        .event("storeCredential", inputs: [Key.record], whileKilled: .served,
               scenarioOnly: "it writes a record into the store file, which a corruptStore, or a restored image the store cannot read, leaves unwritable") { f, inputs in
            try f.storeCredential(inputs[Key.record])
            return []
        },
    ],
    StorageFaults.bindings { f in (f.faults, f.storePath) },
    StorageFaults.conditionBindings { f in f.faults },
    [
        // Observations, read from the core
        .observation("state", .names("CheckingSession", "BiometricPrompt", "PINInput", "PINBlocked", "Success", "Dashboard", "Login")) { f in
            .symbol(try f.core().state.rawValue)
        },
        .observation("bioFailures", .count) { f in .int(try f.core().biometricFailures) },
        .observation("pinFailures", .count) { f in .int(try f.core().pinFailures) },
        .observation("blocked", .bool) { f in .bool(try f.core().isBlocked(at: f.clock.now())) },
        .observation("countdown", .text) { f in try f.decision?.countdown ?? .text(f.core().countdown ?? "") },
        .observation("pinInputEnabled", .bool) { f in .bool(try f.core().inputEnabled) },
        .observation("entered", .count) { f in .int(try f.core().enteredDigitCount) },
        .observation("failedClosed", .bool) { f in .bool(try f.core().storeIsCorrupt) },
        .observation("path", .text) { f in .text(try f.core().lastPath.map(\.rawValue).joined(separator: " ")) },
        .observation("navigation", .text) { f in
            _ = try f.core()
            return .text(f.lastNavigation)
        },
        .observation("blockLeft", .duration) { f in .duration(milliseconds: Int(try f.core().blockRemaining(at: f.clock.now()).milliseconds)) },
        // The attempt limits and tiers of the core's own configuration, what the app ships with (the rows run with the
        // product file's instead): its biometricAttempts, and its lockout's attempts and the blocks of the failures
        // from the first blocking one on (the longest, its last tier).
        .observation("builtInBiometricAttempts", .count, ships: .init(parameter: "biometricAttempts", changedIn: changedIn("biometricAttempts"))) { f in
            .int(try f.builtInConfiguration().biometricAttempts)
        },
        .observation("builtInPinAttempts", .count, ships: .init(parameter: "pinAttempts", changedIn: changedIn("lockout (PINLockoutTiers.document)"))) { f in
            .int(try f.builtInConfiguration().lockout.attempts)
        },
        .observation("builtInFirstBlock", .duration, ships: .init(parameter: "firstBlock", changedIn: changedIn("lockout (PINLockoutTiers.document)"))) { f in
            try builtInBlock(f, after: 0)
        },
        .observation("builtInSecondBlock", .duration, ships: .init(parameter: "secondBlock", changedIn: changedIn("lockout (PINLockoutTiers.document)"))) { f in
            try builtInBlock(f, after: 1)
        },
        .observation("builtInThirdBlock", .duration, ships: .init(parameter: "thirdBlock", changedIn: changedIn("lockout (PINLockoutTiers.document)"))) { f in
            try builtInBlock(f, after: 2)
        },
        .observation("builtInLongestBlock", .duration, ships: .init(parameter: "longestBlock", changedIn: changedIn("lockout (PINLockoutTiers.document)"))) { f in
            .duration(milliseconds: Int(try f.builtInConfiguration().lockout.longestBlock.milliseconds))
        },
        // Effects (the core's navigate requests are the observation `navigation`, not effects)
        .effect("startBiometric", arguments: [.cases(of: AuthenticationPolicy.self)]) { _, effect in
            guard case .startBiometricPrompt(let policy) = effect else { return nil }
            return [.init(.symbol(policy.rawValue))]
        },
        .effect("announce", arguments: [.text]) { _, effect in
            guard case .announce(let text) = effect else { return nil }
            return [.init(.text(text))]
        },
        // The events and parameters of §11.1's table, numbers as numbers: a row writing `duration_seconds=60s` or
        // `type=faceID` is a lint error, not a run's mismatch. Every run checks the core's events against it.
        .effect("analytics", arguments: [.domain(.enumeration(analyticsEvents.keys.sorted()))], labels: [
            "type": .cases(of: MedTimeBiometry.self), "reason": .names("cancelled", "failed"),
            "screen_name": .names("biometric_unlock"), "method": .names("biometric", "pin"),
            "attempt_number": .count, "attempts_used": .count, "duration_seconds": .count, "time_ms": .count,
        ], labelsByFirst: analyticsEvents) { _, effect in
            guard case .analytics(let event) = effect else { return nil }
            return Effect.arguments(analytics: event)
        },
        .effect("output", arguments: [outputNames], labels: ["attempts_remaining": .count], labelsByFirst: outputLabels) { _, effect in
            guard case .output(let output) = effect else { return nil }
            return outputArguments(output)
        },
        .unmodelledEffect { _, effect in
            guard case .navigate = effect else { return nil }
            return []
        },
    ],
    productBindings,
    [
        // `failures` counts the failures so far, at least the one just made (the core records the last failure).
        // Its outputs: the core's `lastFailure` after the `failures`-th failure.
        // A biometric failure needs a sensor: with `biometricType: none` the core shows no biometric prompt, so there is
        // no failure to read (lint refuses such a row, `fixture.needs-product`).
        .decision("medtime.attempt-rules", inputs: [Key.method, Key.failures], needs: [
            .need(Key.method, "biometric", product: Key.biometricType, notIn: ["none"],
                  because: "without a sensor the core shows no biometric prompt, so no biometric failure can be made"),
        ], outputs: [
            .output("action", .names("retry", "fallbackToPin", "showRemaining", "block")) { f in try f.decided().action },
            .output("remaining", .count) { f in try f.decided().remaining },
            .output("block", .duration) { f in try f.decided().block },
            .output("announcement", .text) { f in try f.decided().announcement },
        ]) { f, inputs in
            try f.decide(biometric: inputs[Key.method], failures: inputs[Key.failures])
            return []
        },
    ])

    /// The product parameters: `pinLength` and `biometricType` configure the core, the attempt limits and block tiers
    /// its configuration; `successDelay` and `fallback` must be the core's own; `platform` and `biometricPolicy` are
    /// observed through the effects.
    private static let productBindings: [FixtureBinding<MedTimeFixture>] = [
        .product("pinLength", .int(4...6), choices: ProductChoices(PINLength.allCases.map { .int($0.rawValue) }, because: "the core's PIN lengths")) { settings, item in
            guard case .int(let n) = item.value else { throw FixtureError.unknownProduct(item) }
            guard let length = PINLength(rawValue: n) else { throw FixtureError("pinLength \(n) is not 4 or 6") }
            settings.pinLength = length
        },
        .product(Key.biometricType, .enumeration(["face", "fingerprint", "none"])) { settings, item in
            guard let biometry = MedTimeBiometry(rawValue: item.value.description) else { throw FixtureError("unknown biometricType \(item.value)") }
            settings.biometry = biometry
        },
        .fixedProduct("successDelay", .duration(0...10_000), core: .duration(milliseconds: Int(MedTimeUnlock.dashboardDelay)),
                      because: "the core's success delay is fixed"),
        .fixedProduct("fallback", .enumeration(["appPIN"]), core: .symbol("appPIN"), because: "the core's only fallback is the app PIN"),
        .product("biometricAttempts", .int(1...10)) { settings, item in
            guard case .int(let n) = item.value else { throw FixtureError.unknownProduct(item) }
            settings.biometricAttempts = n
        },
        .product("pinAttempts", .int(1...10)) { settings, item in
            guard case .int(let n) = item.value else { throw FixtureError.unknownProduct(item) }
            settings.pinAttempts = n
        },
        blockTier("firstBlock", 0), blockTier("secondBlock", 1), blockTier("thirdBlock", 2), blockTier("longestBlock", 3),
        .product("credentialMemory", .int(64...65_536),
                 note: "the Argon2id memory in KiB the test PIN is enrolled with; every PIN check pays it, so the default 264 keeps the MedTime run to seconds and 65536 takes it to minutes") { settings, item in
            guard case .int(let kib) = item.value else { throw FixtureError.unknownProduct(item) }
            settings.credentialMemory = UInt32(clamping: kib)
        },
        .product("configuration", .enumeration(["product", "builtIn"])) { settings, item in
            switch item.value.description {
            case "product": settings.builtIn = false
            case "builtIn": settings.builtIn = true
            case let other: throw FixtureError("unknown configuration \(other)")
            }
        },
        // The policy is observed through startBiometric(...) effects; the core has one platform model.
        .product("platform", .enumeration(["iOS"])) { _, _ in },
        .product("biometricPolicy", .enumeration(["deviceOwnerAuthenticationWithBiometrics"])) { _, _ in },
    ]

    /// Where the core sets a value of its built-in configuration, for the developer who must change it.
    private static func changedIn(_ property: String) -> String { "AppLockCore: MedTimeUnlock.Configuration's \(property)" }

    /// The block of the built-in configuration's blocking failure number `tier` (0: the first that blocks).
    private static func builtInBlock(_ f: MedTimeFixture, after tier: Int) throws(FixtureError) -> Value {
        let lockout = try f.builtInConfiguration().lockout
        guard let block = lockout.blockDuration(afterFailure: lockout.attempts + tier) else { throw FixtureError("the built-in lockout has no block after failure \(lockout.attempts + tier)") }
        return .duration(milliseconds: Int(block.milliseconds))
    }

    /// The product parameter of the lockout tier at `index` (`PINLockoutTiers.blocks`).
    private static func blockTier(_ name: String, _ index: Int) -> FixtureBinding<MedTimeFixture> {
        .product(name, .duration(1000...86_400_000)) { settings, item in
            guard case .duration(let ms) = item.value else { throw FixtureError.unknownProduct(item) }
            settings.blocks[index] = .milliseconds(Int64(ms))
        }
    }

    private let directory: String
    private let storePath: String
    /// The device's storage faults (`storageFull` / `storageWorks`); they outlive a kill, as a full disk does.
    private let faults = StorageFaults()
    private let clock = ManualClock()
    private let pinLength: PINLength
    private let biometry: MedTimeBiometry
    /// The attempt limits and lockout tiers handed to the core (the document's unless the product sets them).
    private let biometricAttempts: Int
    private let lockout: PINLockoutTiers
    /// True for `configuration: builtIn`: the core keeps its own attempt limits and tiers.
    private let builtIn: Bool
    /// The test PIN's digits (held privately; never observed or emitted).
    // The test PINs (never observed, never emitted).
    private static let fourDigitPIN = [1, 3, 5, 7]
    private static let sixDigitPIN = [1, 3, 5, 7, 9, 0]
    /// The test PINs as typed, only so that a test can search every report for them.
    static var secretsForAudit: [String] { [fourDigitPIN, sixDigitPIN].map { $0.map(String.init).joined() } }
    private let pin: [Int]
    /// The store the running core uses (a new instance over the same file after a relaunch).
    private var store: any KeyValueStore
    /// The core; nil between a kill and a relaunch.
    private var machine: MedTimeUnlock?
    /// What one instance's process holds: its screen on its own store, the navigation it last asked for, and whether
    /// a cut write ended it.
    private typealias Process = (machine: MedTimeUnlock?, store: any KeyValueStore, navigation: String, endedByWrite: Bool)
    /// The other instance of the screen on the same store (an app and its extension), parked while the spec drives
    /// this one (`useInstance`), and which one is driven.
    private var parked: Process?
    private var instance = "app"
    /// The core's navigate effects of the last event it handled, word for word (`navigation`): the instance in front's
    /// (the other's is parked with it).
    private var lastNavigation = ""
    /// Whether a write cut by `killDuringWrite` ended the instance in front (until its relaunch): its error says so.
    private var endedByWrite = false
    /// The outputs of the last medtime.attempt-rules evaluation (they stand until the next one).
    private var decision: (action: Value, remaining: Value, block: Value, countdown: Value, announcement: Value)?
    /// The enrolled credential record (a salted Argon2id hash), to enrol the fresh cores of decision tables.
    private let credentialRecord: [UInt8]

    /// Builds a fresh core with its own FileStore and the test PIN enrolled.
    public init(product: [NamedValue]) throws(FixtureError) {
        var settings = Settings()
        try Self.bindings.configure(&settings, with: product)
        let (length, biometry, credentialMemory) = (settings.pinLength, settings.biometry, settings.credentialMemory)
        pinLength = length
        self.biometry = biometry
        biometricAttempts = settings.biometricAttempts
        lockout = PINLockoutTiers(attempts: settings.pinAttempts, blocks: settings.blocks)
        builtIn = settings.builtIn
        pin = length == .four ? Self.fourDigitPIN : Self.sixDigitPIN
        directory = ScratchDirectory.path + "lockspec-medtime-\(UUID().uuidString)"
        storePath = directory + "/store.bin"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let fileStore = FileStore(path: storePath)
            store = faults.store(path: storePath)
            let credential = try PINCredential.enroll(
                pin: SecretBytes(pin.map { UInt8(0x30 + $0) }), length: length,
                parameters: Argon2idParameters(memoryKiB: credentialMemory, iterations: 1, parallelism: 1), random: SystemRandom())
            let key = MedTimeUnlock.Configuration(biometricEnabled: false, biometry: biometry, pinLength: length).credentialKey
            try fileStore.set(credential.record, forKey: key)
            credentialRecord = credential.record
            machine = MedTimeUnlock(configuration: configuration(biometricEnabled: false), store: store, now: clock.now())
        } catch {
            throw FixtureError("could not set up the MedTime store: \(error)")
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func configuration(biometricEnabled: Bool) -> MedTimeUnlock.Configuration {
        var configuration = MedTimeUnlock.Configuration(biometricEnabled: biometricEnabled, biometry: biometry, pinLength: pinLength)
        if builtIn { return configuration } // the core's own attempt limits and tiers
        configuration.biometricAttempts = biometricAttempts
        configuration.lockout = lockout
        return configuration
    }

    /// Performs one action.
    public func perform(_ action: TestAction) throws(FixtureError) -> [Effect] {
        // A check is no step of the app: the locks of the step before it still stand.
        let step = action != .check
        if step { faults.beginStep() }
        defer { if step { faults.endStep() } }
        switch action {
        case .event(let name, let inputs):
            let effects = try Self.bindings.send(name, inputs, to: self)
            // A write cut by a kill (killDuringWrite) ends the process inside this step: what it would show is lost.
            if faults.takeKill() {
                machine = nil
                endedByWrite = true
                return []
            }
            return effects
        case .advance(let ms):
            clock.advance(by: .milliseconds(Int64(ms)))
            guard machine != nil else { return [] } // killed: only the clock moves
            return try effects(send(.tick))
        case .setClock(let ms):
            clock.setWallClock(by: .milliseconds(Int64(ms)))
            guard machine != nil else { return [] } // killed: only the clock moves
            return try effects(send(.tick))
        case .kill:
            machine = nil
            return []
        case .relaunch:
            store = faults.store(path: storePath)
            endedByWrite = false
            machine = MedTimeUnlock(configuration: configuration(biometricEnabled: false), store: store, now: clock.now())
            return []
        case .check:
            return []
        case .decide(let table, let inputs):
            return try Self.bindings.decide(table, inputs, on: self)
        case .cell(let table, let axes):
            return try Self.bindings.cell(table, axes, on: self)
        }
    }

    // MARK: - Events

    /// The core's effects as the specs name them.
    private func effects(_ core: [MedTimeEffect]) throws(FixtureError) -> [Effect] {
        try Self.bindings.effects(core, of: self)
    }

    /// The screen starts: the core is (re)built from the store with the §4.3 biometric setting, then sent `open`.
    private func open(sessionValid: Bool, biometricEnabled: Bool) throws(FixtureError) -> [MedTimeEffect] {
        guard let current = machine else { throw killedApp() }
        if current.state == .checkingSession {
            machine = MedTimeUnlock(configuration: configuration(biometricEnabled: biometricEnabled), store: store, now: clock.now())
        }
        return try send(.open(sessionValid: sessionValid))
    }

    /// The biometric prompt's answer (or the user choosing the PIN).
    private func bioResult(_ outcome: String) throws(FixtureError) -> [MedTimeEffect] {
        switch outcome {
        case "success": try send(.biometricResult(.success))
        case "failure": try send(.biometricResult(.failure))
        case "cancel": try send(.biometricResult(.cancel))
        case "usePin": try send(.usePIN)
        case let other: throw FixtureError("unknown bioResult outcome \(other)")
        }
    }

    /// Types the whole PIN, right or wrong, digit by digit; each digit's own announcement belongs to the digit event
    /// (medtime.pin-entry), not to this one.
    private func pinComplete(_ which: String) throws(FixtureError) -> [MedTimeEffect] {
        let digits: [Int]
        switch which {
        case "correct": digits = pin
        case "wrong": digits = pin.map { ($0 + 1) % 10 }
        case let other: throw FixtureError("unknown pin \(other)")
        }
        var effects: [MedTimeEffect] = []
        for (n, d) in digits.enumerated() {
            guard let current = machine else { throw killedApp() }
            let own = current.digitAnnouncement(entered: n + 1)
            effects += try send(.digit(d)).filter { $0 != own }
        }
        return effects
    }

    /// Types one key: the PIN's next digit, another digit, or a key that is no digit.
    private func digit(_ key: String) throws(FixtureError) -> [MedTimeEffect] {
        guard let current = machine else { throw killedApp() }
        let next = pin[min(current.enteredDigitCount, pin.count - 1)]
        switch key {
        case "right": return try send(.digit(next))
        case "wrong": return try send(.digit((next + 1) % 10))
        case "notADigit": return try send(.digit(10)) // a key value outside 0...9
        case let other: throw FixtureError("unknown key \(other)")
        }
    }

    /// Writes the credential record `kind` names into the store file (see the type's notes).
    private func storeCredential(_ kind: String) throws(FixtureError) {
        let key = configuration(biometricEnabled: false).credentialKey
        var record = credentialRecord
        if record.count > 1 { (record[0], record[1]) = (1, 2) } // the documented header of format 1
        switch kind {
        case "formatOne": break
        case "newerVersion": if !record.isEmpty { record[0] = 2 }
        case "otherAlgorithm": if record.count > 1 { record[1] = 1 }
        case "truncated": if !record.isEmpty { record.removeLast() }
        case "missing": break
        default: throw FixtureError("unknown credential record \(kind)")
        }
        do {
            let fileStore = faults.deviceStore(path: storePath)
            if kind == "missing" { try fileStore.remove(forKey: key) } else { try fileStore.set(record, forKey: key) }
        } catch {
            throw FixtureError("could not write the credential record: \(error)")
        }
    }

    /// Drives `which` instance from now on: the other is parked with its own store on the same path and the navigation
    /// it last asked for; the extension is built (from the store, as a process starting) the first time it is used.
    private func useInstance(_ which: String) throws(FixtureError) {
        guard ["app", "extension"].contains(which) else { throw FixtureError("unknown instance \(which)") }
        guard which != instance else { return }
        let other: Process
        if let parked {
            other = parked
        } else {
            let extensionStore = faults.store(path: storePath)
            other = (MedTimeUnlock(configuration: configuration(biometricEnabled: false), store: extensionStore, now: clock.now()), extensionStore, "", false)
        }
        parked = (machine, store, lastNavigation, endedByWrite)
        (machine, store, lastNavigation, endedByWrite) = other
        instance = which
    }

    /// Sends one event to the core at the clock's time.
    private func send(_ event: MedTimeEvent) throws(FixtureError) -> [MedTimeEffect] {
        guard var current = machine else { throw killedApp() }
        // Let go while the core handles the event, so its storage is its own and is changed in place, not copied.
        machine = nil
        let effects = current.handle(event, now: clock.now())
        machine = current
        var requests: [String] = []
        for case .navigate(let destination, let delay) in effects { requests.append("\(destination.rawValue) after \(delay)ms") }
        lastNavigation = requests.joined(separator: ", ")
        return effects
    }

    /// A §9.2 output as the specs name it: the document's event name, then its payload labelled.
    private static func outputArguments(_ output: MedTimeOutput) -> [Effect.Argument] {
        let name = Effect.Argument(.symbol(outputName(output)))
        switch output {
        case .biometricFail(let remaining), .pinFail(let remaining): return [name, .init("attempts_remaining", .int(remaining))]
        case .biometricSuccess, .pinComplete, .pinSuccess, .forgotPIN, .relogin: return [name]
        }
    }

    /// The spec's name of each of the core's outputs.
    private static func outputName(_ output: MedTimeOutput) -> String {
        switch output {
        case .biometricSuccess: "onBiometricSuccess"
        case .biometricFail: "onBiometricFail"
        case .pinComplete: "onPINComplete"
        case .pinSuccess: "onPINSuccess"
        case .pinFail: "onPINFail"
        case .forgotPIN: "onForgotPIN"
        case .relogin: "onRelogin"
        }
    }

    /// One output of each case (their counts do not name anything).
    private static let outputSamples: [MedTimeOutput] = [
        .biometricSuccess, .biometricFail(attemptsRemaining: 0), .pinComplete, .pinSuccess, .pinFail(attemptsRemaining: 0), .forgotPIN, .relogin,
    ]
    /// §11.1's analytics events, each with the parameters it carries.
    private static let analyticsEvents: [String: Set<String>] = [
        "screen_view": ["screen_name"], "biometric_attempt": ["type"], "biometric_success": ["type", "time_ms"],
        "biometric_failure": ["type", "attempt_number"], "biometric_to_pin": ["reason"], "pin_attempt": [],
        "pin_success": ["time_ms", "attempts_used"], "pin_failure": ["attempt_number"], "pin_blocked": ["duration_seconds"],
        "unlock_success": ["method"],
    ]
    /// Every output's name.
    private static let outputNames = FixtureType.domain(.enumeration(outputSamples.map(outputName)))
    /// The labels each output carries, as `outputArguments` writes them.
    private static let outputLabels = Dictionary(uniqueKeysWithValues: outputSamples.map {
        (outputName($0), Set(outputArguments($0).compactMap(\.label)))
    })

    /// Evaluates medtime.attempt-rules by driving a fresh core of its own to the `failures`-th failure of the
    /// biometric prompt (`biometric`) or of the PIN.
    private func decide(biometric: Bool, failures: Int) throws(FixtureError) {
        // Every evaluation starts on a fresh core (persistence is not observed here: an in-memory store).
        let key = configuration(biometricEnabled: biometric).credentialKey
        store = InMemoryStore(values: [key: credentialRecord])
        machine = MedTimeUnlock(configuration: configuration(biometricEnabled: biometric), store: store, now: clock.now())
        _ = try open(sessionValid: true, biometricEnabled: biometric)
        for _ in 0..<failures {
            guard let current = machine else { throw killedApp() }
            // Between PIN failures, wait out a running block so the next failure can be made.
            let wait = current.blockRemaining(at: clock.now())
            if !biometric, wait > .zero {
                clock.advance(by: wait)
                _ = try send(.tick)
            }
            _ = biometric ? try bioResult("failure") : try pinComplete("wrong")
        }
        guard let m = machine else { throw killedApp() }
        guard let failure = m.lastFailure else { throw FixtureError("the core recorded no failure after \(failures) failures") }
        decision = (action: .symbol(Self.actionName(failure.action)), remaining: .int(failure.attemptsRemaining),
                    block: .duration(milliseconds: Int(failure.block.milliseconds)), countdown: .text(m.countdown ?? ""),
                    announcement: .text(failure.announcement))
    }

    /// The attempt-rules table's names of the core's failure actions.
    private static func actionName(_ action: MedTimeFailure.Action) -> String {
        switch action {
        case .retryBiometric: "retry"
        case .fallbackToPIN: "fallbackToPin"
        case .showRemaining: "showRemaining"
        case .block: "block"
        }
    }

    /// Reads an observation. A killed app serves only the device's conditions and the last decision's outputs.
    public func observe(_ name: String) throws(FixtureError) -> Value {
        try Self.bindings.observe(name, on: self, killed: machine == nil)
    }

    /// The error of a step the instance in front cannot take, as it is killed.
    private func killedApp() -> FixtureError { faults.killedApp(endedByWrite: endedByWrite) }

    /// The running core.
    private func core() throws(FixtureError) -> MedTimeUnlock {
        guard let machine else { throw killedApp() }
        return machine
    }

    /// The core's own configuration for this device and PIN length, as the app ships it (`configuration: builtIn`),
    /// while the app runs.
    private func builtInConfiguration() throws(FixtureError) -> MedTimeUnlock.Configuration {
        _ = try core()
        return MedTimeUnlock.Configuration(biometricEnabled: false, biometry: biometry, pinLength: pinLength)
    }

    /// The outputs of the last medtime.attempt-rules evaluation.
    private func decided() throws(FixtureError) -> (action: Value, remaining: Value, block: Value, countdown: Value, announcement: Value) {
        if let decision { return decision }
        _ = try core()
        throw FixtureError("no observation: the outputs of medtime.attempt-rules stand only after one of its rows")
    }

}
