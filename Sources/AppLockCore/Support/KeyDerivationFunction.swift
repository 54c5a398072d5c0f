/// The key-derivation function a lock calls for every Argon2id derivation it makes: both slots of every submission,
/// the set-up of both slots, and the re-verification of the main password in Real's settings.
///
/// The production value is `Argon2idKDF` (libargon2). A harness may wrap it to observe the calls, for example to count
/// how many derivations one step ran, without the lock reporting anything about itself. A wrapper must return what
/// the wrapped function returns: the lock's security rests on this being the real Argon2id.
public protocol KeyDerivationFunction: Sendable {
    /// Derives `Argon2id.outputLength` bytes, with the meaning and errors of `Argon2id.derive`.
    func derive(
        password: SecretBytes, salt: [UInt8], parameters: Argon2idParameters, associatedData: [UInt8],
        secret: DeviceSecret?
    ) throws(CredentialError) -> SecretBytes
}

/// The production key-derivation function: Argon2id (RFC 9106) through libargon2, `Argon2id.derive`.
public struct Argon2idKDF: KeyDerivationFunction {
    /// Creates the production KDF.
    public init() {}

    /// `Argon2id.derive` with these inputs.
    public func derive(
        password: SecretBytes, salt: [UInt8], parameters: Argon2idParameters, associatedData: [UInt8],
        secret: DeviceSecret?
    ) throws(CredentialError) -> SecretBytes {
        try Argon2id.derive(
            password: password, salt: salt, parameters: parameters, associatedData: associatedData, secret: secret)
    }
}
