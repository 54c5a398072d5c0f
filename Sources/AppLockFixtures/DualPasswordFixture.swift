import AppLockCore
import Conformance
import Foundation
import SpecKit

/// Binds the 'dual-password' specs (decoy.unlock, decoy.test-matrix, decoy.scenarios, decoy.password-policy,
/// decoy.failure-delay) to AppLockCore's `DualPassword`.
///
/// Each instance owns a temporary directory with a `FileStore` (removed in `deinit`) and a manual clock. Setup installs
/// a main and a decoy password with real Argon2id at the light test parameters, then keeps the core's record of the
/// persisted slots, Real's found by the main password (`persistedSlots(realPassword:)`); `realUnchanged`/`realIntact`/
/// `realErased` are the core's answers against it (`realSlotUnchanged(since:)`, `realSlotOverwritten(since:)`).
///
/// Equal work is observed, not reported: the core's `Configuration.keyDerivation` is the real Argon2id wrapped in a
/// counter this fixture owns, and `kdfRuns` is how many derivations the core asked it for during the last step.
///
/// Translation notes: the product's `delayCap` becomes `DualPassword.Configuration.failureDelayCap`, `derivation`
/// (`parallel` or `sequential`) its `parallelDerivation`;
/// `installSeed` the seed of the device's random source (which draws the slot order at install);
/// `faceIDAtInstall` set-up's `quickUnlock` (left out, set-up's own default); `random: system` the system's random
/// source (`SystemRandom`) instead of the seeded one; `saltsDiffer` the core's `persistedSaltsDiffer`; `appVersion` the
/// configuration's app version (written into each slot record's header); `deviceSecret: present` a fixed 32-byte test
/// secret as the configuration's device secret (Argon2's secret input), given to set-up and the lock screen alike;
/// `submit(waited: cap)` advances the clock by that cap first; `advance` by a negative amount sets the device's wall
/// clock back (no time passes); `reboot(after:)`, only while the app is killed, restarts the device's uptime clock in
/// a new boot with the wall clock `after` later; the test
/// secrets are held here and never observed; `type` keeps the app's own reference to each character it hands the
/// field, and `typedHeld` is the core's count of those it has not zeroed (`SecretBytes.unwipedCount`, read from the
/// shared bytes; a kill drops them); `lock(reason: timeout)` is the core's `.timeout`, `manual` its `.lock`.
public final class DualPasswordFixture: BoundFixture {
    /// What the product values configure before the two passwords are installed.
    public struct Settings {
        /// The Argon2id parameters set-up installs with: light ones, or nil for set-up's own default.
        var parameters: Argon2idParameters? = .testing
        /// The core's settings: the default ones, with the product's.
        var configuration = DualPassword.Configuration()
        /// The seed of the device's random source.
        var seed: UInt64 = 0xD0A1
        /// The device's random source is the system's (`SystemRandom`) instead of the seeded one.
        var systemRandom = false
        /// Whether set-up turns Face ID quick unlock on (`install(quickUnlock:)`); nil leaves set-up its default.
        var faceIDAtInstall: Bool?
    }
    /// The core's effects.
    public typealias CoreEffect = DualPasswordEffect

    /// Every name this fixture knows, once, with its domain and what it does.
    public static let bindings: FixtureBindings<DualPasswordFixture> = FixtureBindings(relaunches: true, setsClock: true,
                                                                                       instanceSwitch: .init(event: "useInstance", input: Key.instance.name, initial: "app"),
                                                                                       eventBindings, deviceBindings,
                                                                                       StorageFaults.bindings { f in (f.faults, f.storePath) },
                                                                                       StorageFaults.conditionBindings { f in f.faults },
                                                                                       observationBindings, effectBindings, productBindings, tableBindings)

