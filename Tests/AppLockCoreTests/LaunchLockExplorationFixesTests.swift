import Testing
@testable import AppLockCore

/// The launch lock's answers to what the exhaustive exploration drove in combinations no row named (issue 9): a phase
/// the scene already has, a tap or a switch on a scene that is not active, the gate's switch behind the lock, and
/// becoming active while the gate is already locked.
@Suite("Launch lock: events outside their situation (exploration findings)")
struct LaunchLockExplorationFixesTests {
    let start = LaunchLockEffect.startAuthentication(.deviceOwnerAuthentication)

    /// An enabled lock, cold-started and left locked after a failed prompt.
    func lockedAfterFailure(_ config: LaunchLock.Configuration) -> LaunchLock {
        var lock = LaunchLock(configuration: config, store: InMemoryStore(values: [config.enabledKey: [1]]), availability: .faceID)
        _ = lock.handle(.appear, now: at(0))
        _ = lock.handle(.authenticationResult(.failure), now: at(1))
        return lock
    }

    @Test("D-LL-PHASE-CHANGE: the phase the scene already has changes nothing (no cover change, no prompt)",
          arguments: [LaunchLock.Configuration.kangkang, .launchGates])
    func samePhase(config: LaunchLock.Configuration) {
        var lock = lockedAfterFailure(config)
        #expect(lock.handle(.scenePhase(.active), now: at(2)).isEmpty)
        #expect(!lock.isAuthenticating)
        _ = lock.handle(.scenePhase(.background), now: at(3))
        let cover = lock.showsCover
        #expect(lock.handle(.scenePhase(.background), now: at(4)).isEmpty)
        #expect(lock.showsCover == cover)
        #expect(lock.lastBackgroundedAt == at(3))
    }

    @Test("D-LL-ACTIVE-ONLY: the unlock button and the switch do nothing on a scene that is not active",
          arguments: [ScenePhase.inactive, .background])
    func notActive(phase: ScenePhase) {
        var locked = lockedAfterFailure(.kangkang)
        _ = locked.handle(.scenePhase(phase), now: at(2))
        #expect(locked.handle(.unlockTapped, now: at(3)).isEmpty)
        #expect(locked.handle(.toggleOff, now: at(3)).isEmpty)
        #expect(locked.isLocked && locked.enabled && !locked.isAuthenticating)

        var off = LaunchLock(configuration: .kangkang, store: InMemoryStore(), availability: .faceID)
        _ = off.handle(.scenePhase(phase), now: at(1))
        #expect(off.handle(.toggleOn, now: at(2)).isEmpty)
        #expect(!off.isAuthenticating && !off.enabled)
    }

    @Test("D-LL-ACTIVE-ONLY: the switch does nothing under an open system prompt")
    func switchUnderPrompt() {
        var lock = LaunchLock(configuration: .kangkang, store: InMemoryStore(values: ["lock.enabled": [1]]), availability: .faceID)
        _ = lock.handle(.appear, now: at(0))
        #expect(lock.isAuthenticating)
        #expect(lock.handle(.toggleOff, now: at(1)).isEmpty)
        #expect(lock.isLocked && lock.enabled && lock.isAuthenticating)
    }

    @Test("D-GATE-SWITCH: the gate's switch sits behind the lock; Kangkang's turning off still clears it (D-LL-TOGGLE)")
    func switchBehindTheLock() {
        var gate = lockedAfterFailure(.launchGates)
        #expect(gate.handle(.toggleOff, now: at(2)).isEmpty)
        #expect(gate.isLocked && gate.enabled)
        var kangkang = lockedAfterFailure(.kangkang)
        #expect(kangkang.handle(.toggleOff, now: at(2)).isEmpty)
        #expect(!kangkang.isLocked && !kangkang.enabled)
    }

    /// Changed on 2026-12-06 from a design-document audit: the gate did not prompt after a return past the grace when
    /// it was already locked, where app-launch-gates.zh.md says a return past the grace relocks and prompts again.
    @Test("D-GATE-NO-REPROMPT: locked, the gate prompts again only on a return past the grace (not after inactive, nor within it); Kangkang on every active (§4)")
    func repromptWhileLocked() {
        var gate = lockedAfterFailure(.launchGates)
        _ = gate.handle(.scenePhase(.inactive), now: at(2))
        #expect(gate.handle(.scenePhase(.active), now: at(3)).isEmpty, "the system prompt's own inactive: no loop")
        _ = gate.handle(.scenePhase(.background), now: at(4))
        #expect(gate.handle(.scenePhase(.active), now: at(5)).isEmpty, "exactly the grace")
        #expect(gate.isLocked && !gate.isAuthenticating)
        #expect(gate.handle(.unlockTapped, now: at(6)) == [start])
        _ = gate.handle(.authenticationResult(.cancel), now: at(7))
        _ = gate.handle(.scenePhase(.background), now: at(8))
        #expect(gate.handle(.scenePhase(.active), now: at(5_000)) == [start])
        #expect(gate.isLocked && gate.isAuthenticating)

        var kangkang = lockedAfterFailure(.kangkang)
        _ = kangkang.handle(.scenePhase(.background), now: at(2))
        #expect(kangkang.handle(.scenePhase(.active), now: at(5_000)) == [start])
    }

    @Test("a relock on becoming active prompts under both configurations",
          arguments: [LaunchLock.Configuration.kangkang, .launchGates])
    func relockPrompts(config: LaunchLock.Configuration) {
        var lock = LaunchLock(configuration: config, store: InMemoryStore(values: [config.enabledKey: [1]]), availability: .faceID)
        _ = lock.handle(.appear, now: at(0))
        _ = lock.handle(.authenticationResult(.success), now: at(1))
        _ = lock.handle(.scenePhase(.background), now: at(2))
        #expect(lock.handle(.scenePhase(.active), now: at(2) + .seconds(3_600)) == [start])
        #expect(lock.isLocked)
    }
}
