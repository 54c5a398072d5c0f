import Testing
@testable import AppLockCore

/// A counter or setting the store cannot write (D-STORE-WRITE-FAILS, D-DP-SETTING-NOT-SAVED): attempts are refused
/// without evaluation and settings errors surface.
@Suite("Store write failures (issue 10: full disk, read-only volume)")
struct StoreWriteFailureTests {
    static let pin = "1234"
    /// `DualPassword.Configuration().settingNotSavedError`, written out so the test also builds against a core
    /// without it.
    static let settingNotSaved = "设置未保存"
    static let pinConfiguration = MedTimeUnlock.Configuration(biometricEnabled: false, biometry: .none, pinLength: .four)

    static func enrolledStore() throws -> FailingStore {
        let store = FailingStore()
        let credential = try PINCredential.enroll(
            pin: SecretBytes(utf8: pin), length: .four, parameters: .testing, random: SeededRandom(seed: 3))
        try store.set(credential.record, forKey: "unlock.credential")
        return store
    }

    static func typePIN(_ pin: String, on store: any KeyValueStore, at now: DeviceTime) -> (MedTimeUnlock, [MedTimeEffect]) {
        var machine = MedTimeUnlock(configuration: pinConfiguration, store: store)
        _ = machine.handle(.open(sessionValid: true), now: now)
        let effects = pin.compactMap(\.wholeNumberValue).flatMap { machine.handle(.digit($0), now: now) }
        return (machine, effects)
    }

    static func installedDual(quickUnlock: Bool = false) throws -> FailingStore {
        let store = FailingStore()
        try DualPassword.install(
            main: SecretBytes(utf8: DualPasswordTests.main), decoy: SecretBytes(utf8: DualPasswordTests.decoy),
            store: store, random: SeededRandom(seed: 7), parameters: .testing, quickUnlock: quickUnlock)
        return store
    }

    static func dual(_ store: any KeyValueStore) -> DualPassword {
        DualPassword(configuration: .init(parallelDerivation: false), store: store, random: SeededRandom(seed: 8))
    }

    @Test("a PIN typed while the counter cannot be written is not evaluated: right and wrong look the same, nothing unlocks, a relaunch counts it honestly")
    func medTimeFailClosed() throws {
        let store = try Self.enrolledStore()
        store.failWrites(.all)
        for launch in 0..<50 {
            let now: DeviceTime = at(0, ms: Int64(launch))
            let (wrong, wrongEffects) = Self.typePIN("0000", on: store, at: now)
            let (right, rightEffects) = Self.typePIN(Self.pin, on: store, at: now)
            #expect(wrongEffects == rightEffects)
            #expect(!wrongEffects.contains { $0.description.contains("pin_failure") })
            #expect(wrong.state == .pinBlocked && right.state == .pinBlocked)
            #expect(wrong.storeIsCorrupt && right.storeIsCorrupt)
        }
        // Nothing was evaluated, so nothing is lost: a relaunch on a working store sees no failure, and the next
        // wrong PIN is the first one counted.
        store.failWrites(.none)
        let (relaunched, effects) = Self.typePIN("0000", on: store, at: at(1))
        #expect(relaunched.pinFailures == 1 && MedTimeUnlock(configuration: Self.pinConfiguration, store: store).pinFailures == 1)
        #expect(effects.contains { $0.description.contains("pin_failure") })
    }

    @Test("the failure is written before the PIN is checked: a right PIN whose reset cannot be written stays counted and does not unlock")
    func medTimeWriteAhead() throws {
        let store = try Self.enrolledStore()
        _ = Self.typePIN("0000", on: store, at: at(0))
        // The reset removes the counter; make exactly that write fail.
        store.failWrites(.keys(["unlock.blockedUntil"]))
        let (machine, _) = Self.typePIN(Self.pin, on: store, at: at(1))
        #expect(machine.state != .success)
        #expect(MedTimeUnlock(configuration: Self.pinConfiguration, store: store).pinFailures == 2)
    }

    @Test("a password submitted while the counter cannot be written is refused with no derivation and no telling effect")
    func dualFailClosed() throws {
        let store = try Self.installedDual()
        store.failWrites(.all)
        let kdf = CountingKeyDerivation()
        for attempt in 0..<50 {
            let now: DeviceTime = at(0, ms: Int64(attempt))
            for password in [DualPasswordTests.wrong, DualPasswordTests.main, DualPasswordTests.decoy] {
                var machine = DualPassword(configuration: kdf.configuration(parallel: false), store: store, random: SeededRandom(seed: 8))
                #expect(machine.handle(.submit(SecretBytes(utf8: password)), now: now) == DualPasswordTests.refused)
                #expect(machine.openProfile == nil && machine.state == .locked)
            }
        }
        #expect(kdf.count == 0)
        store.failWrites(.none)
        var relaunched = Self.dual(store)
        #expect(relaunched.failureCount == 0)
        #expect(relaunched.realSlotOpens(with: SecretBytes(utf8: DualPasswordTests.main)))
        // With the store working again, the limits apply from the first evaluated failure (D-DP-DELAY).
        for second in 0..<3 {
            _ = relaunched.handle(.submit(SecretBytes(utf8: DualPasswordTests.wrong)), now: at(Int64(second)))
        }
        #expect(Self.dual(store).failureCount == 3)
    }

    @Test("every failed settings write surfaces and leaves the flag as the store has it; the erase is never armed by a failure")
    func settingsSurface() throws {
        let store = try Self.installedDual()
        var machine = Self.dual(store)
        let notSaved: [DualPasswordEffect] = [.showError(Self.settingNotSaved)]
        _ = machine.handle(.submit(SecretBytes(utf8: DualPasswordTests.main)), now: at(0))
        store.failWrites(.keys(["slot.option.0", "slot.option.1"]))
        #expect(machine.handle(.setQuickUnlock(true), now: at(1)) == notSaved)
        #expect(!machine.quickUnlockEnabled)
        _ = machine.handle(.beginEnableErase(SecretBytes(utf8: DualPasswordTests.main)), now: at(2))
        _ = machine.handle(.acknowledgeEraseWarning, now: at(2))
        #expect(machine.handle(.confirmEnableErase, now: at(2)) == notSaved)
        #expect(!machine.eraseEnabled)
        _ = machine.handle(.lock, now: at(3))
        #expect(machine.handle(.submit(SecretBytes(utf8: DualPasswordTests.decoy)), now: at(4)) == [.clearInput, .openProfile(.decoy)])
        #expect(machine.realSlotOpens(with: SecretBytes(utf8: DualPasswordTests.main)))
    }

    @Test("a failed disable of the erase is shown, and the erase stays on only as the store says")
    func disableEraseSurfaces() throws {
        let store = try Self.installedDual()
        var machine = Self.dual(store)
        _ = machine.handle(.submit(SecretBytes(utf8: DualPasswordTests.main)), now: at(0))
        _ = machine.handle(.beginEnableErase(SecretBytes(utf8: DualPasswordTests.main)), now: at(0))
        _ = machine.handle(.acknowledgeEraseWarning, now: at(0))
        #expect(machine.handle(.confirmEnableErase, now: at(0)) == [])
        store.failWrites(.keys(["slot.option.0"]))
        let effects = machine.handle(.disableErase(SecretBytes(utf8: DualPasswordTests.main)), now: at(1))
        #expect(effects == [.showError(Self.settingNotSaved)])
        #expect(machine.eraseEnabled == Self.dual(store).eraseEnabled)
    }
}
