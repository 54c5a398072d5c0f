extension DualPassword {
    /// Settings of the dual-password lock.
    public struct Configuration: Sendable, CustomStringConvertible {
        /// Run the two slot derivations on two threads (same work, about half the latency on two cores).
        public var parallelDerivation: Bool
        /// The one neutral error text.
        public var neutralError: String
        /// The app version written into new records.
        public var appVersion: UInt32
        /// The store keys.
        public var keys: StoreKeys
        /// The longest local delay after consecutive failures (D-DP-DELAY: 300 s).
        public var failureDelayCap = FailureDelay.maximum
        /// The text shown when a setting (erase, quick unlock) could not be saved (D-DP-SETTING-NOT-SAVED).
        public var settingNotSavedError = "设置未保存"
        /// The device-bound secret mixed into both slots' Argon2id derivations (nil: none, as before). A store set up
        /// with one opens only with the same one.
        public var deviceSecret: DeviceSecret?
        /// The function called for every Argon2id derivation (both slots of a submission, set-up, re-verification);
        /// the real Argon2id unless a harness wraps it to observe the calls.
        public var keyDerivation: any KeyDerivationFunction = Argon2idKDF()

        /// Creates a configuration.
        public init(
            parallelDerivation: Bool = true, neutralError: String = "无法解锁", appVersion: UInt32 = 1,
            keys: StoreKeys = StoreKeys()
        ) {
            self.parallelDerivation = parallelDerivation
            self.neutralError = neutralError
            self.appVersion = appVersion
            self.keys = keys
        }

        // lockspec:mutate-exclude description formatting: diagnostic text only, not behaviour
        /// E.g. `parallel=true` (never the device secret, only whether there is one).
        public var description: String {
            "parallel=\(parallelDerivation)" + (deviceSecret == nil ? "" : " deviceSecret")
        }
    }

    /// Neutral store keys: nothing names a role.
    public struct StoreKeys: Hashable, Sendable {
        /// Prefix of the two slot records (`slot.0`, `slot.1`).
        public var slotPrefix = "slot."
        /// Consecutive failures (UInt32 BE) and last failure time (Int64 ms BE).
        public var attempts = "slot.attempts"
        /// Erase option flag (one byte, 0 or 1).
        public var eraseOption = "slot.option.0"
        /// Quick-unlock option flag (one byte, 0 or 1).
        public var quickUnlock = "slot.option.1"

        /// The default keys.
        public init() {}

        /// The key of slot `index`.
        public func slot(_ index: Int) -> String { "\(slotPrefix)\(index)" }
    }
}
