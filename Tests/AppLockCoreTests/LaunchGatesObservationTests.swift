import Testing
@testable import AppLockCore

@Suite("Launch gates: what the screens present")
struct LaunchGatesObservationTests {
    let legal = "2026-04-30"

    func gates(_ store: any KeyValueStore = InMemoryStore(), running: String = "1.1", minimum: String? = nil,
               latest: String? = nil) -> LaunchGates {
        LaunchGates(configuration: .init(runningVersion: running, minimumVersion: minimum, latestVersion: latest,
                                         legalVersion: legal),
                    store: store, availability: .faceID)
    }

    @Test("the onboarding page is counted from 1 and follows next")
    func onboardingPageNumber() {
        var stack = gates()
        _ = stack.handle(.lock(.appear), now: at(0))
        #expect(stack.onboardingPageNumber == 1)
        _ = stack.handle(.onboardingNext, now: at(1))
        _ = stack.handle(.onboardingNext, now: at(2))
        #expect(stack.onboardingPageNumber == 3 && stack.onboardingPage == 2)
    }

    @Test("consent is presented only when it is the gate in front")
    func consentPresented() {
        var stack = gates()
        _ = stack.handle(.lock(.appear), now: at(0))
        #expect(!stack.consentPresented) // onboarding is in front
        _ = stack.handle(.onboardingSkip, now: at(1))
        #expect(stack.consentPresented && stack.visibleGate == .consent)
        _ = stack.handle(.postError("boom"), now: at(2))
        #expect(!stack.consentPresented) // the error card covers it
        _ = stack.handle(.retry, now: at(3))
        _ = stack.handle(.acceptConsent, now: at(4))
        #expect(!stack.consentPresented && stack.visibleGate == .auth)
    }

    @Test("the presented update sheet is the update gate in front, none when covered or idle")
    func presentedUpdateSheet() {
        var forced = gates(minimum: "1.2", latest: "1.3")
        #expect(forced.presentedUpdateSheet == .forced)
        _ = forced.handle(.postError("boom"), now: at(0))
        #expect(forced.presentedUpdateSheet == .none && forced.updateRequirement == .forced)
        var soft = gates(latest: "1.2")
        #expect(soft.presentedUpdateSheet == .soft)
        _ = soft.handle(.dismissUpdate, now: at(1))
        #expect(soft.presentedUpdateSheet == .none)
        #expect(gates(latest: "1.0").presentedUpdateSheet == .none)
    }
}
