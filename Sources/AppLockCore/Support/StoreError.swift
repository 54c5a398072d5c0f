/// Why a store could not be read or written. Never names a secret.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The persisted bytes are corrupt or truncated: callers fail closed (locked, never erase, never unlock).
    case corrupt
    /// The operating system refused a read or write.
    case io(String)
    /// A key or value the store format cannot hold (an empty key, a key over 256 bytes, a value over 1 MiB), or a
    /// `FileStore` update that would make its file larger than the 64 MiB a read accepts; refused before anything is
    /// written, so a successful write can always be read back.
    case invalidEntry

    /// A neutral explanation.
    public var description: String {
        switch self {
        case .corrupt: "store is corrupt or truncated"
        case .io(let operation): "store \(operation) failed"
        case .invalidEntry: "entry cannot be stored (key, value or store size out of bounds)"
        }
    }
}
