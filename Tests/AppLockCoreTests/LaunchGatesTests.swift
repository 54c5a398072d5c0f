import Testing
@testable import AppLockCore

@Suite("Launch gates (app-launch-gates.zh.md)")
struct LaunchGatesTests {
    let legal = "2026-04-30"

    func gates(
        store: any KeyValueStore = InMemoryStore(), running: String = "1.0", minimum: String? = nil,
        latest: String? = nil, debug: Bool = false
    ) -> LaunchGates {
        LaunchGates(
            configuration: .init(runningVersion: running, minimumVersion: minimum, latestVersion: latest,
                                 legalVersion: legal, storeURL: "https://store.example/app", debug: debug),
            store: store, availability: .faceID)
    }

    func returningUser() -> InMemoryStore {
        InMemoryStore(values: ["gate.onboarding.completed": [1], "gate.consent.version": Array(legal.utf8)])
    }

    @Test("the pure gate function follows the stack order", arguments: [
        (GateInputs(errorPosted: true, biometricEnabled: true, biometricLocked: true, runningVersion: "1.0",
                    minimumVersion: "2.0", legalVersion: "L"), Gate.errorBoundary),
        (GateInputs(biometricEnabled: true, biometricLocked: true, runningVersion: "1.0", minimumVersion: "2.0",
                    legalVersion: "L"), .biometric),
        (GateInputs(biometricEnabled: true, biometricLocked: false, runningVersion: "1.0", minimumVersion: "2.0",
                    latestVersion: "3.0", legalVersion: "L"), .forcedUpdate),
        (GateInputs(runningVersion: "1.0", latestVersion: "3.0", legalVersion: "L"), .softUpdate),
        (GateInputs(runningVersion: "1.0", latestVersion: "3.0", dismissedVersion: "3.0", legalVersion: "L"),
         .onboarding),
        (GateInputs(runningVersion: "1.0", onboardingCompleted: true, acceptedConsentVersion: "K", legalVersion: "L"),
         .consent),
        (GateInputs(runningVersion: "1.0", onboardingCompleted: true, acceptedConsentVersion: "L", legalVersion: "L"),
         .auth),
    ])
    func order(inputs: GateInputs, gate: Gate) {
        #expect(inputs.visibleGate == gate)
    }

    @Test("a returning user lands straight on AuthGate, and analytics start on the first event")
    func returning() {
        var stack = gates(store: returningUser())
        #expect(stack.visibleGate == .auth)
        #expect(stack.handle(.lock(.appear), now: at(0)) == [.startAnalytics])
        #expect(stack.handle(.lock(.appear), now: at(0)).isEmpty)
    }

    @Test("fresh install: onboarding (4 pages), then consent; analytics never start before consent")
    func freshInstall() {
        var stack = gates()
        #expect(stack.visibleGate == .onboarding)
        for page in 1...3 {
            #expect(stack.handle(.onboardingNext, now: at(0)).isEmpty)
            #expect(stack.onboardingPage == page)
        }
        let done = stack.handle(.onboardingNext, now: at(1))
        #expect(done == [.analytics(AnalyticsEvent("onboarding_completed")), .recordRatingAction])
        #expect(stack.rating.state.actionsSinceLastPrompt == 1)
        #expect(stack.visibleGate == .consent && !stack.analyticsStarted)
        #expect(!stack.handle(.recordAction, now: at(2)).contains(.startAnalytics))
        #expect(stack.handle(.acceptConsent, now: at(3)) == [.startAnalytics])
        #expect(stack.visibleGate == .auth)
    }

    @Test("skip completes onboarding too")
    func skip() {
        var stack = gates()
        _ = stack.handle(.onboardingSkip, now: at(0))
        #expect(stack.onboardingCompleted && stack.visibleGate == .consent)
    }

