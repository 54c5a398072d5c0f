import Foundation
@testable import AppLockCore

extension KeyValueStore {
    /// The exact bytes a `FileStore` holds for this store's contents, for the tests' audits (no secret, no semantic
    /// name, byte-identical before and after): a `FileStore`'s own file as it is on disk (the empty store's encoding
    /// when there is none yet); any other store's entries encoded as a `FileStore` without a device secret writes
    /// them. The core has no use for it, so it lives here.
    func persistedBytes() throws -> [UInt8] {
        if let file = self as? FileStore {
            if let data = FileManager.default.contents(atPath: file.path) { return Array(data) }
            return try StoreCodec.encode([:], key: nil)
        }
        var entries: [String: [UInt8]] = [:]
        for key in try keys() { entries[key] = try value(forKey: key) }
        return try StoreCodec.encode(entries, key: nil)
    }
}
