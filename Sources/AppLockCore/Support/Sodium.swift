internal import CSodium

/// One-time libsodium initialisation. `sodium_init()` is thread-safe and idempotent; a static `let` runs it once.
enum Sodium {
    /// True when libsodium initialised (0 = first call, 1 = already initialised).
    static let isReady: Bool = sodium_init() >= 0

    /// Overwrites `bytes` with zeros in a way the optimiser cannot remove.
    static func wipe(_ bytes: inout [UInt8]) {
        let count = bytes.count
        guard count > 0 else { return }
        bytes.withUnsafeMutableBytes { buffer in
            if let base = buffer.baseAddress { sodium_memzero(base, count) }
        }
    }

    /// Runs `body` with a non-null, zeroed-after-use heap copy of `bytes` (libsodium's pointers are non-null even for
    /// empty inputs).
    static func withBuffer<R>(_ bytes: [UInt8], _ body: (UnsafeMutablePointer<UInt8>, Int) -> R) -> R {
        let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, bytes.count))
        pointer.initialize(repeating: 0, count: max(1, bytes.count))
        for (index, byte) in bytes.enumerated() { pointer[index] = byte }
        defer {
            sodium_memzero(pointer, max(1, bytes.count))
            pointer.deallocate()
        }
        return body(pointer, bytes.count)
    }
}
