import AppLockCore

extension CountingKeyDerivation {
    /// A dual-password configuration that derives through this counter.
    func configuration(parallel: Bool = true) -> DualPassword.Configuration {
        var configuration = DualPassword.Configuration(parallelDerivation: parallel)
        configuration.keyDerivation = self
        return configuration
    }
}
