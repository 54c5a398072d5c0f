/// The persisted (and bus) state every gate reads.
public struct GateInputs: Hashable, Sendable, CustomStringConvertible {
    /// An error sits on the error bus.
    public var errorPosted: Bool
    /// `biometricEnabled`.
    public var biometricEnabled: Bool
    /// The biometric lock screen is up.
    public var biometricLocked: Bool
    /// The running `CFBundleShortVersionString`.
    public var runningVersion: String
    /// `MIN_APP_VERSION` (nil or empty: idle).
    public var minimumVersion: String?
    /// `LATEST_APP_VERSION` (nil or empty: idle).
    public var latestVersion: String?
    /// The LATEST version whose soft update was dismissed.
    public var dismissedVersion: String?
    /// `onboardingCompleted`.
    public var onboardingCompleted: Bool
    /// `acceptedConsentVersion`.
    public var acceptedConsentVersion: String?
    /// `LegalContent.version`.
    public var legalVersion: String

    /// Creates the inputs.
    public init(
        errorPosted: Bool = false, biometricEnabled: Bool = false, biometricLocked: Bool = false,
        runningVersion: String, minimumVersion: String? = nil, latestVersion: String? = nil,
        dismissedVersion: String? = nil, onboardingCompleted: Bool = false, acceptedConsentVersion: String? = nil,
        legalVersion: String
    ) {
        self.errorPosted = errorPosted
        self.biometricEnabled = biometricEnabled
        self.biometricLocked = biometricLocked
        self.runningVersion = runningVersion
        self.minimumVersion = minimumVersion
        self.latestVersion = latestVersion
        self.dismissedVersion = dismissedVersion
        self.onboardingCompleted = onboardingCompleted
        self.acceptedConsentVersion = acceptedConsentVersion
        self.legalVersion = legalVersion
    }

    /// The pure gate function: ErrorBoundary > BiometricGate (enabled and locked) > UpdateGate (forced, then soft) >
    /// OnboardingGate (not completed) > ConsentGate (accepted ≠ legal) > AuthGate.
    public var visibleGate: Gate {
        if errorPosted { return .errorBoundary }
        if biometricEnabled, biometricLocked { return .biometric }
        switch UpdateRequirement.evaluate(
            running: runningVersion, minimum: minimumVersion, latest: latestVersion, dismissed: dismissedVersion) {
        case .forced: return .forcedUpdate
        case .soft: return .softUpdate
        case .none: break
        }
        if !onboardingCompleted { return .onboarding }
        if acceptedConsentVersion != legalVersion { return .consent }
        return .auth
    }

    /// E.g. `gate=AuthGate`.
    public var description: String { "gate=\(visibleGate)" }
}
