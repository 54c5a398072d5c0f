import Synchronization
import Testing
@testable import AppLockCore

/// What the exploration of medtime.storage found in MedTime (issue 10): a credential that cannot be read was taken
/// for a wrong PIN, and a right PIN whose reset was lost left the screen showing one failure fewer than the device
/// holds (D-STORE-READ-FAILS, D-STORE-WRITE-FAILS).
@Suite("MedTime under storage faults: the exploration's findings")
struct MedTimeStorageFixesTests {
    /// A store whose reads of one key fail while `failing` is set; everything else goes to the wrapped store.
    final class UnreadableKeyStore: KeyValueStore {
        let inner: any KeyValueStore
        let key: String
        let failing = Mutex(false)

        init(_ inner: any KeyValueStore, key: String) {
            self.inner = inner
            self.key = key
        }

        func value(forKey key: String) throws(StoreError) -> [UInt8]? {
            if key == self.key, failing.withLock({ $0 }) { throw .io("read") }
            return try inner.value(forKey: key)
        }

        func update(_ changes: [StoreChange]) throws(StoreError) { try inner.update(changes) }
        func keys() throws(StoreError) -> [String] { try inner.keys() }
    }

    static let configuration = StoreWriteFailureTests.pinConfiguration

    @Test("a credential that cannot be read is not a wrong PIN: right and wrong look the same, never 'incorrecto', counted, failed closed")
    func credentialUnreadable() throws {
        let store = UnreadableKeyStore(try StoreWriteFailureTests.enrolledStore(), key: Self.configuration.credentialKey)
        store.failing.withLock { $0 = true }
        let (right, rightEffects) = StoreWriteFailureTests.typePIN(StoreWriteFailureTests.pin, on: store, at: at(0))
        let (wrong, wrongEffects) = StoreWriteFailureTests.typePIN("0000", on: store, at: at(0))
        #expect(rightEffects == wrongEffects)
        #expect(!rightEffects.contains { $0.description.contains("incorrecto") || $0.description.contains("pin_failure") })
        #expect(right.state == .pinBlocked && right.storeIsCorrupt && right.pinFailures == 1)
        #expect(wrong.state == .pinBlocked && wrong.storeIsCorrupt && wrong.pinFailures == 2)
        // Both attempts were written ahead, and a relaunch that reads the store sees them.
        store.failing.withLock { $0 = false }
        #expect(MedTimeUnlock(configuration: Self.configuration, store: store).pinFailures == 2)
    }

    @Test("a credential record that does not decode fails closed the same way")
    func credentialUndecodable() throws {
        let store = try StoreWriteFailureTests.enrolledStore()
        try store.set([0x01, 0x02, 0x03], forKey: Self.configuration.credentialKey)
        let (machine, effects) = StoreWriteFailureTests.typePIN(StoreWriteFailureTests.pin, on: store, at: at(0))
        #expect(machine.state == .pinBlocked && machine.storeIsCorrupt)
        #expect(!effects.contains { $0.description.contains("incorrecto") })
    }

    @Test("a right PIN whose reset cannot be written shows the count the device holds")
    func lostResetShowsCount() throws {
        let store = try StoreWriteFailureTests.enrolledStore()
        _ = StoreWriteFailureTests.typePIN("0000", on: store, at: at(0))
        store.failWrites(.keys(["unlock.blockedUntil"]))
        let (machine, _) = StoreWriteFailureTests.typePIN(StoreWriteFailureTests.pin, on: store, at: at(1))
        #expect(machine.state == .pinBlocked && machine.storeIsCorrupt)
        #expect(machine.pinFailures == 2)
        #expect(MedTimeUnlock(configuration: Self.configuration, store: store).pinFailures == 2)
    }

    @Test("two screens on one store (an app and its extension) never write a failure over with a smaller count")
    func twoInstances() throws {
        let store = try StoreWriteFailureTests.enrolledStore()
        var app = MedTimeUnlock(configuration: Self.configuration, store: store)
        _ = app.handle(.open(sessionValid: true), now: at(0))
        for digit in [0, 0, 0, 0] { _ = app.handle(.digit(digit), now: at(0)) }
        #expect(app.pinFailures == 1)
        let (extensionScreen, _) = StoreWriteFailureTests.typePIN("0000", on: store, at: at(1))
        #expect(extensionScreen.pinFailures == 2)
        for digit in [0, 0, 0, 0] { _ = app.handle(.digit(digit), now: at(2)) }
        #expect(app.pinFailures == 3)
        #expect(MedTimeUnlock(configuration: Self.configuration, store: store).pinFailures == 3)
    }
}
