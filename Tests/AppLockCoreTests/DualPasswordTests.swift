import Testing
@testable import AppLockCore

@Suite("Dual password and decoy (dual-password-decoy-space.zh.md)")
struct DualPasswordTests {
    static let main = "correct horse battery"
    static let decoy = "tulip garden 42"
    static let wrong = "not the password"
    static let refused: [DualPasswordEffect] = [.clearInput, .showError("无法解锁")]

    static func installed(
        seed: UInt64 = 7, store: any KeyValueStore = InMemoryStore(), quickUnlock: Bool = false
    ) throws -> (DualPassword, any KeyValueStore) {
        let random = SeededRandom(seed: seed)
        try DualPassword.install(
            main: SecretBytes(utf8: main), decoy: SecretBytes(utf8: decoy), store: store, random: random,
            parameters: .testing, quickUnlock: quickUnlock)
        return (DualPassword(store: store, random: random), store)
    }

    func submit(_ text: String, _ machine: inout DualPassword, at now: DeviceTime = at(0)) -> [DualPasswordEffect] {
        machine.handle(.submit(SecretBytes(utf8: text)), now: now)
    }

    @Test("main opens Real, decoy opens Decoy, a wrong password gets the neutral error")
    func routing() throws {
        var (machine, _) = try Self.installed()
        #expect(submit(Self.main, &machine) == [.clearInput, .openProfile(.real)])
        #expect(machine.state == .realUnlocked && machine.openProfile == .real && machine.holdsProfileKey)
        #expect(machine.handle(.lock, now: at(1)) == [.releaseProfile])
        #expect(machine.state == .locked && !machine.holdsProfileKey)
        #expect(submit(Self.decoy, &machine) == [.clearInput, .openProfile(.decoy)])
        #expect(machine.state == .decoyUnlocked)
        _ = machine.handle(.timeout, now: at(2))
        #expect(submit(Self.wrong, &machine) == Self.refused)
        #expect(machine.state == .locked && machine.failureCount == 1)
    }

    @Test("an unlock hands the app the profile key set-up made for that profile, and the lock takes it back")
    func profileKeys() throws {
        let store = InMemoryStore(), random = SeededRandom(seed: 7)
        let keys = try DualPassword.install(main: SecretBytes(utf8: Self.main), decoy: SecretBytes(utf8: Self.decoy), store: store,
                                            random: random, parameters: .testing)
        #expect(keys.real.count == AEAD.keyLength && keys.decoy.count == AEAD.keyLength && keys.real != keys.decoy)
        #expect("\(keys)" == "InstalledProfileKeys(<redacted>)")
        var machine = DualPassword(store: store, random: random)
        #expect(machine.profileKey == nil)
        _ = submit(Self.main, &machine)
        let real = try #require(machine.profileKey)
        #expect(real == keys.real)
        _ = machine.handle(.lock, now: at(1))
        #expect(machine.profileKey == nil)
        // The app's reference shares the core's bytes: the lock zeroed it too; set-up's own copy is the app's to keep.
        #expect(real.isWiped && !keys.real.isWiped)
        #expect(machine.profileKeyMatch(keys) == .none)
        _ = submit(Self.decoy, &machine)
        #expect(machine.profileKey == keys.decoy && machine.profileKeyMatch(keys) == .decoy)
        _ = machine.handle(.lock, now: at(2))
        _ = submit(Self.main, &machine)
        #expect(machine.profileKeyMatch(keys) == .real)
        // Keys from another set-up open neither container.
        let other = try DualPassword.install(main: SecretBytes(utf8: Self.main), decoy: SecretBytes(utf8: Self.decoy), store: InMemoryStore(),
                                             random: SeededRandom(seed: 8), parameters: .testing)
        #expect(machine.profileKeyMatch(other) == .neither)
    }

    @Test("sequential and parallel derivation route identically")
    func parallelOption() throws {
        for parallel in [false, true] {
            let store = InMemoryStore()
            let random = SeededRandom(seed: 11)
            try DualPassword.install(
                main: SecretBytes(utf8: Self.main), decoy: SecretBytes(utf8: Self.decoy), store: store,
                random: random, parameters: .testing)
            var machine = DualPassword(
                configuration: .init(parallelDerivation: parallel), store: store, random: random)
            #expect(submit(Self.decoy, &machine) == [.clearInput, .openProfile(.decoy)])
        }
    }