    /// The inputs of the events, the tables and the matrix, each declared once with its domain.
    private enum Key {
        // The lock screen and the settings
        static let password = FixtureInput.expression("password", operands: passwords)
        /// Whether the submission waits out the failure delay's cap first.
        static let waited = FixtureInput.names("waited", ["none": false, "cap": true])
        static let outcome = FixtureInput.names("outcome", ["success": AuthenticationReply.success, "failure": .failure, "cancel": .cancel])
        static let reason = FixtureInput.names("reason", ["timeout": DualPasswordEvent.timeout, "manual": .lock])
        static let allowed = FixtureInput.bool("allowed")
        /// Whether the answer declines (the erase set-up is cancelled).
        static let answer = FixtureInput.names("answer", ["accept": false, "decline": true])
        static let text = FixtureInput.expression("text", operands: passwords)
        // The device
        static let record = FixtureInput.names("record", "damagedSeal", "swappedSlots", "hostileKDF", "plantedName", "failureEarlierLayout",
                                                "failureAtStartOfTime", "eraseSwitchedOn", "eraseSwitchedOnWithoutKey")
        /// `which` names two inputs: a slot record's position (editSlot) and an instance of the core (useInstance).
        private static let which = "which"
        static let position = FixtureInput.names(which, "first", "second", "both")
        static let instance = FixtureInput.names(which, ["app": "app", "extension": "extension"])
        static let field = FixtureInput.names("field", "formatVersion", "algorithm", "memoryKiB", "iterations", "parallelism", "length")
        static let value = FixtureInput.int("value", 0...4_294_967_295)
        static let after = FixtureInput.duration("after")
        // The tables and the matrix
        /// Whether the candidate is a numeric PIN (`numericPIN`) or text.
        static let kind = FixtureInput.names("kind", ["text": false, "numericPIN": true])
        /// The candidate's length in characters. The fixture writes the candidate out and sets it up as a password, so
        /// the length is bounded: 1,024 is far past the policy's minimum lengths (the core sets no maximum).
        static let length = FixtureInput.int("length", 0...1024)
        static let sameAsOther = FixtureInput.bool("sameAsOther")
        /// Whether the candidate is set as the decoy password (`decoy`) or the main one.
        static let slot = FixtureInput.names("slot", ["main": false, "decoy": true])
        static let failures = FixtureInput.count("failures")
        static let action = FixtureInput.names("action", "mainCorrect", "decoyCorrect", "wrong", "empty", "cancel", "faceIDSuccess",
                                               "faceIDFailure", "background", "killRelaunch")
        /// Whether the cell's set-up turns erase on.
        static let erase = FixtureInput.names("erase", ["on": true, "off": false])
    }

    /// The events of the lock screen and the settings.
    private static let eventBindings: [FixtureBinding<DualPasswordFixture>] = [
        .event("submit", inputs: [Key.password, Key.waited]) { f, inputs in
            if try inputs[Key.waited] { f.clock.advance(by: f.configuration.failureDelayCap) }
            return try f.emit(.submit(f.secret(inputs[Key.password])))
        },
        .event("faceID", inputs: [Key.outcome]) { f, inputs in try f.emit(.faceIDResult(inputs[Key.outcome])) },
        .event("cancel") { f, _ in try f.emit(.cancel) },
        .event("background") { f, _ in try f.emit(.background) },
        .event("lock", inputs: [Key.reason]) { f, inputs in try f.emit(inputs[Key.reason]) },
        .event("setFaceID", inputs: [Key.allowed]) { f, inputs in try f.emit(.setQuickUnlock(inputs[Key.allowed])) },
        .event("eraseSwitchOn", inputs: [Key.password]) { f, inputs in try f.emit(.beginEnableErase(f.secret(inputs[Key.password]))) },
        .event("confirm", inputs: [Key.answer]) { f, inputs in
            guard let step = f.core?.eraseSetup else { throw f.killedApp() }
            if try inputs[Key.answer] { return try f.emit(.cancelEraseSetup) }
            return try f.emit(step == .warning ? .acknowledgeEraseWarning : .confirmEnableErase)
        },
        .event("eraseSwitchOff", inputs: [Key.password]) { f, inputs in try f.emit(.disableErase(f.secret(inputs[Key.password]))) },
        // One event per character, as a keyboard delivers them.
        .event("type", inputs: [Key.text]) { f, inputs in
            var effects: [DualPasswordEffect] = []
            let text = try f.text(inputs[Key.text])
            // Each typed character is a secret of its own, kept until the fixture ends (about 250 bytes): a run types
            // at most this many, so a long text repeated cannot take the machine's memory.
            guard f.typed.count + text.count <= DualPasswordFixture.maximumTyped else {
                throw FixtureError("type: a run types at most \(DualPasswordFixture.maximumTyped) characters into the field (each one is kept as a secret of its own); this step would pass that")
            }
            for character in text {
                let typed = SecretBytes(utf8: String(character))
                f.typed.append(typed)
                effects += try f.send(.typeCharacter(typed))
            }
            return try f.effects(effects)
        },
        .event("deleteBackward") { f, _ in try f.emit(.deleteBackward) },
        .event("clearField") { f, _ in try f.emit(.clearField) },
        .event("submitField") { f, _ in try f.emit(.submitField) },
        // The dialog's two buttons as the core receives them, whatever the dialog shows (a stale button's tap).
        .event("acknowledgeWarning") { f, _ in try f.emit(.acknowledgeEraseWarning) },
        .event("confirmErase") { f, _ in try f.emit(.confirmEnableErase) },
    ]

