import AppLockCore
import Conformance
import Foundation
import SpecKit

/// Binds the 'dual-password' specs (decoy.unlock, decoy.test-matrix, decoy.scenarios, decoy.password-policy,
/// decoy.failure-delay) to AppLockCore's `DualPassword`.
///
/// Each instance owns a temporary directory with a `FileStore` (removed in `deinit`) and a manual clock. Setup installs
/// a main and a decoy password with real Argon2id at the light test parameters, then keeps the core's record of the
/// persisted slots (`persistedSlots`); `realUnchanged`/`realIntact`/`realErased` are the core's answers against it
/// (`realSlotUnchanged(since:)`, `realSlotOverwritten(since:)`).
///
/// Equal work is observed, not reported: the core's `Configuration.keyDerivation` is the real Argon2id wrapped in a
/// counter this fixture owns, and `kdfRuns` is how many derivations the core asked it for during the last step.
///
/// Translation notes: the product's `delayCap` becomes `DualPassword.Configuration.failureDelayCap`, `derivation`
/// (`parallel` or `sequential`) its `parallelDerivation`;
/// `installSeed` the seed of the device's random source (which draws the slot order at install); `appVersion` the
/// configuration's app version (written into each slot record's header); `deviceSecret: present` a fixed 32-byte test
/// secret as the configuration's device secret (Argon2's secret input), given to set-up and the lock screen alike;
/// `submit(waited: cap)` advances the clock by that cap first; `advance` by a negative amount sets the device's wall
/// clock back (no time passes); `reboot(after:)`, only while the app is killed, restarts the device's uptime clock in
/// a new boot with the wall clock `after` later; the test
/// secrets are held here and never observed; `lock(reason: timeout)` is the core's `.timeout`, `manual` its `.lock`.
public final class DualPasswordFixture: Fixture {
    /// The names this fixture knows.
    public static var vocabulary: FixtureVocabulary {
        FixtureVocabulary(
            events: [
                "submit": ["password": password, "waited": .names("none", "cap")],
                "faceID": ["outcome": .names("success", "failure", "cancel")], "cancel": [:], "background": [:],
                "lock": ["reason": .names("timeout", "manual")], "setFaceID": ["allowed": .bool],
                "eraseSwitchOn": ["password": password], "confirm": ["answer": .names("accept", "decline")],
                "eraseSwitchOff": ["password": password], "corruptStore": [:], "storageFull": [:], "storageWorks": [:],
                "type": ["text": password], "deleteBackward": [:], "clearField": [:], "submitField": [:],
                "acknowledgeWarning": [:], "confirmErase": [:], "reboot": ["after": .duration],
            ].merging(StorageFaults.vocabulary) { mine, _ in mine }.merging(DualPasswordFaults.events) { mine, _ in mine },
            observations: [
                "state": .names("Locked", "RealUnlocked", "DecoyUnlocked"), "eraseEnabled": .bool, "realErased": .bool,
                "failures": .count, "faceIDAllowed": .bool, "eraseSetup": .names("idle", "warned", "confirming"),
                "waiting": .bool, "realUnchanged": .bool, "kdfRuns": .count, "persistedNamesNeutral": .bool, "kdfMemoryKiB": .count,
                "kdfIterations": .count, "kdfParallelism": .count, "profile": .names("none", "real", "decoy"),
                "realIntact": .bool, "eraseRan": .bool, "error": .names("none", "neutral"), "inputCleared": .bool,
                "accepted": .bool, "reason": .names("none", "tooShort", "mustDiffer"), "delay": .duration,
                "inputLength": .count, "leftoverFiles": .count, "kdfShared": .bool,
                "profileKeyHeld": .bool, "builtInDelayCap": .duration, "realOpensFromAnyFile": .bool,
            ].merging(StorageFaults.conditions) { mine, _ in mine },
            tableOutputs: ["accepted", "reason", "delay", "profile", "realIntact", "error", "inputCleared"],
            effects: [
                "openReal", "openDecoy", "eraseReal", "neutralError", "settingNotSaved", "clearInput", "showNeutralCover", "releaseSession",
                "showIrreversibleWarning", "askSecondConfirmation",
            ],
            product: [
                "eraseDefault": .bool, "minPasswordLength": .int(1...64), "minNumericPinLength": .int(1...64),
                "delayCap": .duration(0...3_600_000), "kdf": .enumeration(["light", "installDefault"]),
                "derivation": .enumeration(["parallel", "sequential"]), "installSeed": .int(0...65_535),
                "appVersion": .int(0...4_294_967_295), "deviceSecret": .enumeration(["none", "present"]),
            ],
            decisions: [
                "decoy.password-policy": [
                    "kind": .names("text", "numericPIN"), "length": .count, "sameAsOther": .bool, "slot": .names("main", "decoy"),
                ],
                "decoy.failure-delay": ["failures": .count],
            ],
            matrices: [
                "decoy.test-matrix": [
                    "action": .names("mainCorrect", "decoyCorrect", "wrong", "empty", "cancel", "faceIDSuccess", "faceIDFailure",
                                     "background", "killRelaunch"),
                    "erase": .names("on", "off"),
                ],
            ],
            supportsRelaunch: true,
            // The device (its faults, the store file, which process is in front) and the audits of the files it holds.
            servedWhileKilled: StorageFaults.events.union(StorageFaults.conditions.keys)
                .union(["tamperStore", "editSlot", "useInstance", "leftoverFiles", "realOpensFromAnyFile", "builtInDelayCap", "persistedNamesNeutral", "reboot"]),
            // A reboot ends the app: it comes only between a kill and a relaunch.
            onlyWhileKilled: ["reboot"],
            // `advance` by a negative amount sets the device's wall clock back; no time passes (D-CLOCK).
            movesClockBack: true)
    }

