/// Stable mutant ids: a short hex hash of what a site is, never of where it is.
enum StableID {
    /// 12 hex digits of the 64-bit FNV-1a hash of the parts, each followed by a 0 byte.
    static func make(_ parts: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in parts {
            for byte in part.utf8 + [0] {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
        }
        let hex = String(hash, radix: 16)
        return String((String(repeating: "0", count: 16 - hex.count) + hex).prefix(12))
    }
}