    /// Why only a scenario can edit the store's files: a machine's rows cannot say that the records are there.
    private static let slotRecordsOnDisk = "it edits the slot records on disk, which exist only after a set-up and before an erase, and its values must fit the record's fields: only the steps before it can say so"

    /// The device: its files (an attacker's edits, `DualPasswordFaults`), a reboot, which process is in front; all
    /// served by a killed app.
    private static let deviceBindings: [FixtureBinding<DualPasswordFixture>] = [
        .event("tamperStore", inputs: [Key.record], whileKilled: .served, scenarioOnly: slotRecordsOnDisk) { f, inputs in
            try DualPasswordFaults.tamper(inputs[Key.record], store: f.faults.deviceStore(path: f.storePath), keys: f.configuration.keys, boot: f.clock.now().boot)
            return []
        },
        .event("editSlot", inputs: [Key.position, Key.field, Key.value],
               bounds: DualPasswordFaults.valueBounds(input: Key.value.name, by: Key.field.name), whileKilled: .served,
               scenarioOnly: slotRecordsOnDisk) { f, inputs in
            try DualPasswordFaults.edit(which: inputs[Key.position], field: inputs[Key.field], value: inputs[Key.value],
                                        store: f.faults.deviceStore(path: f.storePath), keys: f.configuration.keys)
            return []
        },
        // The device restarts: its uptime clock starts again in a new boot, the wall clock moves on by `after`. A
        // reboot ends the app: it comes only between a kill and a relaunch.
        .event("reboot", inputs: [Key.after], whileKilled: .only) { f, inputs in
            f.clock.reboot(after: .milliseconds(Int64(try inputs[Key.after])))
            return []
        },
        // The app keeps a copy of the lock's value, as a view's state does (the copy shares the unsealed slot).
        .event("keepCopy") { f, _ in
            f.copy = try f.running()
            return []
        },
        .event("useInstance", inputs: [Key.instance], whileKilled: .served) { f, inputs in
            try f.useInstance(inputs[Key.instance])
            return []
        },
    ]

    /// The events after which the store may not read: reads made to fail, a damaged file, or a restored image the
    /// core cannot read (the core decides which; the fixture does not).
    private static let storeBreakers: Set<String> = ["storageUnreadable", "corruptStore", "restoreStore"]