    @Test("bumping the legal version asks everyone again")
    func consentBump() {
        let store = InMemoryStore(values: [
            "gate.onboarding.completed": [1], "gate.consent.version": Array("2025-01-01".utf8),
        ])
        var stack = gates(store: store)
        #expect(stack.visibleGate == .consent)
        #expect(stack.handle(.lock(.appear), now: at(0)).isEmpty)
    }

    @Test("forced update cannot be dismissed; soft dismissal is persisted for that LATEST only")
    func updates() throws {
        let store = returningUser()
        var forced = gates(store: store, minimum: "1.1", latest: "1.2")
        _ = forced.handle(.dismissUpdate, now: at(0))
        #expect(forced.visibleGate == .forcedUpdate)
        #expect(forced.handle(.openStore, now: at(0)).contains(.openURL("https://store.example/app")))
        var soft = gates(store: store, latest: "1.2")
        #expect(soft.visibleGate == .softUpdate)
        #expect(soft.handle(.openStore, now: at(0)).contains(.openURL("https://store.example/app")))
        _ = soft.handle(.dismissUpdate, now: at(0))
        #expect(soft.visibleGate == .auth)
        #expect(gates(store: store, latest: "1.2").visibleGate == .auth)
        #expect(gates(store: store, latest: "1.3").visibleGate == .softUpdate)
        #expect(gates(store: store).visibleGate == .auth) // no keys: idle
    }

    @Test("error boundary: card on post, retry clears, details only in DEBUG")
    func errorBoundary() {
        var release = gates(store: returningUser())
        _ = release.handle(.postError("db failed"), now: at(0))
        #expect(release.visibleGate == .errorBoundary && release.errorDetails == nil)
        #expect(release.handle(.sendReport, now: at(0)) == [.sendReport])
        _ = release.handle(.retry, now: at(1))
        #expect(release.visibleGate == .auth && !release.errorShown)
        var debug = gates(store: returningUser(), debug: true)
        _ = debug.handle(.postError("db failed"), now: at(0))
        #expect(debug.errorDetails == "db failed")
    }

    @Test("the biometric gate locks on first launch and after more than 1 s in background")
    func biometricGate() {
        let store = returningUser()
        try? store.set([1], forKey: LaunchLock.Configuration.launchGates.enabledKey)
        var stack = gates(store: store)
        let effects = stack.handle(.lock(.appear), now: at(0))
        #expect(effects.contains(.startAuthentication(.deviceOwnerAuthentication)))
        #expect(stack.visibleGate == .biometric)
        _ = stack.handle(.lock(.authenticationResult(.cancel)), now: at(1))
        #expect(stack.visibleGate == .biometric)
        _ = stack.handle(.lock(.unlockTapped), now: at(2))
        _ = stack.handle(.lock(.authenticationResult(.success)), now: at(3))
        #expect(stack.visibleGate == .auth)
        _ = stack.handle(.lock(.scenePhase(.background)), now: at(10))
        #expect(stack.lock.showsCover)
        _ = stack.handle(.lock(.scenePhase(.active)), now: at(11, ms: 1))
        #expect(stack.visibleGate == .biometric)
    }

    @Test("each counted rating action is observable; the third asks for a review (D-RATE-FIRST)")
    func ratingActions() {
        var stack = gates(store: returningUser())
        #expect(stack.handle(.recordAction, now: at(0)) == [.recordRatingAction, .startAnalytics])
        #expect(stack.handle(.recordAction, now: at(1)) == [.recordRatingAction])
        #expect(stack.handle(.recordAction, now: at(2)) == [.recordRatingAction, .requestReview])
        #expect(stack.rating.state.actionsSinceLastPrompt == 0)
        var corrupt = gates(store: InMemoryStore.corrupted())
        #expect(corrupt.handle(.recordAction, now: at(0)).isEmpty) // nothing counted, nothing emitted
    }

    @Test("a corrupt store shows the biometric gate (fail closed)")
    func corrupt() {
        let stack = gates(store: InMemoryStore.corrupted())
        #expect(stack.visibleGate == .biometric && stack.storeIsCorrupt)
    }
}
