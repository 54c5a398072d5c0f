internal import CSodium

/// One-time libsodium initialisation, zeroing, and the non-null pointers libsodium and libargon2 take.
/// `sodium_init()` is thread-safe and idempotent; a static `let` runs it once.
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

    /// Runs `body` with a pointer to `bytes` (no copy) and their count. The pointer is never null: the C libraries
    /// reject a null input even when its length is zero, so an empty input gets the address of a zero byte.
    static func withBuffer<R>(_ bytes: [UInt8], _ body: (UnsafePointer<UInt8>, Int) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes { raw in try withPointer(raw, body) }
    }

    /// `body` with the bytes of `raw` as a never-null typed pointer and their count.
    static func withPointer<R>(
        _ raw: UnsafeRawBufferPointer, _ body: (UnsafePointer<UInt8>, Int) throws -> R
    ) rethrows -> R {
        if let base = raw.baseAddress { return try body(base.assumingMemoryBound(to: UInt8.self), raw.count) }
        var zero: UInt8 = 0
        return try withUnsafePointer(to: &zero) { try body($0, 0) }
    }

    /// `body` with the bytes of `raw` as a never-null mutable pointer (a scratch byte when `raw` is empty).
    static func withMutablePointer<R>(
        _ raw: UnsafeMutableRawBufferPointer, _ body: (UnsafeMutablePointer<UInt8>) throws -> R
    ) rethrows -> R {
        if let base = raw.baseAddress { return try body(base.assumingMemoryBound(to: UInt8.self)) }
        var scratch: UInt8 = 0
        return try withUnsafeMutablePointer(to: &scratch) { try body($0) }
    }
}
