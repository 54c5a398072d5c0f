import Testing
@testable import AppLockCore

@Suite("Launch lock (face-id-launch-lock.zh.md)")
struct LaunchLockTests {
    let start = LaunchLockEffect.startAuthentication(.deviceOwnerAuthentication)

    /// An enabled Kangkang lock, cold-started and unlocked.
    func unlockedEnabled(_ config: LaunchLock.Configuration = .kangkang) -> LaunchLock {
        let store = InMemoryStore(values: [config.enabledKey: [1]])
        var lock = LaunchLock(configuration: config, store: store, availability: .faceID)
        _ = lock.handle(.appear, now: at(0))
        _ = lock.handle(.authenticationResult(.success), now: at(1))
        return lock
    }

    @Test("default off: appear, background and return change nothing and prompt nothing")
    func defaultOff() {
        var lock = LaunchLock(configuration: .kangkang, store: InMemoryStore(), availability: .faceID)
        #expect(lock.handle(.appear, now: at(0)).isEmpty)
        #expect(lock.handle(.scenePhase(.background), now: at(1)).isEmpty)
        #expect(!lock.showsCover)
        #expect(lock.handle(.scenePhase(.active), now: at(500)).isEmpty)
        #expect(!lock.isLocked && !lock.enabled)
        #expect(lock.subtitle == "关闭")
    }

    @Test("cold start locks once; a duplicate active does not prompt twice")
    func coldStart() {
        var lock = LaunchLock(configuration: .kangkang, store: InMemoryStore(values: ["lock.enabled": [1]]),
                              availability: .faceID)
        #expect(lock.handle(.appear, now: at(0)) == [start])
        #expect(lock.isLocked && lock.isAuthenticating && lock.hasColdLocked)
        #expect(lock.handle(.scenePhase(.active), now: at(0)).isEmpty)
        #expect(lock.handle(.appear, now: at(0)).isEmpty)
        #expect(lock.handle(.authenticationResult(.success), now: at(2)).isEmpty)
        #expect(!lock.isLocked && !lock.isAuthenticating)
    }

    @Test("grace: exactly 60 s does not lock, more than 60 s does", arguments: [
        (Int64(59_000), false), (60_000, false), (60_001, true), (61_000, true),
    ])
    func grace(away: Int64, locks: Bool) {
        var lock = unlockedEnabled()
        _ = lock.handle(.scenePhase(.background), now: at(10))
        let effects = lock.handle(.scenePhase(.active), now: at(10) + .milliseconds(away))
        #expect(lock.isLocked == locks)
        #expect(effects == (locks ? [start] : []))
        #expect(lock.lastBackgroundedAt == nil)
    }

    @Test("launch gates grace is 1 s: 1000 ms stays open, 1001 ms locks")
    func gatesGrace() {
        for (away, locks) in [(Int64(1000), false), (1001, true)] {
            var lock = unlockedEnabled(.launchGates)
            _ = lock.handle(.scenePhase(.background), now: at(10))
            _ = lock.handle(.scenePhase(.active), now: at(10) + .milliseconds(away))
            #expect(lock.isLocked == locks)
        }
    }

    @Test("inactive then active with no background time never locks (D-LL-NO-BG-TIME)")
    func noBackgroundTime() {
        var lock = unlockedEnabled()
        _ = lock.handle(.scenePhase(.inactive), now: at(10))
        _ = lock.handle(.scenePhase(.active), now: at(1000))
        #expect(!lock.isLocked)
    }

    @Test("Kangkang cover: background covers, inactive covers only when unlocked, active hides")
    func kangkangCover() {
        var lock = unlockedEnabled()
        _ = lock.handle(.scenePhase(.inactive), now: at(2))
        #expect(lock.showsCover)
        _ = lock.handle(.scenePhase(.background), now: at(3))
        #expect(lock.showsCover)
        _ = lock.handle(.scenePhase(.active), now: at(200))
        #expect(!lock.showsCover && lock.isLocked)
        _ = lock.handle(.scenePhase(.inactive), now: at(201))
        #expect(!lock.showsCover) // locked: the lock screen covers
    }

    @Test("gates cover whenever enabled and not active, locked or not (D-GATE-COVER)")
    func gatesCover() {
        var lock = unlockedEnabled(.launchGates)
        _ = lock.handle(.scenePhase(.background), now: at(2))
        _ = lock.handle(.scenePhase(.active), now: at(20))
        #expect(lock.isLocked)
        _ = lock.handle(.scenePhase(.inactive), now: at(21))
        #expect(lock.showsCover)
    }