    @Test("an empty submission is refused before any work and counts nothing (D-DP-EMPTY)")
    func empty() throws {
        var (machine, store) = try Self.installed()
        let before = try store.persistedBytes()
        #expect(submit("", &machine) == Self.refused)
        #expect(machine.failureCount == 0)
        #expect(try store.persistedBytes() == before)
    }

    @Test("delay schedule (D-DP-DELAY)", arguments: [
        (0, Int32(0)), (1, 0), (2, 0), (3, 1), (4, 2), (5, 4), (10, 128), (11, 256), (12, 300), (40, 300),
    ])
    func delaySchedule(failures: Int, seconds: Int32) {
        #expect(FailureDelay.delay(afterFailures: failures) == .seconds(seconds))
    }

    @Test("a submission inside the delay is refused, derives nothing and changes nothing; it survives a kill")
    func delayEnforced() throws {
        let dir = makeTemporaryDirectory()
        defer { FileManagerShim.remove(dir) }
        var (machine, store) = try Self.installed(store: FileStore(path: dir + "/store"))
        for second in 0..<3 { _ = submit(Self.wrong, &machine, at: at(Int64(second))) }
        #expect(machine.failureCount == 3 && machine.delayRemaining(at: at(2)) == .seconds(1))
        let before = try store.persistedBytes()
        // even the main password is refused inside the delay, with the same error
        #expect(submit(Self.main, &machine, at: at(2, ms: 999)) == Self.refused)
        #expect(machine.state == .locked && machine.failureCount == 3)
        #expect(try store.persistedBytes() == before)
        var relaunched = DualPassword(store: FileStore(path: dir + "/store"), random: SeededRandom(seed: 1))
        #expect(relaunched.failureCount == 3 && relaunched.lastFailureAt == at(2))
        #expect(submit(Self.main, &relaunched, at: at(3)) == [.clearInput, .openProfile(.real)])
        #expect(relaunched.failureCount == 0)
    }

