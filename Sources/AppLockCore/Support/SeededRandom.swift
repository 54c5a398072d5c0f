import Synchronization

/// A deterministic random source for tests and the harness: xoshiro256** seeded through SplitMix64.
/// Not for production secrets; use `SystemRandom` there.
// lockspec:mutate-exclude test and harness random source: no product path constructs one (the product uses SystemRandom); the fixtures, trials and bench seed it, so a fault in it changes salts and nonces the tables never compare
public final class SeededRandom: RandomSource {
    private let state: Mutex<(UInt64, UInt64, UInt64, UInt64)>

    /// Creates a generator whose whole output is fixed by `seed`.
    public init(seed: UInt64) {
        var splitMix = seed
        func next() -> UInt64 {
            splitMix &+= 0x9E37_79B9_7F4A_7C15
            var z = splitMix
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        state = Mutex((next(), next(), next(), next()))
    }

    /// The next 64 random bits.
    public func nextUInt64() -> UInt64 {
        state.withLock { s in
            let result = rotate(s.1 &* 5, 7) &* 9
            let t = s.1 << 17
            s.2 ^= s.0
            s.3 ^= s.1
            s.1 ^= s.2
            s.0 ^= s.3
            s.2 ^= t
            s.3 = rotate(s.3, 45)
            return result
        }
    }

    /// Returns `count` deterministic bytes.
    public func bytes(_ count: Int) -> [UInt8] {
        guard count > 0 else { return [] }
        var out: [UInt8] = []
        out.reserveCapacity(count)
        while out.count < count {
            var word = nextUInt64()
            for _ in 0..<8 where out.count < count {
                out.append(UInt8(truncatingIfNeeded: word))
                word >>= 8
            }
        }
        return out
    }

    private func rotate(_ x: UInt64, _ k: UInt64) -> UInt64 {
        (x << k) | (x >> (64 - k))
    }
}
