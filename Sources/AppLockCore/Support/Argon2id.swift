internal import CArgon2

/// Argon2id (RFC 9106) through libargon2. The output only ever verifies a credential or unseals a random key.
public enum Argon2id {
    /// Salt length used everywhere in the core.
    public static let saltLength = 16
    /// Output length (an XChaCha20-Poly1305 key or a PIN verifier).
    public static let outputLength = 32

    /// Derives `outputLength` bytes from `password` and a 16-byte `salt`, with `associatedData` as Argon2's domain
    /// separation input and `secret` (a `DeviceSecret`, when the shell gives one) as Argon2's secret input. Parameters
    /// are checked against their bounds first. The working memory comes from `Argon2Memory` (kept, already-resident
    /// regions; libargon2 wipes each before giving it back).
    public static func derive(
        password: SecretBytes,
        salt: [UInt8],
        parameters: Argon2idParameters,
        associatedData: [UInt8] = [],
        secret: DeviceSecret? = nil
    ) throws(CredentialError) -> SecretBytes {
        let parameters = try parameters.validated()
        guard salt.count == saltLength else { throw .invalidSalt }
        var output = [UInt8](repeating: 0, count: outputLength)
        var passwordCopy = password.copyBytes()
        // libargon2 rejects an empty password buffer pointer, so an empty password is fed as one zero-length slice.
        if passwordCopy.isEmpty { passwordCopy = [0] }
        let passwordLength = UInt32(password.count)
        var saltCopy = salt
        var adCopy = associatedData
        var secretCopy = secret?.bytes.copyBytes() ?? []
        defer { Sodium.wipe(&secretCopy) }
        let status: Int32 = output.withUnsafeMutableBufferPointer { out in
            passwordCopy.withUnsafeMutableBufferPointer { pwd in
                saltCopy.withUnsafeMutableBufferPointer { saltBuffer in
                    adCopy.withUnsafeMutableBufferPointer { ad in
                        secretCopy.withUnsafeMutableBufferPointer { key in
                            var context = argon2_context(
                                out: out.baseAddress, outlen: UInt32(out.count),
                                pwd: pwd.baseAddress, pwdlen: passwordLength,
                                salt: saltBuffer.baseAddress, saltlen: UInt32(saltBuffer.count),
                                secret: key.count > 0 ? key.baseAddress : nil, secretlen: UInt32(key.count),
                                ad: ad.count > 0 ? ad.baseAddress : nil, adlen: UInt32(ad.count),
                                t_cost: parameters.iterations, m_cost: parameters.memoryKiB,
                                lanes: parameters.parallelism, threads: parameters.parallelism,
                                version: UInt32(ARGON2_VERSION_13.rawValue),
                                allocate_cbk: Argon2Memory.allocate, free_cbk: Argon2Memory.deallocate,
                                flags: 0)
                            return argon2id_ctx(&context)
                        }
                    }
                }
            }
        }
        Sodium.wipe(&passwordCopy)
        guard status == ARGON2_OK.rawValue else {
            Sodium.wipe(&output)
            throw .cryptoFailure
        }
        // The array's buffer moves into the SecretBytes, which zeroes it when the last copy goes away; wiping
        // `output` here would only zero a copy-on-write copy of it (the buffer is shared), so it is not done.
        return SecretBytes(output)
    }
}