    @Test("the decoy's derived key and profile key cannot unseal the Real slot")
    func decoyCannotUnsealReal() throws {
        let (machine, _) = try Self.installed()
        let records = try [0, 1].map { try SlotRecord(bytes: try #require(machine.persistedSlot($0))) }
        let decoyPassword = SecretBytes(utf8: Self.decoy)
        let opened = DualPassword.unsealBoth(records, password: decoyPassword, configuration: .init(parallelDerivation: false))
        let decoySlot = try #require(opened.first)
        #expect(opened.count == 1 && decoySlot.role == .decoy)
        let realIndex = 1 - decoySlot.index
        let decoyKEK = try records[decoySlot.index].deriveKey(password: decoyPassword, index: decoySlot.index)
        #expect(UnsealedSlot.open(records[realIndex], index: realIndex, key: decoyKEK) == nil)
        #expect(UnsealedSlot.open(records[realIndex], index: realIndex, key: decoySlot.profileKey) == nil)
        // and the decoy password derived for Real's own salt does not open it either
        let crossKEK = try records[realIndex].deriveKey(password: decoyPassword, index: realIndex)
        #expect(UnsealedSlot.open(records[realIndex], index: realIndex, key: crossKEK) == nil)
    }

    @Test("salts differ between the two slots and between installs; slots have one shape")
    func saltsAndShape() throws {
        let (a, _) = try Self.installed(seed: 1)
        let (b, _) = try Self.installed(seed: 2)
        let aSlots = try [0, 1].map { try SlotRecord(bytes: try #require(a.persistedSlot($0))) }
        let bSlots = try [0, 1].map { try SlotRecord(bytes: try #require(b.persistedSlot($0))) }
        #expect(aSlots[0].salt != aSlots[1].salt)
        #expect(Set(aSlots.map(\.salt)).isDisjoint(with: Set(bSlots.map(\.salt))))
        #expect(a.persistedSlot(0)?.count == SlotRecord.recordLength)
        #expect(a.persistedSlot(1)?.count == SlotRecord.recordLength)
        #expect(aSlots[0].parameters == aSlots[1].parameters)
    }

    @Test("persisted names are neutral and no secret is in any key, byte, effect or error")
    func noSecretsOrSemanticNames() throws {
        var (machine, store) = try Self.installed()
        var produced: [String] = []
        for text in [Self.main, Self.decoy, Self.wrong, ""] {
            produced += submit(text, &machine).map(\.description)
            produced += machine.handle(.lock, now: at(0)).map(\.description)
        }
        produced.append(machine.description)
        produced.append(DualPasswordEvent.submit(SecretBytes(utf8: Self.main)).description)
        produced += [PasswordPolicyError.tooShort, .pinTooShort, .sameAsOther].map(\.description)
        produced += [CredentialError.parametersOutOfBounds, .malformedRecord].map(\.description)
        let keys = try store.keys()
        for name in keys {
            for word in ["real", "decoy", "fake", "password", "main", "erase"] {
                #expect(!name.lowercased().contains(word), "key \(name) names \(word)")
            }
        }
        let bytes = try store.persistedBytes()
        for secret in [Self.main, Self.decoy, Self.wrong] {
            #expect(!contains(bytes, secret))
            #expect(!produced.contains { $0.contains(secret) })
            #expect(!keys.contains { $0.contains(secret) })
        }
    }

    @Test("with erase off, 100 decoy entries leave every stored byte unchanged")
    func hundredDecoyEntries() throws {
        var (machine, store) = try Self.installed()
        let before = try store.persistedBytes()
        let slots = [machine.persistedSlot(0), machine.persistedSlot(1)]
        for i in 0..<100 {
            #expect(submit(Self.decoy, &machine, at: at(Int64(i))).last == .openProfile(.decoy))
            _ = machine.handle(.lock, now: at(Int64(i)))
        }
        #expect(try store.persistedBytes() == before)
        #expect([machine.persistedSlot(0), machine.persistedSlot(1)] == slots)
        #expect(!machine.hasErased)
        #expect(machine.realSlotOpens(with: SecretBytes(utf8: Self.main)))
        #expect(!machine.realSlotOpens(with: SecretBytes(utf8: Self.decoy)))
        #expect(submit(Self.main, &machine, at: at(200)).last == .openProfile(.real))
    }

    @Test("enabling erase needs the main password, the warning and a second confirmation")
    func enableEraseFlow() throws {
        var (machine, _) = try Self.installed()
        _ = submit(Self.main, &machine)
        #expect(machine.handle(.beginEnableErase(SecretBytes(utf8: Self.decoy)), now: at(1)) == [.showError("无法解锁")])
        #expect(machine.eraseSetup == .idle)
        #expect(machine.handle(.confirmEnableErase, now: at(1)).isEmpty && !machine.eraseEnabled)
        #expect(machine.handle(.beginEnableErase(SecretBytes(utf8: Self.main)), now: at(2)) == [.presentEraseWarning])
        #expect(machine.handle(.confirmEnableErase, now: at(2)).isEmpty && !machine.eraseEnabled)
        #expect(machine.handle(.acknowledgeEraseWarning, now: at(3)) == [.presentEraseConfirmation])
        _ = machine.handle(.confirmEnableErase, now: at(4))
        #expect(machine.eraseEnabled && machine.eraseSetup == .idle)
        #expect(machine.handle(.disableErase(SecretBytes(utf8: Self.wrong)), now: at(5)) == [.showError("无法解锁")])
        #expect(machine.eraseEnabled)
        _ = machine.handle(.disableErase(SecretBytes(utf8: Self.main)), now: at(6))
        #expect(!machine.eraseEnabled)
    }

    @Test("decoy with erase on erases Real, then opens Decoy; the main password then fails (D-DP-ERASE-FLOW)")
    func eraseFlow() throws {
        var (machine, store) = try Self.installed(quickUnlock: true)
        _ = submit(Self.main, &machine)
        _ = machine.handle(.beginEnableErase(SecretBytes(utf8: Self.main)), now: at(1))
        _ = machine.handle(.acknowledgeEraseWarning, now: at(1))
        _ = machine.handle(.confirmEnableErase, now: at(1))
        _ = machine.handle(.lock, now: at(2))
        // wrong, Face ID failure, cancel and background never erase
        _ = submit(Self.wrong, &machine, at: at(3))
        _ = machine.handle(.faceIDResult(.failure), now: at(3))
        _ = machine.handle(.faceIDResult(.cancel), now: at(3))
        _ = machine.handle(.background, now: at(3))
        #expect(!machine.hasErased)
        #expect(submit(Self.decoy, &machine, at: at(4)) == [.clearInput, .erase, .openProfile(.decoy)])
        #expect(machine.state == .decoyUnlocked && machine.hasErased && !machine.quickUnlockEnabled)
        #expect(machine.persistedSlot(0)?.count == SlotRecord.recordLength)
        #expect(machine.persistedSlot(1)?.count == SlotRecord.recordLength)
        _ = machine.handle(.lock, now: at(5))
        #expect(!machine.realSlotOpens(with: SecretBytes(utf8: Self.main)))
        #expect(submit(Self.main, &machine, at: at(6)) == Self.refused)
        #expect(machine.handle(.faceIDResult(.success), now: at(7)).isEmpty)
        #expect(machine.state == .locked)
        var relaunched = DualPassword(store: store, random: SeededRandom(seed: 9))
        #expect(submit(Self.main, &relaunched, at: at(8)) == Self.refused)
    }

    @Test("Face ID success opens Real only; failure returns nothing, cancel only clears; neither counts (D-DP-FACEID-FAIL)")
    func faceID() throws {
        var (machine, _) = try Self.installed(quickUnlock: true)
        #expect(machine.handle(.faceIDResult(.failure), now: at(0)).isEmpty)
        #expect(machine.handle(.faceIDResult(.cancel), now: at(0)) == [.clearInput])
        #expect(machine.state == .locked && machine.failureCount == 0)
        #expect(machine.handle(.faceIDResult(.success), now: at(1)) == [.clearInput, .openProfile(.real)])
        #expect(machine.openProfile == .real)
        var (noQuick, _) = try Self.installed(quickUnlock: false)
        #expect(noQuick.handle(.faceIDResult(.success), now: at(1)).isEmpty)
        #expect(noQuick.state == .locked)
    }

    @Test("background shows the profile-neutral cover at once, locked or not (§7), and never erases")
    func backgroundCover() throws {
        var (machine, _) = try Self.installed()
        #expect(machine.handle(.background, now: at(0)) == [.clearInput, .showNeutralCover])
        #expect(machine.handle(.cancel, now: at(0)) == [.clearInput])
        _ = submit(Self.decoy, &machine, at: at(1))
        #expect(machine.handle(.background, now: at(2)) == [.showNeutralCover])
        #expect(machine.state == .decoyUnlocked && !machine.hasErased)
    }

    @Test("Real opened by Face ID: the main password still enables and disables erase, any other is refused (exploration finding)")
    func eraseSettingsAfterFaceID() throws {
        var (machine, _) = try Self.installed(quickUnlock: true)
        #expect(machine.handle(.faceIDResult(.success), now: at(1)) == [.clearInput, .openProfile(.real)])
        #expect(machine.handle(.beginEnableErase(SecretBytes(utf8: Self.decoy)), now: at(2)) == [.showError("无法解锁")])
        #expect(machine.handle(.beginEnableErase(SecretBytes(utf8: Self.main)), now: at(3)) == [.presentEraseWarning])
        #expect(machine.handle(.acknowledgeEraseWarning, now: at(4)) == [.presentEraseConfirmation])
        #expect(machine.handle(.confirmEnableErase, now: at(5)).isEmpty)
        #expect(machine.eraseEnabled)
        #expect(machine.handle(.disableErase(SecretBytes(utf8: Self.main)), now: at(6)).isEmpty)
        #expect(!machine.eraseEnabled)
    }

    @Test("unlocked, the lock screen's cancel changes nothing, and background abandons an unfinished erase dialog (D-DP-ERASE-SETTINGS)")
    func cancelAndBackgroundWhileUnlocked() throws {
        var (machine, _) = try Self.installed()
        _ = submit(Self.main, &machine, at: at(1))
        #expect(machine.handle(.beginEnableErase(SecretBytes(utf8: Self.main)), now: at(2)) == [.presentEraseWarning])
        #expect(machine.handle(.cancel, now: at(3)).isEmpty)
        #expect(machine.eraseSetup == .warning)
        #expect(machine.handle(.background, now: at(4)) == [.showNeutralCover])
        #expect(machine.eraseSetup == .idle && !machine.eraseEnabled)
        #expect(machine.handle(.acknowledgeEraseWarning, now: at(5)).isEmpty)
    }

    @Test("every submission that reaches the KDF derives both slots; empty and delayed ones derive nothing (§5)",
          arguments: [false, true])
    func equalKDFWork(parallel: Bool) throws {
        let (_, store) = try Self.installed()
        let kdf = CountingKeyDerivation()
        var machine = DualPassword(configuration: kdf.configuration(parallel: parallel), store: store, random: SeededRandom(seed: 7))
        // The derivations one step asks the injected KDF for, counted by the test, not by the lock.
        func derivations(_ step: (inout DualPassword) -> Void) -> Int {
            let before = kdf.count
            step(&machine)
            return kdf.count - before
        }
        for password in [Self.main, Self.decoy, Self.wrong] {
            #expect(derivations { _ = submit(password, &$0, at: at(0)) } == 2)
            #expect(derivations { _ = $0.handle(.lock, now: at(0)) } == 0)
        }
        #expect(derivations { _ = submit("", &$0, at: at(0)) } == 0)
        _ = submit(Self.wrong, &machine, at: at(0))
        // third consecutive failure: a 1 s delay now runs
        #expect(derivations { _ = submit(Self.wrong, &$0, at: at(0)) } == 2 && machine.failureCount == 3)
        var effects: [DualPasswordEffect] = []
        #expect(derivations { effects = submit(Self.main, &$0, at: at(0)) } == 0)
        #expect(effects == Self.refused && machine.state == .locked)
        _ = submit(Self.main, &machine, at: at(5))
        // only the open slot is re-derived
        #expect(derivations { _ = $0.handle(.beginEnableErase(SecretBytes(utf8: Self.main)), now: at(5)) } == 1)
    }

    @Test("set-up derives each slot once through the configured KDF")
    func installUsesInjectedKDF() throws {
        let kdf = CountingKeyDerivation()
        try DualPassword.install(
            main: SecretBytes(utf8: Self.main), decoy: SecretBytes(utf8: Self.decoy), store: InMemoryStore(),
            random: SeededRandom(seed: 1), parameters: .testing, configuration: kdf.configuration())
        #expect(kdf.count == 2)
    }

    @Test("out-of-range stored KDF parameters are refused, never run")
    func hostileParameters() throws {
        var (machine, store) = try Self.installed()
        var record = try #require(machine.persistedSlot(0))
        record[2] = 0x7F // memory cost ~2 TiB
        try store.set(record, forKey: "slot.0")
        #expect(throws: CredentialError.parametersOutOfBounds) { try SlotRecord(bytes: record) }
        #expect(submit(Self.main, &machine) == Self.refused)
        #expect(submit(Self.decoy, &machine) == Self.refused)
        #expect(machine.state == .locked)
        try store.set(Array(record.prefix(50)), forKey: "slot.0")
        #expect(throws: CredentialError.malformedRecord) { try SlotRecord(bytes: Array(record.prefix(50))) }
    }

    @Test("a truncated store file gives the locked state and never unlocks or erases (D-STORE-CORRUPT)")
    func truncatedStore() throws {
        let dir = makeTemporaryDirectory()
        defer { FileManagerShim.remove(dir) }
        let path = dir + "/store"
        _ = try Self.installed(store: FileStore(path: path))
        let bytes = try #require(FileManagerShim.read(path))
        FileManagerShim.write(path, Array(bytes.dropLast(10)))
        var machine = DualPassword(store: FileStore(path: path), random: SeededRandom(seed: 1))
        #expect(machine.storeIsCorrupt && machine.state == .locked && !machine.eraseEnabled)
        #expect(submit(Self.main, &machine) == Self.refused)
        #expect(submit(Self.decoy, &machine) == Self.refused)
        #expect(machine.handle(.faceIDResult(.success), now: at(1)).isEmpty)
        #expect(machine.state == .locked && !machine.hasErased)
    }

    @Test("password policy: 8 characters, numeric PIN of 6 digits, main and decoy differ", arguments: [
        ("short", "tulip garden 42", PasswordPolicyError?.some(.tooShort)),
        ("12345", "tulip garden 42", .pinTooShort),
        ("123456", "tulip garden 42", nil),
        ("same password", "same password", .sameAsOther),
        ("long enough", "other enough", nil),
    ])
    func policy(main: String, decoy: String, error: PasswordPolicyError?) {
        if let error {
            #expect(throws: error) {
                try PasswordPolicy.check(main: SecretBytes(utf8: main), decoy: SecretBytes(utf8: decoy))
            }
        } else {
            #expect(throws: Never.self) {
                try PasswordPolicy.check(main: SecretBytes(utf8: main), decoy: SecretBytes(utf8: decoy))
            }
        }
    }

    @Test("a real install persists the production-default Argon2id parameters in both slots")
    func productionDefaults() throws {
        let store = InMemoryStore()
        try DualPassword.install(
            main: SecretBytes(utf8: Self.main), decoy: SecretBytes(utf8: Self.decoy), store: store,
            random: SystemRandom())
        for index in 0..<2 {
            let bytes = try #require(try store.value(forKey: "slot.\(index)"))
            let record = try SlotRecord(bytes: bytes)
            #expect(record.parameters == Argon2idParameters(memoryKiB: 19_456, iterations: 2, parallelism: 1))
        }
    }
}