    /// A password as a spec writes it: a text expression over the passwords this fixture configures
    /// (`main + " "`, `upper(main)`, `prefix(decoy, 3)`); the spec never holds the text itself.
    static let password = FixtureType.textExpression(operands: ["decoy", "empty", "main", "wrong"])

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
    /// The device's random source, seeded (product `installSeed`, default 0xD0A1): it draws the slot order, salts,
    /// nonces and keys at install, and the erase's filler.
    private let random: SeededRandom
    /// The core's settings: the default ones, with the product's failure-delay cap.
    private let configuration: DualPassword.Configuration
    private var store: any KeyValueStore
    /// The device's storage faults (`storageFull` / `storageWorks`); they outlive a kill, as a full disk does.
    private let faults = StorageFaults()
    private var core: DualPassword?
    /// The persisted slots right after install, as the core records them.
    private let installed: DualPassword.PersistedSlots
    private var outputs: [String: Value] = [:]
    /// Every derivation the core makes goes through this counter (the core never counts for itself).
    private let derivations: CountingKeyDerivation
    /// The derivations the last `perform` asked for: the counter's difference across it.
    private var stepDerivations = 0
    /// The other instance of the core on the same store (an app and its extension), parked while the spec drives
    /// this one (`useInstance`), and which one is driven.
    private var parked: (core: DualPassword?, store: any KeyValueStore)?
    private var instance = "app"

