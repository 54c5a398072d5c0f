internal import CSodium

/// An optional key bound to the device (on iOS, kept by the shell in the Keychain, `ThisDeviceOnly`), mixed into every
/// Argon2id derivation as Argon2's `secret` input and, derived from it, the key of the store's checksum.
///
/// A copied store without it cannot be brute-forced offline, and a file whose counters were edited fails its keyed
/// checksum. Never shown by `description`; two values are equal when their bytes are (compared in constant time),
/// and only the length is hashed.
public struct DeviceSecret: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
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
        // Hashed from the secret in place into the new key's own buffer: no plain copy of either is made.
        // BLAKE2b with a 16-64-byte key (the only lengths `init` accepts) and a 32-byte output does not fail.
        return bytes.withBytes { secret, secretLength in
            SecretBytes.filled(count: 32) { out in
                Sodium.withBuffer(label) { input, count in
                    _ = crypto_generichash(out, 32, input, UInt64(count), secret, secretLength)
                }
            }
        }
    }

    /// Always `"<device secret>"`.
    public var description: String { "<device secret>" }

    /// Always `"DeviceSecret(<redacted>)"`.
    public var debugDescription: String { "DeviceSecret(<redacted>)" }
}
