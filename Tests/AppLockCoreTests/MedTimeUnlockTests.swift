import Testing
@testable import AppLockCore

@Suite("MedTime unlock (medtime-biometric-unlock.es.md)")
struct MedTimeUnlockTests {
    static let pin = "1234"
    let config = MedTimeUnlock.Configuration(biometricEnabled: true, biometry: .face, pinLength: .four)

    /// A store with the PIN 1234 enrolled at light test parameters.
    static func enrolledStore(_ store: any KeyValueStore = InMemoryStore()) throws -> any KeyValueStore {
        let credential = try PINCredential.enroll(
            pin: SecretBytes(utf8: pin), length: .four, parameters: .testing, random: SeededRandom(seed: 3))
        try store.set(credential.record, forKey: "unlock.credential")
        return store
    }

    func type(_ digits: String, into machine: inout MedTimeUnlock, now: DeviceTime) -> [MedTimeEffect] {
        digits.compactMap { $0.wholeNumberValue }.flatMap { machine.handle(.digit($0), now: now) }
    }

    func pinScreen(_ store: any KeyValueStore, now: DeviceTime = at(0)) -> MedTimeUnlock {
        var machine = MedTimeUnlock(
            configuration: .init(biometricEnabled: false, biometry: .face, pinLength: .four), store: store)
        _ = machine.handle(.open(sessionValid: true), now: now)
        return machine
    }

    @Test("an invalid session goes to Login (D-MT-SESSION)")
    func invalidSession() throws {
        var machine = MedTimeUnlock(configuration: config, store: try Self.enrolledStore())
        #expect(machine.handle(.open(sessionValid: false), now: at(0)) == [.navigate(.login, afterMilliseconds: 0)])
        #expect(machine.state == .login)
    }

