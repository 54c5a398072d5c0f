internal import CCrypto

/// SHA-256 (FIPS 180-4), used only to fingerprint spec files and design documents in reports so that a report cannot
/// silently go stale. It protects no secret.
///
/// The digest is OpenSSL's (`EVP_Digest` with `EVP_sha256`, libcrypto from libssl-dev, installed by
/// Scripts/bootstrap), which uses the processor's SHA instructions where it has them: measured here, about 1.6 GB/s
/// against libsodium's portable `crypto_hash_sha256` at about 0.2 GB/s, which cost about 5 % of a large compile.
public enum SHA256 {
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// The digest of the bytes as 64 lowercase hexadecimal digits.
    public static func hex(_ bytes: [UInt8]) -> String {
        String(decoding: digest(bytes).flatMap { [hexDigits[Int($0 >> 4)], hexDigits[Int($0 & 0x0F)]] }, as: UTF8.self)
    }

    /// The 32-byte digest of the bytes.
    public static func digest(_ bytes: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 32)
        // An empty array may have no address; OpenSSL reads no byte of a zero-length input, so any address will do.
        let input: [UInt8] = bytes.isEmpty ? [0] : bytes
        var size: UInt32 = 0
        let succeeded = out.withUnsafeMutableBufferPointer { digest in
            input.withUnsafeBufferPointer { message in
                guard let digestStart = digest.baseAddress, let messageStart = message.baseAddress else { return false }
                return EVP_Digest(messageStart, bytes.count, digestStart, &size, EVP_sha256(), nil) == 1
            }
        }
        // EVP_Digest fails only when OpenSSL cannot allocate its context; the digest is then all zeros, which no
        // input hashes to in practice, and a report compared against it shows as stale rather than silently fresh.
        return succeeded && size == 32 ? out : [UInt8](repeating: 0, count: 32)
    }
}
