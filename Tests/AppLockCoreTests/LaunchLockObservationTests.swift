import Testing
@testable import AppLockCore

@Suite("Launch lock: what an audit reads (face-id-launch-lock.zh.md §4, §5, §7)")
struct LaunchLockObservationTests {
    @Test("turning on prompts once on a capable device; turning off and refusals never prompt")
    func prompts() {
        var on = LaunchLock(configuration: .kangkang, store: InMemoryStore(), availability: .faceID)
        #expect(!on.hasStartedPrompt)
        let prompt = [LaunchLockEffect.startAuthentication(LaunchLock.Configuration.kangkang.policy)]
        #expect(on.handle(.toggleOn, now: at(0)) == prompt)
        #expect(on.handle(.toggleOn, now: at(0)).isEmpty) // one prompt at a time
        #expect(on.hasStartedPrompt)
        _ = on.handle(.authenticationResult(.success), now: at(1))
        _ = on.handle(.scenePhase(.background), now: at(2))
        #expect(on.handle(.scenePhase(.active), now: at(200)) == prompt) // the re-lock after the grace prompts to unlock

        var refused = LaunchLock(configuration: .kangkang, store: InMemoryStore(), availability: .unavailable)
        _ = refused.handle(.toggleOn, now: at(0))
        #expect(!refused.hasStartedPrompt)

        var off = LaunchLock(configuration: .kangkang, store: InMemoryStore(values: ["lock.enabled": [1]]),
                             availability: .faceID)
        _ = off.handle(.toggleOff, now: at(0))
        #expect(!off.hasStartedPrompt && !off.enabled)
    }

    @Test("the background time is recorded from background until active")
    func backgroundTime() {
        var lock = LaunchLock(configuration: .kangkang, store: InMemoryStore(), availability: .faceID)
        #expect(!lock.hasBackgroundTime)
        _ = lock.handle(.scenePhase(.background), now: at(1))
        #expect(lock.hasBackgroundTime)
        _ = lock.handle(.scenePhase(.active), now: at(2))
        #expect(!lock.hasBackgroundTime)
    }

    @Test("the toggle is interactive exactly when the device can authenticate")
    func toggleInteractive() {
        #expect(LaunchLock(configuration: .kangkang, store: InMemoryStore(), availability: .faceID).toggleInteractive)
        #expect(!LaunchLock(configuration: .kangkang, store: InMemoryStore(), availability: .unavailable).toggleInteractive)
    }
}
