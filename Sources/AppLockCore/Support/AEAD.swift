internal import CSodium

/// XChaCha20-Poly1305 (IETF) sealing of small random keys through libsodium. No cipher is written here.
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
        // Plain copies of the message and the key live only for this call and are zeroed on the way out.
        var messageBytes = plaintext.copyBytes()
        var keyBytes = key.copyBytes()
        defer {
            Sodium.wipe(&messageBytes)
            Sodium.wipe(&keyBytes)
        }
        var sealedLength: UInt64 = 0
        var sealed: [UInt8] = []
        let status: Int32 = Sodium.withBuffer(messageBytes) { message, messageCount in
            Sodium.withBuffer(keyBytes) { keyPointer, _ in
                Sodium.withBuffer(nonce) { noncePointer, _ in
                    Sodium.withBuffer(associatedData) { ad, adCount in
                        Sodium.withBuffer([UInt8](repeating: 0, count: messageCount + tagLength)) { out, _ in
                            let result = crypto_aead_xchacha20poly1305_ietf_encrypt(
                                out, &sealedLength, message, UInt64(messageCount), ad, UInt64(adCount),
                                nil, noncePointer, keyPointer)
                            sealed = Array(UnsafeBufferPointer(start: out, count: messageCount + tagLength))
                            return result
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
        var keyBytes = key.copyBytes()
        defer { Sodium.wipe(&keyBytes) }
        let plainCount = sealed.count - tagLength
        var plainLength: UInt64 = 0
        var opened: SecretBytes?
        Sodium.withBuffer(sealed) { cipher, cipherCount in
            Sodium.withBuffer(keyBytes) { keyPointer, _ in
                Sodium.withBuffer(nonce) { noncePointer, _ in
                    Sodium.withBuffer(associatedData) { ad, adCount in
                        Sodium.withBuffer([UInt8](repeating: 0, count: plainCount)) { out, _ in
                            let status = crypto_aead_xchacha20poly1305_ietf_decrypt(
                                out, &plainLength, nil, cipher, UInt64(cipherCount), ad, UInt64(adCount),
                                noncePointer, keyPointer)
                            if status == 0, Int(plainLength) == plainCount {
                                opened = SecretBytes(Array(UnsafeBufferPointer(start: out, count: plainCount)))
                            }
                        }
                    }
                }
            }
        }
        return opened
    }
}
