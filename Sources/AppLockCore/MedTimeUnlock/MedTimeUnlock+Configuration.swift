extension MedTimeUnlock {
    /// The per-user settings of §4.3 and the store keys.
    public struct Configuration: Sendable, CustomStringConvertible {
        /// `biometricEnabled` (UserDefaults).
        public var biometricEnabled: Bool
        /// The device's biometric kind (`.none` goes straight to the PIN).
        public var biometry: MedTimeBiometry
        /// `pinLength`: 4 or 6.
        public var pinLength: PINLength
        /// Biometric failures in one open that fall back to the PIN (§6.1.1: 3).
        public var biometricAttempts = MedTimeUnlock.biometricAttempts
        /// The PIN attempt limit and lockout tiers (§6.1.2, D-MT-TIERS).
        public var lockout = PINLockoutTiers.document
        /// Store key of the PIN credential record.
        public var credentialKey = "unlock.credential"
        /// Store key of the persisted PIN failure counter (UInt32 big-endian).
        public var failuresKey = "unlock.failures"
        /// Store key of `pinBlockedUntil` (Int64 milliseconds big-endian).
        public var blockedUntilKey = "unlock.blockedUntil"
        /// The device-bound secret the PIN credential was enrolled with (`PINCredential.enroll(…secret:)`), mixed
        /// into every verification; nil: none, as before.
        public var deviceSecret: DeviceSecret?

        /// Creates a configuration with the default store keys.
        public init(biometricEnabled: Bool, biometry: MedTimeBiometry, pinLength: PINLength) {
            self.biometricEnabled = biometricEnabled
            self.biometry = biometry
            self.pinLength = pinLength
        }

        /// E.g. `biometric=true face pin=4`.
        public var description: String { "biometric=\(biometricEnabled) \(biometry) pin=\(pinLength)" }
        // The attempt limits are left out of the description: it names the per-user settings only.
    }
}
