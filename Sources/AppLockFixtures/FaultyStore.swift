import AppLockCore
import Conformance
import Foundation
import Synchronization

/// The device's storage as a fixture can break it: a `KeyValueStore` over the real one whose writes (or reads) fail
/// while a fault is on, as a full disk or a failing flash would make them fail. A refused write changes nothing
/// underneath, exactly like a FileStore whose temporary file could not be written.
///
/// The fault belongs to the device, not to the app: it survives a kill and a relaunch (the fixture hands the same
/// `StorageFaults` to the store it builds for the relaunched core) until the spec says storage works again. Once a
/// write has been cut by a kill (`killDuringWrite`), the dead process makes no further call: every later call fails
/// without touching the files, so they stay exactly as the kill left them.
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

}
