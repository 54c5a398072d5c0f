import Foundation

/// A tiny lock wrapper (Foundation's `NSLock`) with a `withLock` that can rethrow.
final class NSLockLite: @unchecked Sendable {
    private let lock = NSLock()

    func withLock<R>(_ body: () throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
