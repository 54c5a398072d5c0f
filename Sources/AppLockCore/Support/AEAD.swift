internal import CSodium

/// XChaCha20-Poly1305 (IETF) sealing of small random keys through libsodium. No cipher is written here.
///
/// The key and the plaintext are read in place from their `SecretBytes` and an opened plaintext is written straight
/// into a new one, so no plain copy of a secret is ever made (each is zeroed when its last holder lets it go).
public enum AEAD {
    /// Key length in bytes.
    public static let keyLength = 32
    /// Nonce length in bytes (random per seal).
    public static let nonceLength = 24
    /// Authentication tag length in bytes.
    public static let tagLength = 16

    /// Seals `plaintext` under `key` with a 24-byte `nonce`, authenticating `associatedData` too.
    public static func seal(
        _ plaintext: SecretBytes, key: SecretBytes, nonce: [UInt8], associatedData: [UInt8]
    ) throws(CredentialError) -> [UInt8] {
        guard Sodium.isReady else { throw .libraryUnavailable }
        guard key.count == keyLength, nonce.count == nonceLength else { throw .cryptoFailure }
        var sealed = [UInt8](repeating: 0, count: plaintext.count + tagLength)
        var sealedLength: UInt64 = 0
        let status: Int32 = plaintext.withBytes { message, messageCount in
            key.withBytes { keyPointer, _ in
                Sodium.withBuffer(nonce) { noncePointer, _ in
                    Sodium.withBuffer(associatedData) { ad, adCount in
                        sealed.withUnsafeMutableBytes { raw in
                            Sodium.withMutablePointer(raw) { out in
                                crypto_aead_xchacha20poly1305_ietf_encrypt(
                                    out, &sealedLength, message, UInt64(messageCount), ad, UInt64(adCount),
                                    nil, noncePointer, keyPointer)
                            }
                        }
                    }
                }
            }
        }
        guard status == 0, Int(sealedLength) == sealed.count else { throw .cryptoFailure }
        return sealed
    }

    /// Opens `sealed`; returns nil when the key, nonce, data or tag do not match (libsodium checks the tag in
    /// constant time).
    public static func open(
        _ sealed: [UInt8], key: SecretBytes, nonce: [UInt8], associatedData: [UInt8]
    ) -> SecretBytes? {
        guard Sodium.isReady, key.count == keyLength, nonce.count == nonceLength, sealed.count >= tagLength else {
            return nil
        }
        let plainCount = sealed.count - tagLength
        // On success libsodium writes exactly `sealed.count - tagLength` bytes, so no length comes back.
        return SecretBytes.written(count: plainCount) { out in
            let status = Sodium.withBuffer(sealed) { cipher, cipherCount in
                key.withBytes { keyPointer, _ in
                    Sodium.withBuffer(nonce) { noncePointer, _ in
                        Sodium.withBuffer(associatedData) { ad, adCount in
                            crypto_aead_xchacha20poly1305_ietf_decrypt(
                                out, nil, nil, cipher, UInt64(cipherCount), ad, UInt64(adCount), noncePointer, keyPointer)
                        }
                    }
                }
            }
            return status == 0
        }
    }
}
