import AppLockCore
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
///   per-digit `Digito n de N` announcements belong to the `digit` event (medtime.pin-entry) and are left out of it.
/// - `wait(elapsed:)` and `advance` move the clock, then deliver the screen's one-second refresh (`tick`).
/// - The core's `navigate(...)` effects are not modelled by the specs as effects (they are the `Login`/`Dashboard`
///   states): they are dropped, except that the fixture, acting as the host, honours `navigate(dashboard, after:)`
///   by showing `Dashboard` once the clock reaches the delay.
/// - `time_ms` is reported as the core measures it on the fixture's manual clock; the specs match it with `*`.
public final class MedTimeFixture: Fixture {
    /// The names this fixture knows.
    public static var vocabulary: FixtureVocabulary {
        FixtureVocabulary(
            events: [
                "open": ["sessionValid", "biometricEnabled"],
                "bioResult": ["outcome"],
                "pinComplete": ["pin"],
                "wait": ["elapsed"],
                "relogin": [],
                "forgotPin": [],
                "digit": ["key"],
                "delete": [],
                "clearAll": [],
                "corruptStore": [],
            ],
            observations: [
                "state", "bioFailures", "pinFailures", "countdown", "pinInputEnabled", "entered",
                "action", "remaining", "block", "announcement",
            ],
            effects: ["analytics", "announce", "output", "startBiometric"],
            product: ["platform", "biometricType", "pinLength", "biometricPolicy", "fallback", "successDelay"],
            decisions: ["medtime.attempt-rules": ["method", "failures"]])
    }

    private let directory: String
    private let storePath: String
    private let clock = ManualClock()
    private let pinLength: PINLength
    private let biometry: MedTimeBiometry
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
    /// When the host shows the dashboard (the core's `navigate(dashboard, after:)`), if pending.
    private var dashboardAt: Instant?
    private var onDashboard = false
    /// Outputs of the last decision-table evaluation.
    private var decision: [String: Value] = [:]
    /// The enrolled credential record (a salted Argon2id hash), to enrol the fresh cores of decision tables.
    private let credentialRecord: [UInt8]

