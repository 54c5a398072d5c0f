import Testing
@testable import AppLockCore

@Suite("Dual password: audit queries the core answers (dual-password-decoy-space.zh.md §4, §5, §7, §9)")
struct DualPasswordObservationTests {
    typealias Fixture = DualPasswordTests

    func submit(_ text: String, _ machine: inout DualPassword, at now: DeviceTime = at(0)) {
        _ = machine.handle(.submit(SecretBytes(utf8: text)), now: now)
    }

    /// Opens Real, switches erase on through its full flow, and locks again.
    func eraseOn(_ machine: inout DualPassword) {
        submit(Fixture.main, &machine)
        _ = machine.handle(.beginEnableErase(SecretBytes(utf8: Fixture.main)), now: at(1))
        _ = machine.handle(.acknowledgeEraseWarning, now: at(1))
        _ = machine.handle(.confirmEnableErase, now: at(1))
        _ = machine.handle(.lock, now: at(2))
    }

    @Test("the neutral error is the last step's: shown after a wrong or empty submission, gone after the next step")
    func lastStepShowedError() throws {
        var (machine, _) = try Fixture.installed()
        #expect(!machine.lastStepShowedError)
        submit(Fixture.wrong, &machine)
        #expect(machine.lastStepShowedError)
        _ = machine.handle(.cancel, now: at(1))
        #expect(!machine.lastStepShowedError)
        submit("", &machine, at: at(100))
        #expect(machine.lastStepShowedError)
        submit(Fixture.main, &machine, at: at(200))
        #expect(!machine.lastStepShowedError && machine.state == .realUnlocked)
    }

    @Test("the slots are unchanged after main, decoy with erase off, wrong and kill; overwritten after the erase")
    func realSlot() throws {
        var (machine, store) = try Fixture.installed()
        let installed = try #require(machine.persistedSlots(realPassword: SecretBytes(utf8: Fixture.main)))
        submit(Fixture.main, &machine)
        _ = machine.handle(.lock, now: at(1))
        submit(Fixture.decoy, &machine, at: at(2))
        _ = machine.handle(.lock, now: at(3))
        submit(Fixture.wrong, &machine, at: at(4))
        #expect(machine.realSlotUnchanged(since: installed) && !machine.realSlotOverwritten(since: installed))
        #expect(!machine.hasErased)

        var relaunched = DualPassword(store: store, random: SeededRandom(seed: 8))
        eraseOn(&relaunched)
        #expect(relaunched.realSlotUnchanged(since: installed)) // the erase switch writes no slot
        submit(Fixture.decoy, &relaunched, at: at(300))
        #expect(relaunched.hasErased && relaunched.state == .decoyUnlocked)
        #expect(relaunched.realSlotOverwritten(since: installed) && !relaunched.realSlotUnchanged(since: installed))
        #expect(!DualPassword(store: store, random: SeededRandom(seed: 9)).hasErased) // a new process has not erased
    }

    /// From a design-document audit: the pair of slots was compared, so an erase that overwrote the decoy's slot
    /// (and left Real's) also read "Real overwritten".
    @Test("only Real's slot is compared: the decoy's slot overwritten leaves Real unchanged; no baseline for a password that opens no Real")
    func onlyRealSlotCompared() throws {
        for seed: UInt64 in [7, 8, 11, 12] {
            var answers: [(unchanged: Bool, overwritten: Bool, mainOpensReal: Bool)] = []
            for index in [0, 1] {
                let (machine, store) = try Fixture.installed(seed: seed)
                let installed = try #require(machine.persistedSlots(realPassword: SecretBytes(utf8: Fixture.main)))
                var bytes = try #require(machine.persistedSlot(index))
                bytes[bytes.count - 1] ^= 0xFF
                try store.update([StoreChange(key: DualPassword.StoreKeys().slot(index), value: bytes)])
                answers.append((machine.realSlotUnchanged(since: installed), machine.realSlotOverwritten(since: installed),
                                machine.realSlotOpens(with: SecretBytes(utf8: Fixture.main))))
                #expect(machine.persistedSlots(realPassword: SecretBytes(utf8: Fixture.wrong)) == nil)
                #expect(machine.persistedSlots(realPassword: SecretBytes(utf8: Fixture.decoy)) == nil, "the decoy opens its slot, not as Real")
            }
            // One slot is the decoy's: damaging it leaves Real (main still opens it) and Real unchanged; the other is
            // Real's: damaging it overwrites Real, and main opens nothing.
            let sorted = answers.sorted { $0.unchanged && !$1.unchanged }
            #expect(sorted.map(\.unchanged) == [true, false] && sorted.map(\.overwritten) == [false, true], "seed \(seed): \(answers)")
            #expect(sorted.map(\.mainOpensReal) == [true, false], "seed \(seed): \(answers)")
        }
    }

    /// A random source that gives only zeros: what a broken CSPRNG gives.
    final class ZeroRandom: RandomSource {
        func bytes(_ count: Int) -> [UInt8] { [UInt8](repeating: 0, count: count) }
    }

    @Test("the two records' salts differ when the random source draws them, and not when it gives only zeros")
    func saltsDiffer() throws {
        let (machine, _) = try Fixture.installed()
        #expect(machine.persistedSaltsDiffer)
        let store = InMemoryStore()
        try DualPassword.install(main: SecretBytes(utf8: Fixture.main), decoy: SecretBytes(utf8: Fixture.decoy),
                                 store: store, random: ZeroRandom(), parameters: .testing)
        #expect(!DualPassword(store: store, random: ZeroRandom()).persistedSaltsDiffer)
        try store.remove(forKey: DualPassword.Configuration().keys.slot(1))
        #expect(!DualPassword(store: store, random: ZeroRandom()).persistedSaltsDiffer)
    }

    @Test("both slot records persist the same KDF parameters; a damaged record gives none")
    func persistedKDFParameters() throws {
        let (machine, store) = try Fixture.installed()
        #expect(machine.persistedKDFParameters == .testing)
        try store.set([1, 2, 3], forKey: DualPassword.Configuration().keys.slot(1))
        #expect(DualPassword(store: store, random: SeededRandom(seed: 1)).persistedKDFParameters == nil)
    }

    @Test("persisted names carry no slot meaning; a meaningful key or an unreadable store is caught")
    func persistedNamesNeutral() throws {
        let (_, store) = try Fixture.installed()
        #expect(try DualPassword.persistedNamesAreNeutral(in: store))
        try store.set([1], forKey: "Real_Password")
        #expect(try !DualPassword.persistedNamesAreNeutral(in: store))
        #expect(throws: StoreError.self) { try DualPassword.persistedNamesAreNeutral(in: InMemoryStore.corrupted()) }
    }
}
