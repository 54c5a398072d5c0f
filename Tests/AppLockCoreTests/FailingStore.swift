import Synchronization
@testable import AppLockCore

/// A store that refuses chosen writes (a full disk, a read-only volume): reads go to the wrapped `InMemoryStore`,
/// and a write touching a failing key throws `StoreError.io("write")` and changes nothing.
final class FailingStore: KeyValueStore {
    /// Which writes fail.
    enum Policy: Sendable {
        /// None: the store works.
        case none
        /// Every write.
        case all
        /// Writes that change one of these keys.
        case keys(Set<String>)
    }

    let inner: InMemoryStore
    private let policy = Mutex(Policy.none)
    private let refusedCount = Mutex(0)

    init(_ inner: InMemoryStore = InMemoryStore()) {
        self.inner = inner
    }

    /// Sets which writes fail from now on.
    func failWrites(_ next: Policy) {
        policy.withLock { $0 = next }
    }

    /// How many writes were refused so far.
    var refusedWrites: Int { refusedCount.withLock { $0 } }

    func value(forKey key: String) throws(StoreError) -> [UInt8]? { try inner.value(forKey: key) }

    func update(_ changes: [StoreChange]) throws(StoreError) {
        let fails = policy.withLock { policy -> Bool in
            switch policy {
            case .none: false
            case .all: true
            case .keys(let keys): changes.contains { keys.contains($0.key) }
            }
        }
        if fails {
            refusedCount.withLock { $0 += 1 }
            throw .io("write")
        }
        try inner.update(changes)
    }

    func keys() throws(StoreError) -> [String] { try inner.keys() }

}
