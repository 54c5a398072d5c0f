import Synchronization

/// A key-derivation function that counts the derivations a lock asks for, then derives with the function it wraps
/// (the production Argon2id unless told otherwise) and returns exactly what that returns.
///
/// For a harness that must observe how many derivations one step ran without the lock reporting anything about
/// itself: the harness creates the counter, passes it as the lock's `keyDerivation`, and reads `count`. Safe to call
/// from the lock's two derivation threads at once.
public final class CountingKeyDerivation: KeyDerivationFunction {
    private let calls = Mutex(0)
    private let wrapped: any KeyDerivationFunction

    /// A counter around `wrapped` (default: the production `Argon2idKDF`).
    public init(wrapping wrapped: any KeyDerivationFunction = Argon2idKDF()) {
        self.wrapped = wrapped
    }

    /// Derivations asked for so far.
    public var count: Int { calls.withLock { $0 } }

    /// Counts one call, then derives with the wrapped function.
    public func derive(
        password: SecretBytes, salt: [UInt8], parameters: Argon2idParameters, associatedData: [UInt8],
        secret: DeviceSecret?
    ) throws(CredentialError) -> SecretBytes {
        calls.withLock { $0 += 1 }
        return try wrapped.derive(
            password: password, salt: salt, parameters: parameters, associatedData: associatedData, secret: secret)
    }
}