    /// The observations: the core's answers, the device's files, and the outputs of the tables.
    private static let observationBindings: [FixtureBinding<DualPasswordFixture>] = [
        .observation("state", .names("Locked", "RealUnlocked", "DecoyUnlocked")) { f in .symbol(try f.running().state.rawValue) },
        .observation("eraseEnabled", .bool) { f in .bool(try f.running().eraseEnabled) },
        .observation("realErased", .bool) { f in .bool(try f.running().realSlotOverwritten(since: f.installed)) },
        .observation("failures", .count) { f in .int(try f.running().failureCount) },
        .observation("faceIDAllowed", .bool) { f in .bool(try f.running().quickUnlockEnabled) },
        .observation("eraseSetup", .names("idle", "warned", "confirming")) { f in .symbol(eraseSetupName(try f.running().eraseSetup)) },
        .observation("waiting", .bool) { f in .bool(try f.running().isDelaying(at: f.clock.now())) },
        .observation("realUnchanged", .bool) { f in .bool(try f.running().realSlotUnchanged(since: f.installed)) },
        .observation("kdfRuns", .count) { f in
            _ = try f.running()
            return .int(f.stepDerivations)
        },
        .observation("saltsDiffer", .bool) { f in .bool(try f.running().persistedSaltsDiffer) },
        .observation("kdfMemoryKiB", .count, unreadableAfter: storeBreakers) { f in .int(Int(try f.persistedParameters().memoryKiB)) },
        .observation("kdfIterations", .count, unreadableAfter: storeBreakers) { f in .int(Int(try f.persistedParameters().iterations)) },
        .observation("kdfParallelism", .count, unreadableAfter: storeBreakers) { f in .int(Int(try f.persistedParameters().parallelism)) },
        // The core's answer whether both records read back with one set of parameters (§5: the same shape for both
        // slots); nil when a record is unreadable or the two disagree.
        .observation("kdfShared", .bool) { f in
            switch try f.running().persistedKDFParameters {
            case .some: .bool(true)
            case .none: .bool(false)
            }
        },
        .observation("eraseRan", .bool) { f in try f.outputs.eraseRan ?? .bool(f.running().hasErased) },
        .observation("inputLength", .count) { f in .int(try f.running().field.length) },
        .observation("profileKeyHeld", .bool) { f in .bool(try f.running().holdsProfileKey) },
        .observation("copyProfileKeyHeld", .bool) { f in .bool(try f.keptCopy().holdsProfileKey) },
        // The container the session's key opens, of the two set-up made (the core compares; never the key itself).
        .observation("profileKeyOpens", .cases(of: DualPassword.ProfileKeyMatch.self)) { f in
            .symbol(try f.running().profileKeyMatch(f.containerKeys).rawValue)
        },
        // The characters the app handed the field that still hold their bytes, each as the core left it
        // (`SecretBytes.isWiped` reads the shared bytes): §5's input buffer released as soon as possible.
        .observation("typedHeld", .count) { f in .int(SecretBytes.unwipedCount(f.typed)) },
        // The device's files, readable while the app is killed: the core's audits of what its store left.
        .observation("leftoverFiles", .count, whileKilled: .served) { f in
            do { return .int(try FileStore.leftoverCount(besideStoreAt: f.storePath)) } catch { throw FixtureError("the store's directory cannot be read") }
        },
        .observation("realOpensFromAnyFile", .bool, whileKilled: .served) { f in
            do {
                return .bool(try DualPassword.realOpensFromAnyFile(besideStoreAt: f.storePath, password: f.secret("main"), configuration: f.configuration))
            } catch {
                throw FixtureError("the store's directory cannot be read")
            }
        },
        // The cap of the core's own default configuration (what an app that sets none gets), not the product's.
        .observation("builtInDelayCap", .duration, whileKilled: .served,
                     ships: .init(parameter: "delayCap", changedIn: "AppLockCore: DualPassword.Configuration's default failureDelayCap")) { _ in
            .duration(milliseconds: Int(DualPassword.Configuration().failureDelayCap.milliseconds))
        },
        .observation("persistedNamesNeutral", .bool, whileKilled: .served, unreadableAfter: storeBreakers) { f in
            do { return .bool(try DualPassword.persistedNamesAreNeutral(in: f.store)) } catch { throw FixtureError("the store cannot be read") }
        },
        // The names themselves, as the store lists them (sorted, so the text does not depend on the file's order): the
        // table, not the core's word list, says which names §9's static check allows.
        .observation("persistedNames", .text, whileKilled: .served, unreadableAfter: storeBreakers) { f in
            do { return .text(try f.store.keys().sorted().joined(separator: ", ")) } catch { throw FixtureError("the store cannot be read") }
        },
    ]

    /// The effects. An error text is named by which of the core's configured messages it is: the neutral refusal or
    /// a setting the store refused; any other is an error.
    private static let effectBindings: [FixtureBinding<DualPasswordFixture>] = [
        .effect("openReal") { _, effect in if case .openProfile(.real) = effect { [] } else { nil } },
        .effect("openDecoy") { _, effect in if case .openProfile(.decoy) = effect { [] } else { nil } },
        .effect("eraseReal") { _, effect in if case .erase = effect { [] } else { nil } },
        .effect("neutralError") { f, effect in if case .showError(let text) = effect, text == f.configuration.neutralError { [] } else { nil } },
        .effect("settingNotSaved") { f, effect in
            if case .showError(let text) = effect, text == f.configuration.settingNotSavedError { [] } else { nil }
        },
        .effect("clearInput") { _, effect in if case .clearInput = effect { [] } else { nil } },
        .effect("showNeutralCover") { _, effect in if case .showNeutralCover = effect { [] } else { nil } },
        .effect("releaseSession") { _, effect in if case .releaseProfile = effect { [] } else { nil } },
        .effect("showIrreversibleWarning") { _, effect in if case .presentEraseWarning = effect { [] } else { nil } },
        .effect("askSecondConfirmation") { _, effect in if case .presentEraseConfirmation = effect { [] } else { nil } },
    ]