    /// Builds a fresh core with its own FileStore and the test PIN enrolled.
    public init(product: [NamedValue]) throws(FixtureError) {
        var length = PINLength.four
        var biometry = MedTimeBiometry.face
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
            case ("platform", _), ("biometricPolicy", _):
                break // the policy is observed through startBiometric(...) effects; the core has one platform model
            default:
                throw FixtureError("unknown product value \(item.name)=\(item.value)")
            }
        }
        pinLength = length
        self.biometry = biometry
        pin = length == .four ? Self.fourDigitPIN : Self.sixDigitPIN
        directory = NSTemporaryDirectory() + "lockspec-medtime-\(UUID().uuidString)"
        storePath = directory + "/store.bin"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let fileStore = FileStore(path: storePath)
            store = fileStore
            let credential = try PINCredential.enroll(
                pin: SecretBytes(pin.map { UInt8(0x30 + $0) }), length: length, parameters: .testing, random: SystemRandom())
            let key = MedTimeUnlock.Configuration(biometricEnabled: false, biometry: biometry, pinLength: length).credentialKey
            try fileStore.set(credential.record, forKey: key)
            credentialRecord = credential.record
            machine = MedTimeUnlock(configuration: configuration(biometricEnabled: false), store: fileStore)
        } catch {
            throw FixtureError("could not set up the MedTime store: \(error)")
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func configuration(biometricEnabled: Bool) -> MedTimeUnlock.Configuration {
        MedTimeUnlock.Configuration(biometricEnabled: biometricEnabled, biometry: biometry, pinLength: pinLength)
    }

    /// Performs one action.
    public func perform(_ action: TestAction) throws(FixtureError) -> [String] {
        switch action {
        case .event(let name, let inputs):
            return try event(name, inputs).compactMap(Self.text)
        case .advance(let ms):
            clock.advance(by: .milliseconds(Int64(ms)))
            guard machine != nil else { return [] } // killed: only the clock moves
            return try send(.tick).compactMap(Self.text)
        case .kill:
            machine = nil
            dashboardAt = nil
            onDashboard = false
            return []
        case .relaunch:
            store = FileStore(path: storePath)
            machine = MedTimeUnlock(configuration: configuration(biometricEnabled: false), store: store)
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
                                        store: store)
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
            for d in digits {
                effects += try send(.digit(d)).filter {
                    if case .announce(let text) = $0, text.hasPrefix("Digito ") { return false } // the digit event's
                    return true
                }
            }
            return effects
        case "digit":
            guard let current = machine else { throw FixtureError("the app is killed") }
            let next = pin[min(current.enteredDigitCount, pin.count - 1)]
            switch try input("key").description {
            case "right": return try send(.digit(next))
            case "wrong": return try send(.digit((next + 1) % 10))
            case let other: throw FixtureError("unknown key \(other)")
            }
        case "delete": return try send(.delete)
        case "clearAll": return try send(.clearAll)
        case "corruptStore":
            // Damages the persisted file (not the store's encoding): what a truncated or garbled file looks like.
            guard FileManager.default.createFile(atPath: storePath, contents: Data([0xFF, 0x00, 0x13, 0x37])) else {
                throw FixtureError("could not damage the store file")
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

    /// Sends one event to the core at the clock's time, and plays the host's part for a delayed navigation.
    private func send(_ event: MedTimeEvent) throws(FixtureError) -> [MedTimeEffect] {
        guard var current = machine else { throw FixtureError("the app is killed") }
        let now = clock.now()
        let effects = current.handle(event, now: now)
        machine = current
        for effect in effects {
            if case .navigate(.dashboard, let after) = effect { dashboardAt = now + .milliseconds(after) }
        }
        if let due = dashboardAt, current.state == .success, now >= due { onDashboard = true }
        return effects
    }

    /// The spec's canonical text of a core effect, or nil for an effect the specs do not model (navigation).
    static func text(_ effect: MedTimeEffect) -> String? {
        switch effect {
        case .startBiometricPrompt(let policy): return "startBiometric(\(policy))"
        case .announce(let text): return "announce(\(text))"
        case .analytics(let event):
            return "analytics(\(event))"
        case .output(let output): return "output(\(output))"
        case .navigate: return nil
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
        machine = MedTimeUnlock(configuration: configuration(biometricEnabled: biometric), store: store)
        dashboardAt = nil
        onDashboard = false
        var announcement: String?
        _ = try event("open", [NamedValue("sessionValid", .bool(true)), NamedValue("biometricEnabled", .bool(biometric))])
        for _ in 0..<failures {
            guard let current = machine else { throw FixtureError("the app is killed") }
            // Between PIN failures, wait out a running block so the next failure can be made.
            if !biometric, current.state == .pinBlocked, let until = current.pinBlockedUntil {
                clock.advance(by: until - clock.now())
                _ = try send(.tick)
            }
            let effects = biometric
                ? try event("bioResult", [NamedValue("outcome", .symbol("failure"))])
                : try event("pinComplete", [NamedValue("pin", .symbol("wrong"))])
            // The failure's announcement is its first one (a re-prompt may follow with its own).
            var first: String?
            for case .announce(let text) in effects where first == nil { first = text }
            if let first { announcement = first }
        }
        guard let m = machine else { throw FixtureError("the app is killed") }
        let action: String
        switch (biometric, m.state) {
        case (true, .biometricPrompt): action = "retry"
        case (true, .pinInput), (true, .pinBlocked): action = "fallbackToPin"
        case (false, .pinInput): action = "showRemaining"
        case (false, .pinBlocked): action = "block"
        default: action = "unexpected:\(m.state)"
        }
        let block: Int64 = (!biometric && m.state == .pinBlocked) ? (m.pinBlockedUntil.map { ($0 - clock.now()).milliseconds } ?? 0) : 0
        decision = [
            "action": .symbol(action),
            "remaining": .int(biometric ? m.biometricAttemptsRemaining : m.pinAttemptsRemaining),
            "block": .duration(milliseconds: Int(block)),
            "countdown": .text(m.countdown ?? ""),
            "announcement": .text(announcement ?? ""),
        ]
    }

    /// Reads an observation.
    public func observe(_ name: String) throws(FixtureError) -> Value {
        if let value = decision[name] { return value }
        guard let m = machine else { throw FixtureError("the app is killed: no \(name)") }
        switch name {
        case "state": return .symbol(onDashboard && m.state == .success ? "Dashboard" : m.state.rawValue)
        case "bioFailures": return .int(m.biometricFailures)
        case "pinFailures": return .int(m.pinFailures)
        case "countdown": return .text(m.countdown ?? "")
        case "pinInputEnabled": return .bool(m.inputEnabled)
        case "entered": return .int(m.enteredDigitCount)
        default: throw FixtureError("no observation \(name)")
        }
    }
}
