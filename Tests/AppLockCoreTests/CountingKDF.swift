import AppLockCore
import Synchronization

/// The production Argon2id, wrapped with a counter the test owns: how many derivations the lock asked for.
final class CountingKDF: KeyDerivationFunction {
    private let calls = Mutex(0)
    private let wrapped = Argon2idKDF()

    /// Derivations so far.
    var count: Int { calls.withLock { $0 } }

    func derive(
        password: SecretBytes, salt: [UInt8], parameters: Argon2idParameters, associatedData: [UInt8],
        secret: DeviceSecret?
    ) throws(CredentialError) -> SecretBytes {
        calls.withLock { $0 += 1 }
        return try wrapped.derive(
            password: password, salt: salt, parameters: parameters, associatedData: associatedData, secret: secret)
    }

    /// A configuration that derives through this counter.
    func configuration(parallel: Bool = true) -> DualPassword.Configuration {
        var configuration = DualPassword.Configuration(parallelDerivation: parallel)
        configuration.keyDerivation = self
        return configuration
    }
}
