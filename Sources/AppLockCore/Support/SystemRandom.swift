internal import CSodium

/// The production random source: libsodium's `randombytes_buf` (the operating system's CSPRNG).
public final class SystemRandom: RandomSource {
    /// Creates the system random source (initialising libsodium if needed).
    public init() {
        _ = Sodium.isReady
    }

    /// Returns `count` bytes from the system CSPRNG.
    public func bytes(_ count: Int) -> [UInt8] {
        guard count > 0 else { return [] }
        var out = [UInt8](repeating: 0, count: count)
        out.withUnsafeMutableBytes { buffer in
            if let base = buffer.baseAddress { randombytes_buf(base, count) }
        }
        return out
    }
}