    /// The product parameters. The erase default and the minimum lengths are the core's fixed values (§2): the core
    /// cannot be configured with others, so lint refuses them rather than the run passing on values it never set.
    private static let productBindings: [FixtureBinding<DualPasswordFixture>] = [
        .fixedProduct("eraseDefault", .bool, core: .bool(false), because: "the core's erase option is off until the user turns it on, §2"),
        .fixedProduct("minPasswordLength", .int(1...64), core: .int(PasswordPolicy.minimumCharacters), because: "the core's password policy asks at least that many characters, §2"),
        .fixedProduct("minNumericPinLength", .int(1...64), core: .int(PasswordPolicy.minimumPINDigits), because: "the core's password policy asks at least that many digits of a PIN, §2"),
        .product("delayCap", .duration(0...3_600_000)) { settings, item in
            guard case .duration(let ms) = item.value else { throw FixtureError.unknownProduct(item) }
            settings.configuration.failureDelayCap = .milliseconds(Int64(ms))
        },
        // Light Argon2id parameters keep the rows fast; `installDefault` installs the way a real install does, with
        // the core's own default parameters, so a row can check what it persists.
        .product("kdf", .enumeration(["light", "installDefault"])) { settings, item in
            switch item.value {
            case .symbol("light"): settings.parameters = .testing
            case .symbol("installDefault"): settings.parameters = nil
            default: throw FixtureError.unknownProduct(item)
            }
        },
        .product("derivation", .enumeration(["parallel", "sequential"])) { settings, item in
            switch item.value {
            case .symbol("parallel"): settings.configuration.parallelDerivation = true
            case .symbol("sequential"): settings.configuration.parallelDerivation = false
            default: throw FixtureError.unknownProduct(item)
            }
        },
        .product("faceIDAtInstall", .bool) { settings, item in
            guard case .bool(let on) = item.value else { throw FixtureError.unknownProduct(item) }
            settings.faceIDAtInstall = on
        },
        // `system` draws from the operating system's CSPRNG, as an app does: a row then holds whatever it draws.
        .product("random", .enumeration(["seeded", "system"])) { settings, item in
            switch item.value {
            case .symbol("seeded"): settings.systemRandom = false
            case .symbol("system"): settings.systemRandom = true
            default: throw FixtureError.unknownProduct(item)
            }
        },
        .product("installSeed", .int(0...65_535)) { settings, item in
            guard case .int(let value) = item.value else { throw FixtureError.unknownProduct(item) }
            settings.seed = UInt64(value)
        },
        .product("appVersion", .int(0...4_294_967_295)) { settings, item in
            guard case .int(let value) = item.value else { throw FixtureError.unknownProduct(item) }
            settings.configuration.appVersion = UInt32(clamping: value)
        },
        .product("deviceSecret", .enumeration(["none", "present"])) { settings, item in
            switch item.value {
            case .symbol("none"): settings.configuration.deviceSecret = nil
            case .symbol("present"): settings.configuration.deviceSecret = DeviceSecret(SecretBytes(deviceSecretBytes))
            default: throw FixtureError.unknownProduct(item)
            }
        },
    ]

    /// The decision tables and the matrix.
    private static let tableBindings: [FixtureBinding<DualPasswordFixture>] = [
        .decision("decoy.password-policy", inputs: [Key.kind, Key.length, Key.sameAsOther, Key.slot], outputs: [
            .output("accepted", .bool) { f in try FixtureError.standingOutput(f.outputs.accepted) },
            .output("reason", .names("none", "tooShort", "mustDiffer")) { f in try FixtureError.standingOutput(f.outputs.reason) },
        ]) { f, inputs in
            try f.decidePolicy(digits: inputs[Key.kind], length: inputs[Key.length], sameAsOther: inputs[Key.sameAsOther],
                               asDecoy: inputs[Key.slot])
            return []
        },
        .decision("decoy.failure-delay", inputs: [Key.failures], outputs: [
            .output("delay", .duration) { f in try FixtureError.standingOutput(f.outputs.delay) },
        ]) { f, inputs in
            let delay = FailureDelay.delay(afterFailures: try inputs[Key.failures], cap: f.configuration.failureDelayCap)
            f.outputs = Outputs(delay: .duration(milliseconds: Int(delay.milliseconds)))
            return []
        },
        // eraseRan is an observation of its own, which a cell's outcome stands for while it stands.
        .matrix("decoy.test-matrix", axes: [Key.action, Key.erase], outputs: [
            .output("profile", .names("none", "real", "decoy")) { f in try FixtureError.standingOutput(f.outputs.profile) },
            .output("realIntact", .bool) { f in try FixtureError.standingOutput(f.outputs.realIntact) },
            .output("error", .names("none", "neutral")) { f in try FixtureError.standingOutput(f.outputs.error) },
            .output("inputCleared", .bool) { f in try FixtureError.standingOutput(f.outputs.inputCleared) },
        ]) { f, axes in
            try f.cell(action: axes[Key.action], eraseOn: axes[Key.erase])
            return []
        },
    ]

    /// The passwords a spec's password expression can name (`main + " "`, `upper(main)`, `prefix(decoy, 3)`); the
    /// spec never holds the text itself.
    private static let passwords = ["decoy", "empty", "main", "wrong"]

