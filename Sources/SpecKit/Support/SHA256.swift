internal import CSodium

/// SHA-256 (FIPS 180-4), used only to fingerprint spec files and design documents in reports so that a report cannot
/// silently go stale. It protects no secret.
///
/// The digest is libsodium's `crypto_hash_sha256` (libsodium is installed by Scripts/bootstrap and already linked for
/// the core); it replaced a hand-written Swift version that cost about 6 % of a large compile.
public enum SHA256 {
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// The digest of the bytes as 64 lowercase hexadecimal digits.
    public static func hex(_ bytes: [UInt8]) -> String {
        let digest = digest(bytes)
        var text = [UInt8](repeating: 0, count: digest.count * 2)
        for (index, byte) in digest.enumerated() {
            text[index * 2] = hexDigits[Int(byte >> 4)]
            text[index * 2 + 1] = hexDigits[Int(byte & 0x0F)]
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The 32-byte digest of the bytes.
    public static func digest(_ bytes: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
        // libsodium wants a non-null input pointer even for zero bytes; an empty array may have none.
        let empty: [UInt8] = [0]
        let input = bytes.isEmpty ? empty : bytes
        let count = UInt64(bytes.count)
        out.withUnsafeMutableBufferPointer { digest in
            input.withUnsafeBufferPointer { message in
                // Neither buffer is empty, so both have an address; libsodium returns 0 for every input.
                guard let digestStart = digest.baseAddress, let messageStart = message.baseAddress else { return }
                _ = crypto_hash_sha256(digestStart, messageStart, count)
            }
        }
        return out
    }
}
