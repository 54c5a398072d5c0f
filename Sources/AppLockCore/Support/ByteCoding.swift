/// Big-endian encodings of the small values the components persist.
enum ByteCoding {
    static func encodeCount(_ value: Int) -> [UInt8] {
        let v = UInt32(clamping: value)
        return [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    /// 0 when absent; throws `.corrupt` on a wrong length.
    static func decodeCount(_ bytes: [UInt8]?) throws(StoreError) -> Int {
        guard let bytes else { return 0 }
        guard bytes.count == 4 else { throw .corrupt }
        return Int(bytes.reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
    }

    static func encodeInstant(_ instant: Instant) -> [UInt8] {
        encodeWord(UInt64(bitPattern: instant.milliseconds))
    }

    /// Eight bytes, most significant first.
    static func encodeWord(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(value >> (56 - 8 * UInt64($0)) & 0xFF) }
    }

    /// The word of eight bytes, most significant first; throws `.corrupt` on a wrong length.
    static func decodeWord(_ bytes: [UInt8]) throws(StoreError) -> UInt64 {
        guard bytes.count == 8 else { throw .corrupt }
        return bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }

    /// nil when absent; throws `.corrupt` on a wrong length.
    static func decodeInstant(_ bytes: [UInt8]?) throws(StoreError) -> Instant? {
        guard let bytes else { return nil }
        return try instant(bytes)
    }

    /// The instant of eight bytes (its milliseconds, most significant first); throws `.corrupt` on a wrong length.
    static func instant(_ bytes: [UInt8]) throws(StoreError) -> Instant {
        Instant(milliseconds: Int64(bitPattern: try decodeWord(bytes)))
    }

    /// A one-byte flag: absent or 0 → false, 1 → true, anything else corrupt.
    static func decodeFlag(_ bytes: [UInt8]?) throws(StoreError) -> Bool {
        switch bytes {
        case nil, [0]?: return false
        case [1]?: return true
        default: throw .corrupt
        }
    }
}