    // The test secrets (never observed, never emitted).
    private static let mainPassword = "orchard-lantern-42"
    private static let decoyPassword = "harbor-pebble-17"
    private static let wrongPassword = "neither-of-them-9"
    /// The device secret of `deviceSecret: present`: 32 fixed bytes (a Keychain item's worth).
    private static let deviceSecretBytes: [UInt8] = (0..<32).map { UInt8(0xA0 &+ $0) }
    /// The test secrets, only so that a test can search every report for them.
    static var secretsForAudit: [String] { [mainPassword, decoyPassword, wrongPassword] }

    private let directory: String
    private let storePath: String
    private let clock = ManualClock()
    /// The device's random source, seeded (product `installSeed`, default 0xD0A1) or the system's (product
    /// `random: system`): it draws the slot order, salts,
    /// nonces and keys at install, and the erase's filler.
    private let random: any RandomSource
    /// The core's settings: the default ones, with the product's failure-delay cap.
    private let configuration: DualPassword.Configuration
    private var store: any KeyValueStore
    /// The device's storage faults (`storageFull` / `storageWorks`); they outlive a kill, as a full disk does.
    private let faults = StorageFaults()
    private var core: DualPassword?
    /// The copy of the lock's value the app keeps, as a view's state would: the launch's own value, then the one
    /// `keepCopy` took. A kill drops it with the process.
    private var copy: DualPassword?
    /// The most characters one run types into the field (`type`): about 250 MB of secrets.
    static let maximumTyped = 1_000_000
    /// The persisted slots right after install, as the core records them.
    private let installed: DualPassword.PersistedSlots
    /// The two profile keys set-up returned, as a shell keeps them to make each profile's container.
    private let containerKeys: InstalledProfileKeys
    /// What the core decided in the last table step (it stands until the next one).
    private var outputs = Outputs()
    /// Every derivation the core makes goes through this counter (the core never counts for itself).
    private let derivations: CountingKeyDerivation
    /// The derivations the last `perform` asked for: the counter's difference across it.
    private var stepDerivations = 0
    /// What one instance's process holds: its core on its own store, its kept copy, the characters it typed, and
    /// whether a cut write ended it.
    private typealias Process = (core: DualPassword?, store: any KeyValueStore, copy: DualPassword?, typed: [SecretBytes], endedByWrite: Bool)
    /// The other instance on the same store (an app and its extension), parked while the spec drives this one
    /// (`useInstance`), and which one is driven.
    private var parked: Process?
    private var instance = "app"
    /// The app's own references to the characters it typed (as a keyboard's buffer holds them); a kill drops them
    /// with the process's memory.
    private var typed: [SecretBytes] = []
    /// Whether a write cut by `killDuringWrite` ended the instance in front (until its relaunch): its error says so.
    private var endedByWrite = false

    /// Installs the two passwords as set-up does; a product value left out (nil) leaves set-up its own default, so a
    /// row without it checks that default.
    private static func install(store: FileStore, random: any RandomSource, parameters: Argon2idParameters?,
                                configuration: DualPassword.Configuration, faceID: Bool?) throws -> InstalledProfileKeys {
        let main = SecretBytes(utf8: mainPassword), decoy = SecretBytes(utf8: decoyPassword)
        switch (parameters, faceID) {
        case let (parameters?, faceID?):
            return try DualPassword.install(main: main, decoy: decoy, store: store, random: random, parameters: parameters,
                                            configuration: configuration, quickUnlock: faceID)
        case let (parameters?, nil):
            return try DualPassword.install(main: main, decoy: decoy, store: store, random: random, parameters: parameters,
                                            configuration: configuration)
        case let (nil, faceID?):
            return try DualPassword.install(main: main, decoy: decoy, store: store, random: random, configuration: configuration,
                                            quickUnlock: faceID)
        case (nil, nil):
            return try DualPassword.install(main: main, decoy: decoy, store: store, random: random, configuration: configuration)
        }
    }

    /// The outputs of a table step, each as the core gave it.
    private struct Outputs {
        var accepted: Value?, reason: Value?, delay: Value?
        var profile: Value?, realIntact: Value?, eraseRan: Value?, error: Value?, inputCleared: Value?
    }