    /// Builds a fresh core with a main and a decoy password installed.
    public init(product: [NamedValue]) throws(FixtureError) {
        // Light Argon2id parameters keep the rows fast; `kdf: installDefault` installs the way a real install does,
        // with the core's own default parameters, so a row can check what it persists.
        var parameters: Argon2idParameters? = .testing
        var configuration = DualPassword.Configuration()
        var seed: UInt64 = 0xD0A1
        for item in product {
            switch (item.name, item.value) {
            case ("eraseDefault", _), ("minPasswordLength", _), ("minNumericPinLength", _):
                break // the core's fixed values; observed through the rows that exercise them
            case ("delayCap", .duration(let ms)):
                configuration.failureDelayCap = .milliseconds(Int64(ms))
            case ("derivation", .symbol("parallel")):
                configuration.parallelDerivation = true
            case ("derivation", .symbol("sequential")):
                configuration.parallelDerivation = false
            case ("kdf", .symbol("light")):
                parameters = .testing
            case ("kdf", .symbol("installDefault")):
                parameters = nil
            case ("installSeed", .int(let value)):
                seed = UInt64(value)
            case ("appVersion", .int(let value)):
                configuration.appVersion = UInt32(clamping: value)
            case ("deviceSecret", .symbol("none")):
                configuration.deviceSecret = nil
            case ("deviceSecret", .symbol("present")):
                configuration.deviceSecret = DeviceSecret(SecretBytes(Self.deviceSecretBytes))
            default:
                throw FixtureError("unknown product value \(item.name)=\(item.value)")
            }
        }
        let random = SeededRandom(seed: seed)
        self.random = random
        directory = ScratchDirectory.path + "lockspec-dual-\(UUID().uuidString)"
        storePath = directory + "/store.bin"
        let counter = CountingKeyDerivation()
        configuration.keyDerivation = counter
        derivations = counter
        let fileStore = FileStore(path: storePath)
        store = faults.store(path: storePath)
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            // Set-up and the lock screen get the same configuration, as a shell gives them (the app version and the
            // device secret go into the slot records); `kdf: installDefault` leaves the parameters to set-up's default.
            let main = SecretBytes(utf8: Self.mainPassword), decoy = SecretBytes(utf8: Self.decoyPassword)
            if let parameters {
                try DualPassword.install(main: main, decoy: decoy, store: fileStore, random: random,
                                         parameters: parameters, configuration: configuration)
            } else {
                try DualPassword.install(main: main, decoy: decoy, store: fileStore, random: random,
                                         configuration: configuration)
            }
        } catch {
            throw FixtureError("could not install the two passwords: \(error)")
        }
        self.configuration = configuration
        let core = DualPassword(configuration: configuration, store: store, random: random)
        installed = core.persistedSlots
        self.core = core
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
        defer { stepDerivations = derivations.count - before }
        switch action {
        case .event(let name, let inputs):
            let effects = try event(name, inputs).map { effect throws(FixtureError) in try self.effect(effect) }
            // A write cut by a kill (killDuringWrite) ends the process inside this step: what it would show is lost.
            if faults.takeKill() { core = nil; return [] }
            return effects
        case .advance(let ms):
            clock.advance(by: .milliseconds(Int64(ms)))
            return []
        case .kill:
            core = nil
            return []
        case .relaunch:
            store = faults.store(path: storePath)
            core = DualPassword(configuration: configuration, store: store, random: random)
            return []
        case .check:
            return []
        case .decide(let table, let inputs):
            try decide(table, inputs)
            return []
        case .cell("decoy.test-matrix", let axes):
            try cell(axes)
            return []
        case .cell(let table, _):
            throw FixtureError("the dual-password fixture runs no matrix \(table)")
        }
    }

    private func send(_ event: DualPasswordEvent) throws(FixtureError) -> [DualPasswordEffect] {
        guard var current = core else { throw FixtureError("the app is killed") }
        let effects = current.handle(event, now: clock.now())
        core = current
        return effects
    }

    private func event(_ name: String, _ inputs: [NamedValue]) throws(FixtureError) -> [DualPasswordEffect] {
        func input(_ key: String) throws(FixtureError) -> String {
            guard let v = inputs.first(where: { $0.name == key })?.value else { throw FixtureError("\(name) needs \(key)") }
            return v.description
        }
        func choice<T>(_ key: String, _ map: [String: T]) throws(FixtureError) -> T {
            let v = try input(key)
            guard let t = map[v] else { throw FixtureError("\(name) cannot take \(key) '\(v)'") }
            return t
        }
        switch name {
        case "submit":
            if try choice("waited", ["none": false, "cap": true]) { clock.advance(by: configuration.failureDelayCap) }
            return try send(.submit(secret(input("password"))))
        case "faceID":
            return try send(.faceIDResult(choice("outcome", ["success": .success, "failure": .failure, "cancel": .cancel])))
        case "cancel": return try send(.cancel)
        case "background": return try send(.background)
        case "lock": return try send(choice("reason", ["timeout": .timeout, "manual": .lock]))
        case "setFaceID": return try send(.setQuickUnlock(choice("allowed", ["true": true, "false": false])))
        case "eraseSwitchOn": return try send(.beginEnableErase(secret(input("password"))))
        case "confirm":
            guard let step = core?.eraseSetup else { throw FixtureError("the app is killed") }
            if try choice("answer", ["accept": false, "decline": true]) { return try send(.cancelEraseSetup) }
            return try send(step == .warning ? .acknowledgeEraseWarning : .confirmEnableErase)
        case "type":
            // One event per character, as a keyboard delivers them.
            var effects: [DualPasswordEffect] = []
            for character in try text(input("text")) { effects += try send(.typeCharacter(SecretBytes(utf8: String(character)))) }
            return effects
        // The dialog's two buttons as the core receives them, whatever the dialog shows (a stale button's tap).
        case "acknowledgeWarning": return try send(.acknowledgeEraseWarning)
        case "confirmErase": return try send(.confirmEnableErase)
        case "deleteBackward": return try send(.deleteBackward)
        case "clearField": return try send(.clearField)
        case "submitField": return try send(.submitField)
        case "eraseSwitchOff": return try send(.disableErase(secret(input("password"))))
        case let storage where StorageFaults.events.contains(storage):
            try faults.perform(storage, inputs, storePath: storePath)
            return []
        case "tamperStore":
            try DualPasswordFaults.tamper(input("record"), path: storePath, keys: configuration.keys)
            return []
        case "editSlot":
            guard case .int(let value)? = inputs.first(where: { $0.name == "value" })?.value else {
                throw FixtureError("editSlot needs an int value")
            }
            try DualPasswordFaults.edit(
                which: input("which"), field: input("field"), value: value, path: storePath, keys: configuration.keys)
            return []
        case "reboot":
            // The device restarts: its uptime clock starts again in a new boot, the wall clock moves on by `after`.
            guard case .duration(let ms)? = inputs.first(where: { $0.name == "after" })?.value else {
                throw FixtureError("reboot needs a duration after")
            }
            clock.reboot(after: .milliseconds(Int64(ms)))
            return []
        case "useInstance":
            try useInstance(choice("which", ["app": "app", "extension": "extension"]))
            return []
        default: throw FixtureError("unknown event \(name)")
        }
    }

    /// Drives `which` instance from now on: the other is parked with its own store on the same path; the extension
    /// is built (from the store, as a process starting) the first time it is used.
    private func useInstance(_ which: String) throws(FixtureError) {
        guard which != instance else { return }
        let other: (core: DualPassword?, store: any KeyValueStore)
        if let parked {
            other = parked
        } else {
            let extensionStore = faults.store(path: storePath)
            other = (DualPassword(configuration: configuration, store: extensionStore, random: random), extensionStore)
        }
        parked = (core, store)
        (core, store) = other
        instance = which
    }

    /// The spec's name for a core effect. An error text is named by which of the core's configured messages it is:
    /// the neutral refusal (`neutralError`) or a setting the store refused (`settingNotSaved`); any other is an error.
    func effect(_ effect: DualPasswordEffect) throws(FixtureError) -> Effect {
        switch effect {
        case .clearInput: Effect("clearInput")
        case .showError(let text) where text == configuration.neutralError: Effect("neutralError")
        case .showError(let text) where text == configuration.settingNotSavedError: Effect("settingNotSaved")
        case .showError: throw FixtureError("the core showed an error text the fixture has no name for")
        case .openProfile(.real): Effect("openReal")
        case .openProfile(.decoy): Effect("openDecoy")
        case .erase: Effect("eraseReal")
        case .showNeutralCover: Effect("showNeutralCover")
        case .releaseProfile: Effect("releaseSession")
        case .presentEraseWarning: Effect("showIrreversibleWarning")
        case .presentEraseConfirmation: Effect("askSecondConfirmation")
        }
    }

    private func decide(_ table: String, _ inputs: [NamedValue]) throws(FixtureError) {
        func value(_ key: String) throws(FixtureError) -> Value {
            guard let v = inputs.first(where: { $0.name == key })?.value else { throw FixtureError("needs \(key)") }
            return v
        }
        switch table {
        case "decoy.password-policy":
            guard case .int(let length) = try value("length") else { throw FixtureError("length is not an int") }
            let digits: Bool
            switch try value("kind").description {
            case "numericPIN": digits = true
            case "text": digits = false
            default: throw FixtureError("kind must be text or numericPIN")
            }
            let alphabet: [Character] = digits ? Array("0123456789") : Array("abcdefgh")
            var candidate = ""
            for i in 0..<length { candidate.append(alphabet[i % alphabet.count]) }
            guard case .bool(let same) = try value("sameAsOther") else { throw FixtureError("sameAsOther is not a bool") }
            let other = same ? candidate : (digits ? "9" : "z") + candidate
            let asDecoy: Bool
            switch try value("slot").description {
            case "main": asDecoy = false
            case "decoy": asDecoy = true
            default: throw FixtureError("slot must be main or decoy")
            }
            // Asked of set-up itself (the product's entry point), on a scratch in-memory store with light parameters;
            // the candidate is set as the slot's password and `other` as the other slot's.
            do {
                try DualPassword.install(
                    main: SecretBytes(utf8: asDecoy ? other : candidate), decoy: SecretBytes(utf8: asDecoy ? candidate : other),
                    store: InMemoryStore(), random: SeededRandom(seed: 1), parameters: .testing)
                outputs = ["accepted": .bool(true), "reason": .symbol("none")]
            } catch let error as PasswordPolicyError {
                let reason: String
                switch error {
                case .tooShort, .pinTooShort: reason = "tooShort"
                case .sameAsOther: reason = "mustDiffer"
                }
                outputs = ["accepted": .bool(false), "reason": .symbol(reason)]
            } catch {
                throw FixtureError("set-up failed for another reason than the password policy")
            }
        case "decoy.failure-delay":
            guard case .int(let k) = try value("failures") else { throw FixtureError("failures is not an int") }
            outputs = ["delay": .duration(milliseconds: Int(FailureDelay.delay(afterFailures: k, cap: configuration.failureDelayCap).milliseconds))]
        default:
            throw FixtureError("the dual-password fixture has no decision table \(table)")
        }
    }

    /// One cell of decoy.test-matrix: the setup of the spec's notes (Real open once, Face ID allowed, erase on or
    /// off, locked, a few characters typed), then the action; every observation is the core's.
    private func cell(_ axes: [NamedValue]) throws(FixtureError) {
        guard let action = axes.first(where: { $0.name == "action" })?.value.description else {
            throw FixtureError("the cell gives no action")
        }
        let eraseOn: Bool
        switch axes.first(where: { $0.name == "erase" })?.value.description {
        case "on": eraseOn = true
        case "off": eraseOn = false
        default: throw FixtureError("the erase axis must be on or off")
        }
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
        guard let c = core else { throw FixtureError("the app is killed") }
        outputs = [
            "profile": .symbol(Self.profile(c.openProfile)),
            "realIntact": .bool(c.realSlotUnchanged(since: installed)),
            "eraseRan": .bool(c.hasErased),
            "error": .symbol(c.lastStepShowedError ? "neutral" : "none"),
            "inputCleared": .bool(c.field.isEmpty),
        ]
    }

    private static func profile(_ role: ProfileRole?) -> String {
        switch role {
        case .real?: "real"
        case .decoy?: "decoy"
        case nil: "none"
        }
    }

    /// Reads an observation.
    public func observe(_ name: String) throws(FixtureError) -> Value {
        if let v = outputs[name] { return v }
        // The device's condition as the spec's fault events set it (decoy.storage): read back from the injector.
        if StorageFaults.conditions[name] != nil {
            guard let condition = faults.condition(name) else { throw FixtureError("the device's \(name) has no name here") }
            return .symbol(condition)
        }
        // The device's files, readable while the app is killed: the core's audits of what its store left.
        do {
            switch name {
            case "leftoverFiles": return .int(try FileStore.leftoverCount(besideStoreAt: storePath))
            case "realOpensFromAnyFile":
                return .bool(try DualPassword.realOpensFromAnyFile(
                    besideStoreAt: storePath, password: secret("main"), configuration: configuration))
            default: break
            }
        } catch {
            throw FixtureError("the store's directory cannot be read")
        }
        if name == "builtInDelayCap" {
            // The cap of the core's own default configuration (what an app that sets none gets), not the product's.
            return .duration(milliseconds: Int(DualPassword.Configuration().failureDelayCap.milliseconds))
        }
        if name == "persistedNamesNeutral" {
            do { return .bool(try DualPassword.persistedNamesAreNeutral(in: store)) } catch { throw FixtureError("the store cannot be read") }
        }
        guard let c = core else { throw FixtureError("the app is killed: no \(name)") }
        switch name {
        case "state": return .symbol(c.state.rawValue)
        case "eraseEnabled": return .bool(c.eraseEnabled)
        case "realErased": return .bool(c.realSlotOverwritten(since: installed))
        case "failures": return .int(c.failureCount)
        case "waiting": return .bool(c.isDelaying(at: clock.now()))
        case "faceIDAllowed": return .bool(c.quickUnlockEnabled)
        case "inputLength": return .int(c.field.length)
        case "eraseSetup":
            switch c.eraseSetup {
            case .idle: return .symbol("idle")
            case .warning: return .symbol("warned")
            case .confirmation: return .symbol("confirming")
            }
        case "realUnchanged": return .bool(c.realSlotUnchanged(since: installed))
        case "profileKeyHeld": return .bool(c.holdsProfileKey)
        case "eraseRan": return .bool(c.hasErased)
        case "kdfRuns": return .int(stepDerivations)
        case "kdfShared":
            // The core's answer whether both records read back with one set of parameters (§5: the same shape for
            // both slots); nil when a record is unreadable or the two disagree.
            switch c.persistedKDFParameters {
            case .some: return .bool(true)
            case .none: return .bool(false)
            }
        case "kdfMemoryKiB", "kdfIterations", "kdfParallelism":
            // Both persisted slot records carry them, and must agree (same shape for both slots, §5).
            guard let parameters = c.persistedKDFParameters else {
                throw FixtureError("the two slot records cannot be read or persist different parameters")
            }
            switch name {
            case "kdfMemoryKiB": return .int(Int(parameters.memoryKiB))
            case "kdfIterations": return .int(Int(parameters.iterations))
            case "kdfParallelism": return .int(Int(parameters.parallelism))
            default: throw FixtureError("no observation \(name)")
            }
        default: throw FixtureError("no observation \(name)")
        }
    }
}
