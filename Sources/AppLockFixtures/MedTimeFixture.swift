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
/// - `wait(elapsed:)` and `advance` move the clock, then deliver the screen's one-second refresh (`tick`).
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
public final class MedTimeFixture: Fixture {
    /// The names this fixture knows.
    public static var vocabulary: FixtureVocabulary {
        FixtureVocabulary(
            events: [
                "open": ["sessionValid": .bool, "biometricEnabled": .bool],
                "bioResult": ["outcome": .names("success", "failure", "cancel", "usePin")],
                "pinComplete": ["pin": .names("correct", "wrong")],
                "wait": ["elapsed": .duration],
                "relogin": [:],
                "forgotPin": [:],
                "digit": ["key": .names("right", "wrong", "notADigit")],
                "delete": [:],
                "clearAll": [:],
                "corruptStore": [:],
                "storageFull": [:],
                "storageWorks": [:],
                "useInstance": ["which": .names("app", "extension")],
                "clockMoves": ["elapsed": .duration],
                "storeCredential": ["record": .names("formatOne", "newerVersion", "otherAlgorithm", "truncated", "missing")],
            ].merging(StorageFaults.vocabulary) { mine, _ in mine },
            observations: [
                "state": .names("CheckingSession", "BiometricPrompt", "PINInput", "PINBlocked", "Success", "Dashboard", "Login"),
                "bioFailures": .count, "pinFailures": .count, "blocked": .bool, "countdown": .text, "pinInputEnabled": .bool, "entered": .count,
                "action": .names("retry", "fallbackToPin", "showRemaining", "block"), "remaining": .count, "block": .duration,
                "announcement": .text, "failedClosed": .bool, "path": .text, "navigation": .text,
                "blockLeft": .duration,
            ].merging(StorageFaults.conditions) { mine, _ in mine },
            tableOutputs: ["action", "announcement", "block", "remaining"],
            effects: ["analytics", "announce", "output", "startBiometric"],
            product: [
                "platform": .enumeration(["iOS"]), "biometricType": .enumeration(["face", "fingerprint", "none"]),
                "pinLength": .int(4...6), "biometricPolicy": .enumeration(["deviceOwnerAuthenticationWithBiometrics"]),
                "fallback": .enumeration(["appPIN"]), "successDelay": .duration(0...10_000),
                "biometricAttempts": .int(1...10), "pinAttempts": .int(1...10),
                "firstBlock": .duration(1000...86_400_000), "secondBlock": .duration(1000...86_400_000),
                "thirdBlock": .duration(1000...86_400_000), "longestBlock": .duration(1000...86_400_000),
                "configuration": .enumeration(["product", "builtIn"]), "credentialMemory": .int(64...65_536),
            ],
            productChoices: [
                "pinLength": ProductChoices(PINLength.allCases.map { .int($0.rawValue) }, because: "the core's PIN lengths"),
                "successDelay": ProductChoices([.duration(milliseconds: Int(MedTimeUnlock.dashboardDelay))], because: "the core's success delay is fixed"),
            ],
            // `failures` counts the failures so far, at least the one just made (the core records the last failure).
            decisions: ["medtime.attempt-rules": ["method": .names("biometric", "pin"), "failures": .domain(.int(1...100_000_000))]],
            supportsRelaunch: true,
            // The device (its faults, the store file, the clock, which process is in front) and what it reports.
            servedWhileKilled: StorageFaults.events.union(StorageFaults.conditions.keys).union(["storeCredential", "clockMoves", "useInstance"]),
            // `advance` by a negative amount moves the device clock back, running (then the screen's refresh) or killed.
            movesClockBack: true)
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
    /// The other instance of the screen on the same store (an app and its extension), parked while the spec drives
    /// this one (`useInstance`), and which one is driven.
    private var parked: (machine: MedTimeUnlock?, store: any KeyValueStore)?
    private var instance = "app"
    /// The core's navigate effects of the last event it handled, word for word (`navigation`).
    private var lastNavigation = ""
    /// Outputs of the last decision-table evaluation.
    private var decision: [String: Value] = [:]
    /// The enrolled credential record (a salted Argon2id hash), to enrol the fresh cores of decision tables.
    private let credentialRecord: [UInt8]

    /// Builds a fresh core with its own FileStore and the test PIN enrolled.
    public init(product: [NamedValue]) throws(FixtureError) {
        var length = PINLength.four
        var biometry = MedTimeBiometry.face
        var biometricAttempts = MedTimeUnlock.biometricAttempts
        var pinAttempts = PINLockoutTiers.document.attempts
        var blocks = PINLockoutTiers.document.blocks
        var builtIn = false
        var credentialMemory: UInt32 = 264
        for item in product {
            switch (item.name, item.value) {
            case ("pinLength", .int(let n)):
                guard let l = PINLength(rawValue: n) else { throw FixtureError("pinLength \(n) is not 4 or 6") }
                length = l
            case ("biometricType", let v):
                guard let b = MedTimeBiometry(rawValue: v.description) else { throw FixtureError("unknown biometricType \(v)") }
                biometry = b
            case ("successDelay", .duration(let ms)):
                guard Int64(ms) == MedTimeUnlock.dashboardDelay else {
                    throw FixtureError("the core's success delay is \(MedTimeUnlock.dashboardDelay)ms, not configurable to \(ms)ms")
                }
            case ("fallback", let v):
                guard v.description == "appPIN" else { throw FixtureError("the core's only fallback is the app PIN, not \(v)") }
            case ("biometricAttempts", .int(let n)):
                biometricAttempts = n
            case ("pinAttempts", .int(let n)):
                pinAttempts = n
            case ("firstBlock", .duration(let ms)), ("secondBlock", .duration(let ms)), ("thirdBlock", .duration(let ms)),
                 ("longestBlock", .duration(let ms)):
                let tier = ["firstBlock", "secondBlock", "thirdBlock", "longestBlock"].firstIndex(of: item.name) ?? 0
                blocks[tier] = .milliseconds(Int64(ms))
            case ("credentialMemory", .int(let kib)):
                credentialMemory = UInt32(clamping: kib)
            case ("configuration", let v):
                switch v.description {
                case "product": builtIn = false
                case "builtIn": builtIn = true
                case let other: throw FixtureError("unknown configuration \(other)")
                }
            case ("platform", _), ("biometricPolicy", _):
                break // the policy is observed through startBiometric(...) effects; the core has one platform model
            default:
                throw FixtureError("unknown product value \(item.name)=\(item.value)")
            }
        }
        pinLength = length
        self.biometry = biometry
        self.biometricAttempts = biometricAttempts
        self.lockout = PINLockoutTiers(attempts: pinAttempts, blocks: blocks)
        self.builtIn = builtIn
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
            machine = MedTimeUnlock(configuration: configuration(biometricEnabled: false), store: store, now: clock.now().wall)
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
        switch action {
        case .event(let name, let inputs):
            let effects = try event(name, inputs).compactMap(Self.effect)
            // A write cut by a kill (killDuringWrite) ends the process inside this step: what it would show is lost.
            if faults.takeKill() { machine = nil; return [] }
            return effects
        case .advance(let ms):
            clock.advance(by: .milliseconds(Int64(ms)))
            guard machine != nil else { return [] } // killed: only the clock moves
            return try send(.tick).compactMap(Self.effect)
        case .kill:
            machine = nil
            return []
        case .relaunch:
            store = faults.store(path: storePath)
            machine = MedTimeUnlock(configuration: configuration(biometricEnabled: false), store: store, now: clock.now().wall)
            return []
        case .check:
            return []
        case .decide("medtime.attempt-rules", let inputs):
            try decide(inputs)
            return []
        case .decide(let table, _):
            throw FixtureError("medtime has no decision table \(table)")
        case .cell(let table, _):
            throw FixtureError("medtime has no matrix \(table)")
        }
    }

    private func event(_ name: String, _ inputs: [NamedValue]) throws(FixtureError) -> [MedTimeEffect] {
        func input(_ key: String) throws(FixtureError) -> Value {
            guard let v = inputs.first(where: { $0.name == key })?.value else { throw FixtureError("\(name) needs \(key)") }
            return v
        }
        func flag(_ key: String) throws(FixtureError) -> Bool {
            guard case .bool(let b) = try input(key) else { throw FixtureError("\(key) is not a boolean") }
            return b
        }
        switch name {
        case "open":
            let biometricEnabled = try flag("biometricEnabled")
            let sessionValid = try flag("sessionValid")
            guard let current = machine else { throw FixtureError("the app is killed") }
            if current.state == .checkingSession {
                machine = MedTimeUnlock(configuration: configuration(biometricEnabled: biometricEnabled),
                                        store: store, now: clock.now().wall)
            }
            return try send(.open(sessionValid: sessionValid))
        case "bioResult":
            switch try input("outcome").description {
            case "success": return try send(.biometricResult(.success))
            case "failure": return try send(.biometricResult(.failure))
            case "cancel": return try send(.biometricResult(.cancel))
            case "usePin": return try send(.usePIN)
            case let other: throw FixtureError("unknown bioResult outcome \(other)")
            }
        case "pinComplete":
            let digits: [Int]
            switch try input("pin").description {
            case "correct": digits = pin
            case "wrong": digits = pin.map { ($0 + 1) % 10 }
            case let other: throw FixtureError("unknown pin \(other)")
            }
            var effects: [MedTimeEffect] = []
            for (n, d) in digits.enumerated() {
                guard let current = machine else { throw FixtureError("the app is killed") }
                // Each digit's own announcement belongs to the digit event (medtime.pin-entry), not to pinComplete.
                let own = current.digitAnnouncement(entered: n + 1)
                effects += try send(.digit(d)).filter { $0 != own }
            }
            return effects
        case "digit":
            guard let current = machine else { throw FixtureError("the app is killed") }
            let next = pin[min(current.enteredDigitCount, pin.count - 1)]
            switch try input("key").description {
            case "right": return try send(.digit(next))
            case "wrong": return try send(.digit((next + 1) % 10))
            case "notADigit": return try send(.digit(10)) // a key value outside 0...9
            case let other: throw FixtureError("unknown key \(other)")
            }
        case "delete": return try send(.delete)
        case "clearAll": return try send(.clearAll)
        case let storage where StorageFaults.events.contains(storage):
            try faults.perform(storage, inputs, storePath: storePath)
            return []
        case "storeCredential":
            try storeCredential(try input("record").description)
            return []
        case "clockMoves":
            guard case .duration(let ms) = try input("elapsed") else { throw FixtureError("elapsed is not a duration") }
            clock.advance(by: .milliseconds(Int64(ms)))
            return []
        case "useInstance":
            switch try input("which").description {
            case "app": useInstance("app")
            case "extension": useInstance("extension")
            case let other: throw FixtureError("unknown instance \(other)")
            }
            return []
        case "relogin": return try send(.tapLogin)
        case "forgotPin": return try send(.forgotPIN)
        case "wait":
            guard case .duration(let ms) = try input("elapsed") else { throw FixtureError("elapsed is not a duration") }
            clock.advance(by: .milliseconds(Int64(ms)))
            return try send(.tick)
        default:
            throw FixtureError("unknown event \(name)")
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
            let fileStore = FileStore(path: storePath)
            if kind == "missing" { try fileStore.remove(forKey: key) } else { try fileStore.set(record, forKey: key) }
        } catch {
            throw FixtureError("could not write the credential record: \(error)")
        }
    }

    /// Drives `which` instance from now on: the other is parked with its own store on the same path; the extension
    /// is built (from the store, as a process starting) the first time it is used.
    private func useInstance(_ which: String) {
        guard which != instance else { return }
        let other: (machine: MedTimeUnlock?, store: any KeyValueStore)
        if let parked {
            other = parked
        } else {
            let extensionStore = faults.store(path: storePath)
            other = (MedTimeUnlock(configuration: configuration(biometricEnabled: false), store: extensionStore, now: clock.now().wall), extensionStore)
        }
        parked = (machine, store)
        (machine, store) = other
        instance = which
    }

    /// Sends one event to the core at the clock's time.
    private func send(_ event: MedTimeEvent) throws(FixtureError) -> [MedTimeEffect] {
        guard var current = machine else { throw FixtureError("the app is killed") }
        let effects = current.handle(event, now: clock.now().wall)
        machine = current
        var requests: [String] = []
        for case .navigate(let destination, let delay) in effects { requests.append("\(destination.rawValue) after \(delay)ms") }
        lastNavigation = requests.joined(separator: ", ")
        return effects
    }

    /// The effect value of a core effect, or nil for an effect the specs do not model (navigation).
    static func effect(_ effect: MedTimeEffect) -> Effect? {
        switch effect {
        case .startBiometricPrompt(let policy): Effect("startBiometric", [.init(.symbol(policy.rawValue))])
        case .announce(let text): Effect("announce", [.init(.text(text))])
        case .analytics(let event): Effect("analytics", analytics: event)
        case .output(let output): Effect("output", outputArguments(output))
        case .navigate: nil
        }
    }

    /// A §9.2 output as the specs name it: the document's event name, then its payload labelled.
    private static func outputArguments(_ output: MedTimeOutput) -> [Effect.Argument] {
        switch output {
        case .biometricSuccess: [.init(.symbol("onBiometricSuccess"))]
        case .biometricFail(let remaining): [.init(.symbol("onBiometricFail")), .init("attempts_remaining", .int(remaining))]
        case .pinComplete: [.init(.symbol("onPINComplete"))]
        case .pinSuccess: [.init(.symbol("onPINSuccess"))]
        case .pinFail(let remaining): [.init(.symbol("onPINFail")), .init("attempts_remaining", .int(remaining))]
        case .forgotPIN: [.init(.symbol("onForgotPIN"))]
        case .relogin: [.init(.symbol("onRelogin"))]
        }
    }

    /// Evaluates medtime.attempt-rules by driving a fresh core of its own to the `failures`-th failure.
    private func decide(_ inputs: [NamedValue]) throws(FixtureError) {
        guard let method = inputs.first(where: { $0.name == "method" })?.value.description,
              case .int(let failures)? = inputs.first(where: { $0.name == "failures" })?.value else {
            throw FixtureError("attempt-rules needs method and failures")
        }
        let biometric: Bool
        switch method {
        case "biometric": biometric = true
        case "pin": biometric = false
        default: throw FixtureError("unknown method \(method)")
        }
        // Every evaluation starts on a fresh core (persistence is not observed here: an in-memory store).
        let key = configuration(biometricEnabled: biometric).credentialKey
        store = InMemoryStore(values: [key: credentialRecord])
        machine = MedTimeUnlock(configuration: configuration(biometricEnabled: biometric), store: store, now: clock.now().wall)
        _ = try event("open", [NamedValue("sessionValid", .bool(true)), NamedValue("biometricEnabled", .bool(biometric))])
        for _ in 0..<failures {
            guard let current = machine else { throw FixtureError("the app is killed") }
            // Between PIN failures, wait out a running block so the next failure can be made.
            let wait = current.blockRemaining(at: clock.now().wall)
            if !biometric, wait > .zero {
                clock.advance(by: wait)
                _ = try send(.tick)
            }
            _ = biometric
                ? try event("bioResult", [NamedValue("outcome", .symbol("failure"))])
                : try event("pinComplete", [NamedValue("pin", .symbol("wrong"))])
        }
        guard let m = machine else { throw FixtureError("the app is killed") }
        guard let failure = m.lastFailure else { throw FixtureError("the core recorded no failure after \(failures) failures") }
        decision = [
            "action": .symbol(Self.actionName(failure.action)),
            "remaining": .int(failure.attemptsRemaining),
            "block": .duration(milliseconds: Int(failure.block.milliseconds)),
            "countdown": .text(m.countdown ?? ""),
            "announcement": .text(failure.announcement),
        ]
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

    /// Reads an observation.
    public func observe(_ name: String) throws(FixtureError) -> Value {
        if let value = decision[name] { return value }
        if StorageFaults.conditions[name] != nil {
            guard let condition = faults.condition(name) else { throw FixtureError("the device's \(name) has no name here") }
            return .symbol(condition)
        }
        guard let m = machine else { throw FixtureError("the app is killed: no \(name)") }
        switch name {
        case "state": return .symbol(m.state.rawValue)
        case "bioFailures": return .int(m.biometricFailures)
        case "pinFailures": return .int(m.pinFailures)
        case "blocked": return .bool(m.isBlocked(at: clock.now().wall))
        case "countdown": return .text(m.countdown ?? "")
        case "pinInputEnabled": return .bool(m.inputEnabled)
        case "entered": return .int(m.enteredDigitCount)
        case "failedClosed": return .bool(m.storeIsCorrupt)
        case "path": return .text(m.lastPath.map(\.rawValue).joined(separator: " "))
        case "navigation": return .text(lastNavigation)
        case "blockLeft": return .duration(milliseconds: Int(m.blockRemaining(at: clock.now().wall).milliseconds))
        default: throw FixtureError("no observation \(name)")
        }
    }
}