    @Test("open with biometrics prompts, biometrics-only policy, with the announcement and analytics")
    func openPrompts() throws {
        var machine = MedTimeUnlock(configuration: config, store: try Self.enrolledStore())
        let effects = machine.handle(.open(sessionValid: true), now: at(0))
        #expect(machine.state == .biometricPrompt)
        #expect(effects.map(\.description) == [
            "analytics(screen_view, screen_name=biometric_unlock)",
            "startBiometricPrompt(deviceOwnerAuthenticationWithBiometrics)",
            "announce(\"Usa Face ID para desbloquear MedTime\")",
            "analytics(biometric_attempt, type=face)",
        ])
    }

    @Test("biometric failures 1-2 re-prompt with attempts left; the 3rd goes to the PIN (D-MT-BIO-RESET)")
    func biometricFailures() throws {
        var machine = MedTimeUnlock(configuration: config, store: try Self.enrolledStore())
        _ = machine.handle(.open(sessionValid: true), now: at(0))
        let first = machine.handle(.biometricResult(.failure), now: at(1))
        #expect(first.contains(.announce("No reconocido. 2 intentos restantes")))
        // D-MT-EFFECTS: the retry prompt is not announced again ('Bio fail' is the announcement).
        #expect(first.map(\.description) == [
            "analytics(biometric_failure, type=face, attempt_number=1)",
            "output(onBiometricFail, attempts_remaining=2)",
            "announce(\"No reconocido. 2 intentos restantes\")",
            "startBiometricPrompt(deviceOwnerAuthenticationWithBiometrics)",
            "analytics(biometric_attempt, type=face)",
        ])
        #expect(machine.state == .biometricPrompt && machine.lastPath == [.biometricFail, .biometricPrompt])
        let second = machine.handle(.biometricResult(.failure), now: at(2))
        #expect(second.contains(.announce("No reconocido. 1 intentos restantes")))
        let third = machine.handle(.biometricResult(.failure), now: at(3))
        #expect(machine.state == .pinInput)
        #expect(third.map(\.description).contains("analytics(biometric_to_pin, reason=failed)"))
        #expect(third.contains(.announce("Usa tu PIN para desbloquear")))
        #expect(third.map(\.description).contains("analytics(biometric_failure, type=face, attempt_number=3)"))
    }

    @Test("cancel or Usar PIN goes to the PIN at any count")
    func cancelToPIN() throws {
        for event in [MedTimeEvent.biometricResult(.cancel), .usePIN] {
            var machine = MedTimeUnlock(configuration: config, store: try Self.enrolledStore())
            _ = machine.handle(.open(sessionValid: true), now: at(0))
            let effects = machine.handle(event, now: at(1))
            #expect(machine.state == .pinInput)
            #expect(effects.map(\.description).contains("analytics(biometric_to_pin, reason=cancelled)"))
        }
    }

    @Test("biometric success unlocks and navigates after 0.5 s")
    func biometricSuccess() throws {
        var machine = MedTimeUnlock(configuration: config, store: try Self.enrolledStore())
        _ = machine.handle(.open(sessionValid: true), now: at(0))
        let effects = machine.handle(.biometricResult(.success), now: at(0, ms: 750))
        #expect(machine.state == .success && machine.lastPath == [.biometricSuccess, .success])
        #expect(effects.map(\.description) == [
            "analytics(biometric_success, type=face, time_ms=750)",
            "analytics(unlock_success, method=biometric)",
            "output(onBiometricSuccess)",
            "announce(\"Desbloqueado\")",
            "navigate(dashboard, after=500ms)",
        ])
    }

    @Test("digits announce their position, never their value; the correct PIN unlocks")
    func correctPIN() throws {
        var machine = pinScreen(try Self.enrolledStore())
        let effects = type(Self.pin, into: &machine, now: at(5))
        #expect(effects.prefix(4) == [
            .announce("Digito 1 de 4"), .announce("Digito 2 de 4"), .announce("Digito 3 de 4"),
            .announce("Digito 4 de 4"),
        ])
        #expect(machine.state == .success)
        #expect(effects.map(\.description).contains("analytics(pin_success, time_ms=5000, attempts_used=1)"))
        #expect(effects.map(\.description).contains("analytics(unlock_success, method=pin)"))
    }

    @Test("delete removes one digit, long press clears all")
    func editing() throws {
        var machine = pinScreen(try Self.enrolledStore())
        _ = type("12", into: &machine, now: at(1))
        _ = machine.handle(.delete, now: at(1))
        #expect(machine.enteredDigitCount == 1)
        _ = machine.handle(.clearAll, now: at(1))
        #expect(machine.enteredDigitCount == 0)
        _ = type("1234", into: &machine, now: at(2))
        #expect(machine.state == .success)
    }

    @Test("PIN attempt tiers 1..9 (D-MT-TIERS)", arguments: [
        (1, "PIN incorrecto. 4 intentos restantes", Int64?.none), (2, "PIN incorrecto. 3 intentos restantes", nil),
        (3, "PIN incorrecto. 2 intentos restantes", nil), (4, "PIN incorrecto. 1 intentos restantes", nil),
        (5, "PIN bloqueado. Espera 01:00", 60), (6, "PIN bloqueado. Espera 05:00", 300),
        (7, "PIN bloqueado. Espera 15:00", 900), (8, "PIN bloqueado. Espera 60:00", 3600),
        (9, "PIN bloqueado. Espera 60:00", 3600),
    ])
    func tiers(failure: Int, announcement: String, block: Int64?) throws {
        let store = try Self.enrolledStore()
        try store.set(ByteCoding.encodeCount(failure - 1), forKey: "unlock.failures")
        var machine = pinScreen(store, now: at(1000))
        let effects = type("0000", into: &machine, now: at(1000))
        #expect(effects.contains(.announce(announcement)))
        #expect(effects.map(\.description).contains("analytics(pin_failure, attempt_number=\(failure))"))
        #expect(machine.pinFailures == failure)
        if let block {
            #expect(machine.state == .pinBlocked)
            #expect(machine.pinBlockedUntil == at(1000 + block))
            #expect(effects.map(\.description).contains("analytics(pin_blocked, duration_seconds=\(block))"))
            #expect(machine.lastPath == [.pinValidating, .pinError, .pinBlocked])
        } else {
            #expect(machine.state == .pinInput && machine.pinBlockedUntil == nil)
            #expect(machine.lastPath == [.pinValidating, .pinError, .pinInput])
        }
    }

    @Test("countdown MM:SS rounds up (D-MT-COUNTDOWN)", arguments: [
        (Int64(60_000), "01:00"), (59_001, "01:00"), (59_000, "00:59"), (3_600_000, "60:00"), (1, "00:01"),
        (0, "00:00"), (299_500, "05:00"),
    ])
    func countdown(ms: Int64, text: String) {
        #expect(PINLockoutPolicy.countdown(.milliseconds(ms)) == text)
    }

    @Test("while blocked digits are ignored; the block ends on a tick at pinBlockedUntil")
    func blockEnds() throws {
        let store = try Self.enrolledStore()
        try store.set(ByteCoding.encodeCount(4), forKey: "unlock.failures")
        var machine = pinScreen(store)
        _ = type("0000", into: &machine, now: at(10))
        #expect(machine.handle(.digit(1), now: at(20)).isEmpty && machine.enteredDigitCount == 0)
        _ = machine.handle(.tick, now: at(69, ms: 999))
        #expect(machine.state == .pinBlocked && machine.countdown == "00:01")
        _ = machine.handle(.tick, now: at(70))
        #expect(machine.state == .pinInput && machine.inputEnabled)
        // the counter is not reset by the end of the block (D-MT-PIN-RESET): the next failure is the 6th
        _ = type("9999", into: &machine, now: at(71))
        #expect(machine.pinBlockedUntil == at(71 + 300))
    }

    @Test("the next event after the block ends re-enables input without a tick")
    func blockEndsOnNextEvent() throws {
        let store = try Self.enrolledStore()
        try store.update([
            StoreChange(key: "unlock.failures", value: ByteCoding.encodeCount(5)),
            StoreChange(key: "unlock.blockedUntil", value: ByteCoding.encodeInstant(at(60))),
        ])
        var machine = pinScreen(store, now: at(10))
        #expect(machine.state == .pinBlocked)
        _ = type(Self.pin, into: &machine, now: at(60))
        #expect(machine.state == .success)
        #expect(try store.value(forKey: "unlock.failures") == nil)
    }

    @Test("a lockout survives a kill: rebuilt from the same FileStore it is still blocked")
    func lockoutSurvivesKill() throws {
        let dir = makeTemporaryDirectory()
        defer { FileManagerShim.remove(dir) }
        let store = try Self.enrolledStore(FileStore(path: dir + "/store"))
        try store.set(ByteCoding.encodeCount(4), forKey: "unlock.failures")
        var machine = pinScreen(store, now: at(100))
        _ = type("0000", into: &machine, now: at(100))
        #expect(machine.state == .pinBlocked)
        // kill: a new machine on a new FileStore over the same file
        var relaunched = MedTimeUnlock(configuration: config, store: FileStore(path: dir + "/store"))
        #expect(relaunched.pinFailures == 5 && relaunched.pinBlockedUntil == at(160))
        // Before any screen looks, the relaunched core already says the block runs, until its last instant.
        #expect(relaunched.state == .checkingSession)
        #expect(relaunched.isBlocked(at: at(159)) && !relaunched.isBlocked(at: at(160)))
        _ = relaunched.handle(.open(sessionValid: true), now: at(130))
        _ = relaunched.handle(.usePIN, now: at(131))
        #expect(relaunched.state == .pinBlocked && relaunched.countdown == "00:29")
        #expect(relaunched.biometricFailures == 0)
        // a clock moved backwards does not shorten the block (D-MT-CLOCK)
        _ = relaunched.handle(.tick, now: at(50))
        #expect(relaunched.state == .pinBlocked)
        // at relaunch after the block, input is enabled
        var later = MedTimeUnlock(configuration: config, store: FileStore(path: dir + "/store"))
        _ = later.handle(.open(sessionValid: true), now: at(160))
        _ = later.handle(.biometricResult(.cancel), now: at(161))
        #expect(later.state == .pinInput)
    }

    @Test("Iniciar sesion from the blocked screen goes to Login")
    func blockedToLogin() throws {
        let store = try Self.enrolledStore()
        try store.set(ByteCoding.encodeInstant(at(500)), forKey: "unlock.blockedUntil")
        var machine = pinScreen(store)
        #expect(machine.handle(.tapLogin, now: at(1)) == [.output(.relogin), .navigate(.login, afterMilliseconds: 0)])
        #expect(machine.state == .login)
    }

    @Test("a corrupt store keeps the PIN blocked for the longest tier and never unlocks (D-STORE-CORRUPT)")
    func corruptStore() throws {
        let dir = makeTemporaryDirectory()
        defer { FileManagerShim.remove(dir) }
        let path = dir + "/store"
        _ = try Self.enrolledStore(FileStore(path: path))
        let bytes = try #require(FileManagerShim.read(path))
        FileManagerShim.write(path, Array(bytes.dropLast(5)))
        var machine = MedTimeUnlock(configuration: config, store: FileStore(path: path))
        let effects = machine.handle(.open(sessionValid: true), now: at(0))
        #expect(machine.state == .pinBlocked && machine.countdown == "60:00")
        #expect(effects.contains(.announce("PIN bloqueado. Espera 60:00")))
        _ = machine.handle(.tick, now: at(3600))
        #expect(machine.state == .pinBlocked)
        _ = machine.handle(.biometricResult(.success), now: at(3601))
        #expect(machine.state == .pinBlocked)
    }

    @Test("biometric success resets the persisted PIN counter (D-MT-PIN-RESET)")
    func bioResetsPIN() throws {
        let store = try Self.enrolledStore()
        try store.set(ByteCoding.encodeCount(3), forKey: "unlock.failures")
        var machine = MedTimeUnlock(configuration: config, store: store)
        _ = machine.handle(.open(sessionValid: true), now: at(0))
        _ = machine.handle(.biometricResult(.success), now: at(1))
        #expect(machine.pinFailures == 0)
        #expect(try store.value(forKey: "unlock.failures") == nil)
    }

    @Test("Touch ID devices are announced as Touch ID and typed fingerprint")
    func touchID() throws {
        var machine = MedTimeUnlock(
            configuration: .init(biometricEnabled: true, biometry: .fingerprint, pinLength: .six),
            store: try Self.enrolledStore())
        let effects = machine.handle(.open(sessionValid: true), now: at(0))
        #expect(effects.contains(.announce("Usa Touch ID para desbloquear MedTime")))
        #expect(effects.map(\.description).contains("analytics(biometric_attempt, type=fingerprint)"))
    }

    @Test("the PIN is stored as a salted Argon2id hash: never the digits, a fresh salt per enrolment")
    func credential() throws {
        let a = try PINCredential.enroll(
            pin: SecretBytes(utf8: "135790"), length: .six, parameters: .testing, random: SeededRandom(seed: 1))
        let b = try PINCredential.enroll(
            pin: SecretBytes(utf8: "135790"), length: .six, parameters: .testing, random: SeededRandom(seed: 2))
        #expect(a.salt != b.salt && a.record != b.record)
        #expect(!contains(a.record, "135790"))
        #expect(a.verify(SecretBytes(utf8: "135790")) && !a.verify(SecretBytes(utf8: "135791")))
        #expect(try PINCredential(record: a.record).verify(SecretBytes(utf8: "135790")))
        #expect(throws: CredentialError.malformedRecord) {
            try PINCredential.enroll(pin: SecretBytes(utf8: "12a4"), length: .four, parameters: .testing,
                                     random: SeededRandom(seed: 1))
        }
        var hostile = a.record
        hostile[2] = 0xFF // memory cost far out of bounds
        #expect(throws: CredentialError.parametersOutOfBounds) { try PINCredential(record: hostile) }
    }
}
