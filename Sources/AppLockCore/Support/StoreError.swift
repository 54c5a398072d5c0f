/// Why a store could not be read or written. Never names a secret.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The persisted bytes are corrupt or truncated: callers fail closed (locked, never erase, never unlock).
    case corrupt
    /// The operating system refused a read or write.
    case io(String)

    /// A neutral explanation.
    public var description: String {
        switch self {
        case .corrupt: "store is corrupt or truncated"
        case .io(let operation): "store \(operation) failed"
        }
    }
}
