/// One change in an atomic store update: set `key` to `value`, or remove it when `value` is nil.
public struct StoreChange: Hashable, Sendable {
    /// The key changed.
    public var key: String
    /// The new bytes, or nil to remove the key.
    public var value: [UInt8]?

    /// Creates a change.
    public init(key: String, value: [UInt8]?) {
        self.key = key
        self.value = value
    }
}
