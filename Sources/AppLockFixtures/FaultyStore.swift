import AppLockCore
import Conformance
import Foundation
import Synchronization

/// The device's storage as a fixture can break it: a `KeyValueStore` over the real one whose writes (or reads) fail
/// while a fault is on, as a full disk or a failing flash would make them fail. A refused write changes nothing
/// underneath, exactly like a FileStore whose temporary file could not be written.
///
/// The fault belongs to the device, not to the app: it survives a kill and a relaunch (the fixture hands the same
/// `StorageFaults` to the store it builds for the relaunched core) until the spec says storage works again.
final class FaultyStore: KeyValueStore {
    private let base: any KeyValueStore
    private let faults: StorageFaults

    /// Wraps `base`; `faults` says when its calls fail.
    init(_ base: any KeyValueStore, faults: StorageFaults) {
        self.base = base
        self.faults = faults
    }

    func value(forKey key: String) throws(StoreError) -> [UInt8]? {
        try faults.checkRead()
        return try base.value(forKey: key)
    }

    func update(_ changes: [StoreChange]) throws(StoreError) {
        try faults.checkWrite()
        try base.update(changes)
    }

    func keys() throws(StoreError) -> [String] {
        try faults.checkRead()
        return try base.keys()
    }

    func persistedBytes() throws(StoreError) -> [UInt8] { try base.persistedBytes() }
}

/// Which storage calls fail, shared by every store a fixture builds over one device.
final class StorageFaults: Sendable {
    private struct State {
        var writesFail = false
        var readsFail = false
    }
    private let state = Mutex(State())

    /// From now on every write fails (`storageFull`), or works again (`storageWorks`).
    func setWritesFail(_ on: Bool) { state.withLock { $0.writesFail = on } }

    /// From now on every read fails too (`storageUnreadable`), or works again.
    func setReadsFail(_ on: Bool) { state.withLock { $0.readsFail = on } }

    /// The events that break or mend the device's storage: `storageFull` and `storageWorks` (every write fails, or
    /// works again) and `corruptStore` (the file at `storePath` is garbled, as a truncated write would leave it).
    static let events: Set<String> = ["storageFull", "storageWorks", "corruptStore"]

    /// Performs one of `events`.
    func perform(_ event: String, storePath: String) throws(FixtureError) {
        switch event {
        case "storageFull": setWritesFail(true)
        case "storageWorks": setWritesFail(false)
        case "corruptStore":
            // Damages the persisted file (not the store's encoding): what a truncated or garbled file looks like.
            guard FileManager.default.createFile(atPath: storePath, contents: Data([0xFF, 0x00, 0x13, 0x37])) else {
                throw FixtureError("could not damage the store file")
            }
        default: throw FixtureError("'\(event)' is not a storage event")
        }
    }

    func checkWrite() throws(StoreError) {
        if state.withLock({ $0.writesFail }) { throw .io("write") }
    }

    func checkRead() throws(StoreError) {
        if state.withLock({ $0.readsFail }) { throw .io("read") }
    }
}
