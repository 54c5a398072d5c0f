internal import CSodium

/// An optional key bound to the device (on iOS, kept by the shell in the Keychain, `ThisDeviceOnly`), mixed into every
/// Argon2id derivation as Argon2's `secret` input and, derived from it, the key of the store's checksum.
///
/// A copied store without it cannot be brute-forced offline, and a file whose counters were edited fails its keyed
/// checksum. Never shown by `description`; two values are equal when their bytes are (compared in constant time),
/// and only the length is hashed.
public struct DeviceSecret: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The accepted lengths: 16 to 64 bytes (BLAKE2b's key bounds; Argon2 accepts them all).
    public static let lengths = 16...64

    /// The secret bytes.
    let bytes: SecretBytes

    /// Wraps `bytes`; nil when the length is outside `lengths`.
    public init?(_ bytes: SecretBytes) {
        guard Self.lengths.contains(bytes.count) else { return nil }
        self.bytes = bytes
    }

    /// The key of the store's checksum: BLAKE2b-256 keyed with the secret over a fixed domain label, so the secret
    /// itself never keys two primitives.
    func storeChecksumKey() -> SecretBytes {
        _ = Sodium.isReady
        let label = Array("lockspec.store.v2.checksum".utf8)
        var secret = bytes.copyBytes()
        defer { Sodium.wipe(&secret) }
        return Sodium.withBuffer([UInt8](repeating: 0, count: 32)) { out, _ in
            Sodium.withBuffer(secret) { key, keyLength in
                Sodium.withBuffer(label) { input, count in
                    _ = crypto_generichash(out, 32, input, UInt64(count), key, keyLength)
                }
            }
            // The copy's buffer moves into the SecretBytes (zeroed when its last copy goes away); `out` is wiped by
            // withBuffer.
            return SecretBytes(Array(UnsafeBufferPointer(start: out, count: 32)))
        }
    }

    /// Equal bytes, compared in constant time for equal lengths.
    public static func == (lhs: DeviceSecret, rhs: DeviceSecret) -> Bool { lhs.bytes == rhs.bytes }

    /// Hashes the length only (equal values have equal lengths); the bytes never reach a hasher.
    public func hash(into hasher: inout Hasher) { hasher.combine(bytes.count) }

    /// Always `"<device secret>"`.
    public var description: String { "<device secret>" }

    /// Always `"DeviceSecret(<redacted>)"`.
    public var debugDescription: String { "DeviceSecret(<redacted>)" }
}
