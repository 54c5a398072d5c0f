import AppLockCore
import Synchronization

/// The production Argon2id, wrapped with a counter the trial owns: whether a submission was evaluated is observed
/// from the derivations the lock asked for, not reported by the lock.
final class CountingKDF: KeyDerivationFunction {
    private let calls = Mutex(0)
    private let wrapped = Argon2idKDF()

    /// Derivations so far.
    var count: Int { calls.withLock { $0 } }

    /// Counts one call, then derives with the real Argon2id.
    func derive(
        password: SecretBytes, salt: [UInt8], parameters: Argon2idParameters, associatedData: [UInt8],
        secret: DeviceSecret?
    ) throws(CredentialError) -> SecretBytes {
        calls.withLock { $0 += 1 }
        return try wrapped.derive(
            password: password, salt: salt, parameters: parameters, associatedData: associatedData, secret: secret)
    }
}
