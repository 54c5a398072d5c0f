/// A small seeded pseudo-random generator (Steele, Lea and Flood's SplitMix64): the same seed gives the same numbers
/// on every platform and every run, which the random walks need (same seed, same walks, same report). Never the
/// system generator.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose stream is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// A number in `0..<bound`, without modulo bias (Lemire's multiply-and-reject); 0 when `bound` is 1 or less.
    public mutating func next(below bound: Int) -> Int {
        guard bound > 1 else { return 0 }
        let b = UInt64(bound)
        var m = next().multipliedFullWidth(by: b)
        if m.low < b {
            let threshold = (0 &- b) % b
            while m.low < threshold { m = next().multipliedFullWidth(by: b) }
        }
        return Int(m.high)
    }

    /// SplitMix64's finaliser: a bijection of 64 bits that spreads every input bit over the output, used to derive
    /// independent seeds (one per machine and walk) from one.
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The seed of one walk: `mix(mix(seed ^ FNV-1a(spec)) + walk)`, so a machine's walks do not depend on which other
    /// machines are explored, and walk `w` is the same whatever the number of walks.
    public static func walkSeed(_ seed: UInt64, spec: String, walk: Int) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in spec.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return mix(mix(seed ^ hash) &+ UInt64(walk))
    }
}
