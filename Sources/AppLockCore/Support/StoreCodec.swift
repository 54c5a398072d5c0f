internal import CSodium

/// The store's file format: `"LSKV"`, format 1, entry count, sorted length-prefixed entries, then a 32-byte BLAKE2b
/// checksum of everything before it. Any deviation (truncation, flipped byte, trailing junk) reads as corrupt.
///
/// With a checksum key (derived from the `DeviceSecret`), the format byte is 2 and the checksum is BLAKE2b keyed with
/// it: a file edited without the key, or written without it, reads as corrupt, and a keyed file does not read
/// without the key.
enum StoreCodec {
    static let magic: [UInt8] = Array("LSKV".utf8)
    static let version: UInt8 = 1
    /// The format byte of a file whose checksum is keyed.
    static let keyedVersion: UInt8 = 2
    static let checksumLength = 32
    static let maxKeyLength = 256
    static let maxValueLength = 1 << 20

    /// The bytes for `entries`. Refuses (before anything is written) exactly what `decode` would refuse: an empty key,
    /// a key over `maxKeyLength` bytes, a value over `maxValueLength` bytes.
    static func encode(_ entries: [String: [UInt8]], key: SecretBytes? = nil) throws(StoreError) -> [UInt8] {
        guard entries.count <= Int(UInt32.max) else { throw .invalidEntry }
        for (key, value) in entries where !canHold(key: key, value: value) { throw .invalidEntry }
        var out = magic
        out.append(key == nil ? version : keyedVersion)
        append(UInt32(entries.count), to: &out)
        for key in entries.keys.sorted() {
            let keyBytes = Array(key.utf8)
            append(UInt16(keyBytes.count), to: &out)
            out += keyBytes
            let value = entries[key] ?? []
            append(UInt32(value.count), to: &out)
            out += value
        }
        out += checksum(out, key: key)
        return out
    }

    /// Whether the format holds this entry: a key of 1 to `maxKeyLength` UTF-8 bytes and a value of at most
    /// `maxValueLength` bytes, the bounds `decode` enforces.
    static func canHold(key: String, value: [UInt8]) -> Bool {
        (1...maxKeyLength).contains(key.utf8.count) && value.count <= maxValueLength
    }

    static func decode(_ bytes: [UInt8], key: SecretBytes? = nil) throws(StoreError) -> [String: [UInt8]] {
        guard bytes.count >= magic.count + 1 + 4 + checksumLength else { throw .corrupt }
        let body = Array(bytes.prefix(bytes.count - checksumLength))
        let stored = Array(bytes.suffix(checksumLength))
        guard ConstantTime.equals(checksum(body, key: key), stored) else { throw .corrupt }
        var reader = Reader(bytes: body)
        let expected = key == nil ? version : keyedVersion
        guard try reader.take(magic.count) == magic, try reader.take(1) == [expected] else { throw .corrupt }
        let count = try reader.uint32()
        var entries: [String: [UInt8]] = [:]
        var previous: String?
        for _ in 0..<count {
            let keyLength = Int(try reader.uint16())
            guard keyLength > 0, keyLength <= maxKeyLength else { throw .corrupt }
            guard let key = String(validating: try reader.take(keyLength), as: UTF8.self) else { throw .corrupt }
            if let previous, previous >= key { throw .corrupt }
            previous = key
            let valueLength = Int(try reader.uint32())
            guard valueLength <= maxValueLength else { throw .corrupt }
            entries[key] = try reader.take(valueLength)
        }
        guard reader.isAtEnd else { throw .corrupt }
        return entries
    }

    /// The BLAKE2b-256 of `bytes`, keyed with `key` when given: the file's last 32 bytes.
    static func checksum(_ bytes: [UInt8], key: SecretBytes? = nil) -> [UInt8] {
        _ = Sodium.isReady
        var out = [UInt8](repeating: 0, count: checksumLength)
        let key = key ?? SecretBytes([])
        Sodium.withBuffer(bytes) { input, count in
            key.withBytes { keyPointer, keyLength in
                out.withUnsafeMutableBytes { raw in
                    Sodium.withMutablePointer(raw) { digest in
                        // A key of length 0 is libsodium's unkeyed BLAKE2b, as a null key is.
                        _ = crypto_generichash(digest, checksumLength, input, UInt64(count), keyPointer, keyLength)
                    }
                }
            }
        }
        return out
    }

    private static func append(_ value: UInt32, to out: inout [UInt8]) {
        out += [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func append(_ value: UInt16, to out: inout [UInt8]) {
        out += [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        var isAtEnd: Bool { offset == bytes.count }

        mutating func take(_ count: Int) throws(StoreError) -> [UInt8] {
            guard count >= 0, bytes.count - offset >= count else { throw .corrupt }
            defer { offset += count }
            return Array(bytes[offset..<offset + count])
        }

        mutating func uint32() throws(StoreError) -> UInt32 {
            try take(4).reduce(0) { $0 << 8 | UInt32($1) }
        }

        mutating func uint16() throws(StoreError) -> UInt16 {
            try take(2).reduce(0) { $0 << 8 | UInt16($1) }
        }
    }
}
