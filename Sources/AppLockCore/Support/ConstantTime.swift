internal import CSodium

/// Comparison of secret-derived bytes whose time does not depend on where they differ (libsodium `sodium_memcmp`).
public enum ConstantTime {
    /// True when `a` and `b` hold the same bytes. Lengths are compared first (a length is not secret here).
    public static func equals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.withUnsafeBytes { x in b.withUnsafeBytes { y in equals(x, y) } }
    }

    /// True when the two buffers hold the same bytes, compared in constant time for equal lengths.
    static func equals(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        _ = Sodium.isReady
        // Two empty buffers compare equal: sodium_memcmp of 0 bytes is 0.
        return Sodium.withPointer(a) { x, count in Sodium.withPointer(b) { y, _ in sodium_memcmp(x, y, count) == 0 } }
    }
}
