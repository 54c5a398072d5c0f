/// The persistent store behind every component: neutral string keys to byte values, changed atomically.
///
/// A missing store is a fresh install (no keys). A corrupt one throws `StoreError.corrupt` from every call, and the
/// components then fail closed (D-STORE-CORRUPT).
public protocol KeyValueStore: AnyObject, Sendable {
    /// The bytes under `key`, or nil when absent.
    func value(forKey key: String) throws(StoreError) -> [UInt8]?

    /// Applies every change at once (a nil value removes the key): after a crash either all or none are visible.
    func update(_ changes: [StoreChange]) throws(StoreError)

    /// Every key present, sorted.
    func keys() throws(StoreError) -> [String]
}

extension KeyValueStore {
    /// Stores `value` under `key`.
    public func set(_ value: [UInt8], forKey key: String) throws(StoreError) {
        try update([StoreChange(key: key, value: value)])
    }

    /// Removes `key`.
    public func remove(forKey key: String) throws(StoreError) {
        try update([StoreChange(key: key, value: nil)])
    }
}
