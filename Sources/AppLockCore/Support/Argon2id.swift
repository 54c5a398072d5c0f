internal import CArgon2

/// Argon2id (RFC 9106) through libargon2. The output only ever verifies a credential or unseals a random key.
public enum Argon2id {
    /// Salt length used everywhere in the core.
    public static let saltLength = 16
    /// Output length (an XChaCha20-Poly1305 key or a PIN verifier).
    public static let outputLength = 32

    /// Derives `outputLength` bytes from `password` and a 16-byte `salt`, with `associatedData` as Argon2's domain
    /// separation input and `secret` (a `DeviceSecret`, when the shell gives one) as Argon2's secret input. Parameters
    /// are checked against their bounds first. libargon2 allocates its working memory itself (malloc) and wipes it
    /// before freeing it.
    public static func derive(
        password: SecretBytes,
        salt: [UInt8],
        parameters: Argon2idParameters,
        associatedData: [UInt8] = [],
        secret: DeviceSecret? = nil
    ) throws(CredentialError) -> SecretBytes {
        let parameters = try parameters.validated()
        guard salt.count == saltLength else { throw .invalidSalt }
        // Own copies of the password and the device secret (SecretBytes, zeroed when dropped): both derivations of a
        // parallel submission read the same values, and reading in place would hold each value's lock for a whole
        // derivation. libargon2 reads them without writing (no clearing flags are set).
        let password = password.duplicate()
        let secret = secret?.bytes.duplicate() ?? SecretBytes([])
        let output = password.withBytes { pwd, passwordLength in
            secret.withBytes { key, keyLength in
                SecretBytes.written(count: outputLength) { out in
                    run(out: out, password: (pwd, passwordLength), secret: (key, keyLength), salt: salt,
                        associatedData: associatedData, parameters: parameters)
                }
            }
        }
        guard let output else { throw .cryptoFailure }
        return output
    }

    /// One libargon2 Argon2id call writing `outputLength` bytes to `out`; true when it succeeded.
    private static func run(
        out: UnsafeMutablePointer<UInt8>, password: (UnsafePointer<UInt8>, Int), secret: (UnsafePointer<UInt8>, Int),
        salt: [UInt8], associatedData: [UInt8], parameters: Argon2idParameters
    ) -> Bool {
        Sodium.withBuffer(salt) { saltPointer, saltLength in
            Sodium.withBuffer(associatedData) { ad, adLength in
                var context = argon2_context(
                    out: out, outlen: UInt32(outputLength),
                    pwd: UnsafeMutablePointer(mutating: password.0), pwdlen: UInt32(password.1),
                    salt: UnsafeMutablePointer(mutating: saltPointer), saltlen: UInt32(saltLength),
                    // A non-null pointer with length 0 is "none" to libargon2, exactly as a null one.
                    secret: UnsafeMutablePointer(mutating: secret.0), secretlen: UInt32(secret.1),
                    ad: UnsafeMutablePointer(mutating: ad), adlen: UInt32(adLength),
                    t_cost: parameters.iterations, m_cost: parameters.memoryKiB,
                    lanes: parameters.parallelism, threads: parameters.parallelism,
                    version: UInt32(ARGON2_VERSION_13.rawValue),
                    allocate_cbk: nil, free_cbk: nil,
                    flags: 0)
                return argon2id_ctx(&context) == ARGON2_OK.rawValue
            }
        }
    }
}
