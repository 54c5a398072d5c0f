import Synchronization

/// A store held in memory, for tests and the harness. Rebuilding a component from the same instance simulates a
/// kill and relaunch; `corrupted()` simulates an unreadable file.
public final class InMemoryStore: KeyValueStore {
    private let entries: Mutex<[String: [UInt8]]?>

    /// Creates an empty store (a fresh install).
    public init() {
        entries = Mutex([:])
    }

    /// Creates a store holding `values`.
    public init(values: [String: [UInt8]]) {
        entries = Mutex(values)
    }

    private init(corrupt: Void) {
        entries = Mutex(nil)
    }

    /// A store whose every read and write throws `StoreError.corrupt`.
    public static func corrupted() -> InMemoryStore {
        InMemoryStore(corrupt: ())
    }

    /// The bytes under `key`, or nil.
    public func value(forKey key: String) throws(StoreError) -> [UInt8]? {
        let snapshot = entries.withLock { $0 }
        guard let snapshot else { throw .corrupt }
        return snapshot[key]
    }

    /// Applies the changes together. Refuses, like `FileStore`, what the file format cannot hold.
    public func update(_ changes: [StoreChange]) throws(StoreError) {
        let result: StoreError? = entries.withLock { current in
            guard var next = current else { return .corrupt }
            for change in changes {
                guard StoreCodec.canHold(key: change.key, value: change.value ?? []) else { return .invalidEntry }
                next[change.key] = change.value
            }
            current = next
            return nil
        }
        if let result { throw result }
    }

    /// Every key, sorted.
    public func keys() throws(StoreError) -> [String] {
        let snapshot = entries.withLock { $0 }
        guard let snapshot else { throw .corrupt }
        return snapshot.keys.sorted()
    }
}
