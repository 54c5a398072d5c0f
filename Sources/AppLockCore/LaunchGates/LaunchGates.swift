/// The launch-gate stack (app-launch-gates.zh.md): ErrorBoundary { BiometricGate { UpdateGate { OnboardingGate {
/// ConsentGate { AuthGate } } } } }, each reading persisted state, plus the rating trigger.
///
/// The BiometricGate is a `LaunchLock` with the `.launchGates` configuration (1 s grace, D-GATE-COVER).
public struct LaunchGates: Sendable, CustomStringConvertible {
    /// Build-time values.
    public let configuration: Configuration
    private let store: any KeyValueStore

    /// The BiometricGate's machine.
    public private(set) var lock: LaunchLock
    /// The rating trigger.
    public private(set) var rating: RatingController
    /// The error on the bus, if any (never shown outside DEBUG).
    private var postedError: String?
    /// `onboardingCompleted` (persisted).
    public private(set) var onboardingCompleted: Bool
    /// The current onboarding page, 0-based.
    public private(set) var onboardingPage = 0
    /// `acceptedConsentVersion` (persisted).
    public private(set) var acceptedConsentVersion: String?
    /// The LATEST version whose soft update was dismissed (persisted).
    public private(set) var dismissedUpdateVersion: String?
    /// `analytics.start()` has been emitted.
    public private(set) var analyticsStarted = false
    /// True when the preferences could not be read: onboarding and consent then block (fail closed).
    public private(set) var storeIsCorrupt = false

    /// Builds the stack from the store (a returning user lands straight on AuthGate).
    public init(configuration: Configuration, store: any KeyValueStore, availability: LockAvailability) {
        self.configuration = configuration
        self.store = store
        lock = LaunchLock(configuration: .launchGates, store: store, availability: availability)
        rating = RatingController(store: store)
        do {
            onboardingCompleted = try ByteCoding.decodeFlag(store.value(forKey: Keys.onboardingCompleted))
            acceptedConsentVersion = try Self.text(store.value(forKey: Keys.acceptedConsentVersion))
            dismissedUpdateVersion = try Self.text(store.value(forKey: Keys.dismissedUpdateVersion))
        } catch {
            onboardingCompleted = false
            acceptedConsentVersion = nil
            dismissedUpdateVersion = nil
            storeIsCorrupt = true
        }
    }

    /// An error is on the bus: the full-screen card shows.
    public var errorShown: Bool { postedError != nil }

    /// The error's details: only in DEBUG builds.
    public var errorDetails: String? { configuration.debug ? postedError : nil }

    /// The inputs of the pure gate function.
    public var inputs: GateInputs {
        GateInputs(
            errorPosted: errorShown, biometricEnabled: lock.enabled, biometricLocked: lock.isLocked,
            runningVersion: configuration.runningVersion,
            minimumVersion: configuration.minimumVersion, latestVersion: configuration.latestVersion,
            dismissedVersion: dismissedUpdateVersion, onboardingCompleted: onboardingCompleted,
            acceptedConsentVersion: acceptedConsentVersion, legalVersion: configuration.legalVersion)
    }

    /// The gate showing.
    public var visibleGate: Gate { inputs.visibleGate }

    /// The update sheet's kind.
    public var updateRequirement: UpdateRequirement {
        UpdateRequirement.evaluate(
            running: configuration.runningVersion, minimum: configuration.minimumVersion,
            latest: configuration.latestVersion, dismissed: dismissedUpdateVersion)
    }

    /// Applies one event at `now` and returns the effects, in order. The biometric gate measures its grace in
    /// elapsed time; the rating's days are calendar days on the wall clock (D-CLOCK).
    public mutating func handle(_ event: LaunchGatesEvent, now: DeviceTime) -> [LaunchGatesEffect] {
        var effects: [LaunchGatesEffect] = []
        switch event {
        case .lock(let lockEvent):
            effects += lock.handle(lockEvent, now: now).map { effect in
                switch effect {
                case .startAuthentication(let policy): .startAuthentication(policy)
                }
            }

        case .postError(let message):
            postedError = message

        case .retry:
            postedError = nil

        case .sendReport:
            if errorShown { effects.append(.sendReport) }

        case .openStore:
            // Both sheets open the store URL (there is no in-app update API).
            if visibleGate == .forcedUpdate || visibleGate == .softUpdate {
                effects.append(.openURL(configuration.storeURL))
            }

        case .dismissUpdate:
            // A forced update cannot be dismissed (D-UPD-DISMISS).
            if visibleGate == .softUpdate, let latest = configuration.latestVersion,
               (try? store.set(Array(latest.utf8), forKey: Keys.dismissedUpdateVersion)) != nil {
                dismissedUpdateVersion = latest
            }

        case .onboardingNext:
            guard visibleGate == .onboarding else { break }
            if onboardingPage + 1 < configuration.onboardingPages {
                onboardingPage += 1
            } else {
                effects += completeOnboarding(now: now.wall)
            }

        case .onboardingSkip:
            guard visibleGate == .onboarding else { break }
            effects += completeOnboarding(now: now.wall)

        case .acceptConsent:
            guard visibleGate == .consent,
                  (try? store.set(Array(configuration.legalVersion.utf8), forKey: Keys.acceptedConsentVersion)) != nil
            else { break }
            acceptedConsentVersion = configuration.legalVersion

        case .recordAction:
            effects += recordRatingAction(now: now.wall)
        }
        // ConsentGate's content starts analytics: once, and only when consent equals the legal version and the
        // onboarding (which replaces the content) is done. Never before consent.
        if !analyticsStarted, onboardingCompleted, acceptedConsentVersion == configuration.legalVersion {
            analyticsStarted = true
            effects.append(.startAnalytics)
        }
        return effects
    }

    /// Completion: persisted, the `onboarding_completed` event, and one rating action.
    private mutating func completeOnboarding(now: Instant) -> [LaunchGatesEffect] {
        guard (try? store.set([1], forKey: Keys.onboardingCompleted)) != nil else { return [] }
        onboardingCompleted = true
        return [.analytics(AnalyticsEvent("onboarding_completed"))] + recordRatingAction(now: now)
    }

    /// "记一次评分动作": `recordRatingAction` once the action is counted (an unreadable or unwritable history counts
    /// nothing and emits nothing), then `requestReview` when the rule says so.
    private mutating func recordRatingAction(now: Instant) -> [LaunchGatesEffect] {
        let before = rating.state
        let prompt = rating.recordAction(version: configuration.runningVersion, now: now)
        guard rating.state != before else { return [] }
        return prompt ? [.recordRatingAction, .requestReview] : [.recordRatingAction]
    }

    private static func text(_ bytes: [UInt8]?) throws(StoreError) -> String? {
        guard let bytes else { return nil }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .corrupt }
        return text
    }

    /// E.g. `gate=AuthGate lock(enabled=false …)`.
    public var description: String {
        "gate=\(visibleGate) onboardingPage=\(onboardingPage) analytics=\(analyticsStarted) lock(\(lock))"
    }
}