    /// Builds a fresh core with a main and a decoy password installed.
    public init(product: [NamedValue]) throws(FixtureError) {
        var settings = Settings()
        try Self.bindings.configure(&settings, with: product)
        var configuration = settings.configuration
        let parameters = settings.parameters, seed = settings.seed, faceID = settings.faceIDAtInstall
        let random: any RandomSource = settings.systemRandom ? SystemRandom() : SeededRandom(seed: seed)
        self.random = random
        directory = ScratchDirectory.path + "lockspec-dual-\(UUID().uuidString)"
        storePath = directory + "/store.bin"
        let counter = CountingKeyDerivation()
        configuration.keyDerivation = counter
        derivations = counter
        // With `deviceSecret: present` the store is keyed with it too, as a shell given the secret keys its store.
        faults.holdDeviceSecret(configuration.deviceSecret)
        let fileStore = FileStore(path: storePath, deviceSecret: configuration.deviceSecret)
        store = faults.store(path: storePath)
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            // Set-up and the lock screen get the same configuration, as a shell gives them (the app version and the
            // device secret go into the slot records); `kdf: installDefault` leaves the parameters to set-up's default.
            containerKeys = try Self.install(store: fileStore, random: random, parameters: parameters, configuration: configuration,
                                             faceID: faceID)
        } catch {
            throw FixtureError("could not install the two passwords: \(error)")
        }
        self.configuration = configuration
        let core = DualPassword(configuration: configuration, store: store, random: random)
        guard let installed = core.persistedSlots(realPassword: SecretBytes(utf8: Self.mainPassword)) else {
            throw FixtureError("the main password opens no Real slot after set-up")
        }
        self.installed = installed
        self.core = core
        copy = core
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The text a password expression stands for (errors name the expression, never the text).
    private func text(_ expression: String) throws(FixtureError) -> String {
        guard case .success(let e) = TextExpression.parse(expression) else { throw FixtureError("'\(expression)' is not a password expression") }
        let operands = ["main": Self.mainPassword, "decoy": Self.decoyPassword, "wrong": Self.wrongPassword, "empty": ""]
        guard let text = e.evaluate({ operands[$0] }) else { throw FixtureError("'\(expression)' names a password this fixture does not configure") }
        return text
    }

    private func secret(_ expression: String) throws(FixtureError) -> SecretBytes {
        SecretBytes(utf8: try text(expression))
    }

    /// Performs one action.
    public func perform(_ action: TestAction) throws(FixtureError) -> [Effect] {
        let before = derivations.count
        // A check is no step of the app: the locks of the step before it still stand.
        let step = action != .check
        if step { faults.beginStep() }
        defer {
            stepDerivations = derivations.count - before
            if step { faults.endStep() }
        }
        switch action {
        case .event(let name, let inputs):
            let effects = try Self.bindings.send(name, inputs, to: self)
            // A write cut by a kill (killDuringWrite) ends the process inside this step: what it would show is lost.
            if faults.takeKill() {
                endProcess()
                endedByWrite = true
                return []
            }
            return effects
        case .advance(let ms):
            clock.advance(by: .milliseconds(Int64(ms)))
            return []
        case .setClock(let ms):
            clock.setWallClock(by: .milliseconds(Int64(ms)))
            return []
        case .kill:
            endProcess()
            return []
        case .relaunch:
            store = faults.store(path: storePath)
            endedByWrite = false
            core = DualPassword(configuration: configuration, store: store, random: random)
            copy = core
            return []
        case .check:
            return []
        case .decide(let table, let inputs):
            return try Self.bindings.decide(table, inputs, on: self)
        case .cell(let table, let axes):
            return try Self.bindings.cell(table, axes, on: self)
        }
    }

    /// Sends one event to the core and returns its effects as the specs name them.
    private func emit(_ event: DualPasswordEvent) throws(FixtureError) -> [Effect] {
        try effects(send(event))
    }

    /// The core's effects as the specs name them.
    private func effects(_ core: [DualPasswordEffect]) throws(FixtureError) -> [Effect] {
        try Self.bindings.effects(core, of: self)
    }

    private func send(_ event: DualPasswordEvent) throws(FixtureError) -> [DualPasswordEffect] {
        guard var current = core else { throw killedApp() }
        // The fixture lets go of the core while it handles the event, so the core's storage is its own and grows in
        // place: held twice, every typed character copied the whole field (a trial's 72,000 characters took a minute).
        core = nil
        let effects = current.handle(event, now: clock.now())
        core = current
        return effects
    }

    /// Drives `which` instance from now on: the other is parked with its own store on the same path and its own
    /// process's memory; the extension is built (from the store, as a process starting, its launch value its kept
    /// copy) the first time it is used.
    private func useInstance(_ which: String) throws(FixtureError) {
        guard which != instance else { return }
        let other: Process
        if let parked {
            other = parked
        } else {
            let extensionStore = faults.store(path: storePath)
            let launched = DualPassword(configuration: configuration, store: extensionStore, random: random)
            other = (launched, extensionStore, launched, [], false)
        }
        parked = (core, store, copy, typed, endedByWrite)
        (core, store, copy, typed, endedByWrite) = other
        instance = which
    }