    @Test("failure and cancel stay locked; the unlock button retries; a reply with no prompt is ignored")
    func failureRetry() {
        var lock = LaunchLock(configuration: .kangkang, store: InMemoryStore(values: ["lock.enabled": [1]]),
                              availability: .faceID)
        _ = lock.handle(.appear, now: at(0))
        #expect(lock.handle(.authenticationResult(.failure), now: at(1)).isEmpty)
        #expect(lock.isLocked && !lock.isAuthenticating)
        #expect(lock.handle(.authenticationResult(.success), now: at(1)).isEmpty)
        #expect(lock.isLocked) // D-LL-DUP-REPLY
        #expect(lock.handle(.unlockTapped, now: at(2)) == [start])
        #expect(lock.handle(.unlockTapped, now: at(2)).isEmpty)
        _ = lock.handle(.authenticationResult(.cancel), now: at(3))
        #expect(lock.isLocked)
    }

    @Test("toggle on authenticates first and enables only on success; off needs nothing (D-LL-TOGGLE)")
    func toggle() throws {
        let store = InMemoryStore()
        var lock = LaunchLock(configuration: .kangkang, store: store, availability: .faceID)
        #expect(lock.handle(.toggleOn, now: at(0)) == [start])
        _ = lock.handle(.authenticationResult(.cancel), now: at(1))
        #expect(!lock.enabled)
        _ = lock.handle(.toggleOn, now: at(2))
        _ = lock.handle(.authenticationResult(.success), now: at(3))
        #expect(lock.enabled && !lock.isLocked)
        #expect(lock.subtitle == "已开启 · Face ID")
        #expect(try store.value(forKey: "lock.enabled") == [1])
        #expect(lock.handle(.toggleOff, now: at(4)).isEmpty)
        #expect(!lock.enabled)
        #expect(try store.value(forKey: "lock.enabled") == [0])
    }

    @Test("launch gates: the switch only sets the saved flag, with no prompt; it locks from the next launch (D-GATE-SWITCH)")
    func gateSwitch() throws {
        let store = InMemoryStore()
        var lock = LaunchLock(configuration: .launchGates, store: store, availability: .faceID)
        #expect(!LaunchLock.Configuration.launchGates.enableRequiresAuthentication)
        #expect(LaunchLock.Configuration.kangkang.enableRequiresAuthentication)
        #expect(lock.handle(.toggleOn, now: at(0)).isEmpty)
        #expect(lock.enabled && !lock.isLocked && !lock.isAuthenticating && lock.pendingPurpose == nil)
        #expect(try store.value(forKey: "gate.lock.enabled") == [1])
        #expect(lock.handle(.authenticationResult(.success), now: at(1)).isEmpty) // no prompt was open
        var relaunched = LaunchLock(configuration: .launchGates, store: store, availability: .faceID)
        #expect(relaunched.handle(.appear, now: at(2)) == [start])
        #expect(relaunched.isLocked)
        var unavailable = LaunchLock(configuration: .launchGates, store: InMemoryStore(), availability: .unavailable)
        #expect(unavailable.handle(.toggleOn, now: at(0)).isEmpty)
        #expect(!unavailable.enabled)
    }

    @Test("unavailable device: toggle disabled, own subtitle, turning on is refused")
    func unavailable() {
        var lock = LaunchLock(configuration: .kangkang, store: InMemoryStore(), availability: .unavailable)
        #expect(lock.toggleDisabled)
        #expect(lock.subtitle == "本设备未设置 Face ID 或密码")
        #expect(lock.handle(.toggleOn, now: at(0)).isEmpty)
        #expect(!lock.isAuthenticating)
    }

    @Test("labels follow the device", arguments: [
        (BiometryType.faceID, "Face ID"), (.touchID, "Touch ID"), (.opticID, "Optic ID"), (.none, "密码"),
        (.unknown, "密码"),
    ])
    func labels(type: BiometryType, label: String) {
        #expect(LockAvailability(canEvaluate: true, biometryType: type).label == label)
    }

    @Test("a corrupt store reads as enabled and locked, and toggle off cannot clear it (D-STORE-CORRUPT)")
    func corrupt() {
        var lock = LaunchLock(configuration: .kangkang, store: InMemoryStore.corrupted(), availability: .faceID)
        #expect(lock.enabled && lock.isLocked && lock.storeIsCorrupt)
        _ = lock.handle(.toggleOff, now: at(0))
        #expect(lock.enabled && lock.isLocked)
        let garbage = LaunchLock(configuration: .kangkang, store: InMemoryStore(values: ["lock.enabled": [7]]),
                                 availability: .faceID)
        #expect(garbage.isLocked)
    }

    @Test("a truncated store file gives the locked state")
    func truncatedFile() throws {
        let dir = makeTemporaryDirectory()
        let path = dir + "/s"
        try FileStore(path: path).set([0], forKey: "lock.enabled")
        defer { FileManagerShim.remove(dir) }
        let bytes = try #require(FileManagerShim.read(path))
        FileManagerShim.write(path, Array(bytes.dropLast(3)))
        let lock = LaunchLock(configuration: .kangkang, store: FileStore(path: path), availability: .faceID)
        #expect(lock.isLocked && lock.enabled)
    }
}
