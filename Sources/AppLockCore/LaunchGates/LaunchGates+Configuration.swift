extension LaunchGates {
    /// Build-time values of the gate stack.
    public struct Configuration: Hashable, Sendable, CustomStringConvertible {
        /// The running `CFBundleShortVersionString`.
        public var runningVersion: String
        /// `MIN_APP_VERSION` (nil or empty: idle).
        public var minimumVersion: String?
        /// `LATEST_APP_VERSION` (nil or empty: idle).
        public var latestVersion: String?
        /// `LegalContent.version`, a dated string such as `2026-04-30`.
        public var legalVersion: String
        /// `APP_STORE_URL`.
        public var storeURL: String
        /// A DEBUG build: the error card shows details.
        public var debug: Bool
        /// Onboarding page count.
        public var onboardingPages = 4

        /// Creates a configuration.
        public init(
            runningVersion: String, minimumVersion: String? = nil, latestVersion: String? = nil,
            legalVersion: String, storeURL: String = "https://apps.apple.com/app/id0", debug: Bool = false
        ) {
            self.runningVersion = runningVersion
            self.minimumVersion = minimumVersion
            self.latestVersion = latestVersion
            self.legalVersion = legalVersion
            self.storeURL = storeURL
            self.debug = debug
        }

        /// E.g. `running=1.0 min=none latest=1.2 legal=2026-04-30`.
        public var description: String {
            "running=\(runningVersion) min=\(minimumVersion ?? "none") latest=\(latestVersion ?? "none") "
                + "legal=\(legalVersion) debug=\(debug)"
        }
    }

    /// Store keys of the gates' preferences.
    enum Keys {
        static let onboardingCompleted = "gate.onboarding.completed"
        static let acceptedConsentVersion = "gate.consent.version"
        static let dismissedUpdateVersion = "gate.update.dismissed"
    }
}