    /// decoy.password-policy, asked of set-up itself: is a password of this kind (`digits`: a numeric PIN) and length
    /// accepted for the slot (`asDecoy`: the decoy's), the other slot's the same (`sameAsOther`) or not?
    private func decidePolicy(digits: Bool, length: Int, sameAsOther: Bool, asDecoy: Bool) throws(FixtureError) {
        let alphabet: [Character] = digits ? Array("0123456789") : Array("abcdefgh")
        var candidate = ""
        for i in 0..<length { candidate.append(alphabet[i % alphabet.count]) }
        let other = sameAsOther ? candidate : (digits ? "9" : "z") + candidate
        // Asked of set-up itself (the product's entry point), on a scratch in-memory store with light parameters;
        // the candidate is set as the slot's password and `other` as the other slot's.
        do {
            try DualPassword.install(
                main: SecretBytes(utf8: asDecoy ? other : candidate), decoy: SecretBytes(utf8: asDecoy ? candidate : other),
                store: InMemoryStore(), random: SeededRandom(seed: 1), parameters: .testing)
            outputs = Outputs(accepted: .bool(true), reason: .symbol("none"))
        } catch let error as PasswordPolicyError {
            let reason: String
            switch error {
            case .tooShort, .pinTooShort: reason = "tooShort"
            case .sameAsOther: reason = "mustDiffer"
            }
            outputs = Outputs(accepted: .bool(false), reason: .symbol(reason))
        } catch {
            throw FixtureError("set-up failed for another reason than the password policy")
        }
    }

    /// One cell of decoy.test-matrix: the setup of the spec's notes (Real open once, Face ID allowed, erase on or
    /// off, locked, a few characters typed), then the action; every observation is the core's.
    private func cell(action: String, eraseOn: Bool) throws(FixtureError) {
        _ = try send(.submit(secret("main")))
        _ = try send(.setQuickUnlock(true))
        if eraseOn {
            _ = try send(.beginEnableErase(secret("main")))
            _ = try send(.acknowledgeEraseWarning)
            _ = try send(.confirmEnableErase)
        }
        _ = try send(.lock)
        for character in "abc" { _ = try send(.typeCharacter(SecretBytes(utf8: String(character)))) }
        switch action {
        case "mainCorrect": _ = try send(.submit(secret("main")))
        case "decoyCorrect": _ = try send(.submit(secret("decoy")))
        case "wrong": _ = try send(.submit(secret("wrong")))
        case "empty": _ = try send(.submit(secret("empty")))
        case "cancel": _ = try send(.cancel)
        case "faceIDSuccess": _ = try send(.faceIDResult(.success))
        case "faceIDFailure": _ = try send(.faceIDResult(.failure))
        case "background": _ = try send(.background)
        case "killRelaunch":
            _ = try perform(.kill)
            _ = try perform(.relaunch)
        default: throw FixtureError("unknown action \(action)")
        }
        guard let c = core else { throw killedApp() }
        outputs = Outputs(profile: .symbol(Self.profile(c.openProfile)), realIntact: .bool(c.realSlotUnchanged(since: installed)),
                          eraseRan: .bool(c.hasErased), error: .symbol(c.lastStepShowedError ? "neutral" : "none"),
                          inputCleared: .bool(c.field.isEmpty))
    }

    private static func profile(_ role: ProfileRole?) -> String {
        switch role {
        case .real?: "real"
        case .decoy?: "decoy"
        case nil: "none"
        }
    }

    /// Reads an observation. A killed app serves only the device's conditions and files and the last table's
    /// outputs.
    public func observe(_ name: String) throws(FixtureError) -> Value {
        try Self.bindings.observe(name, on: self, killed: core == nil)
    }

    /// The app's process ends (a kill): the core and everything the app held in memory are gone.
    private func endProcess() {
        core = nil
        copy = nil
        typed = []
    }

    /// The error of a step the instance in front cannot take, as it is killed.
    private func killedApp() -> FixtureError { faults.killedApp(endedByWrite: endedByWrite) }

    private func keptCopy() throws(FixtureError) -> DualPassword {
        guard let copy else { throw killedApp() }
        return copy
    }

    /// The running core.
    private func running() throws(FixtureError) -> DualPassword {
        guard let core else { throw killedApp() }
        return core
    }

    /// The Argon2id parameters both persisted slot records carry, which must agree (same shape for both slots, §5).
    private func persistedParameters() throws(FixtureError) -> Argon2idParameters {
        guard let parameters = try running().persistedKDFParameters else {
            throw FixtureError("the two slot records cannot be read or persist different parameters")
        }
        return parameters
    }


    private static func eraseSetupName(_ step: EraseSetupStep) -> String {
        switch step {
        case .idle: "idle"
        case .warning: "warned"
        case .confirmation: "confirming"
        }
    }

}
