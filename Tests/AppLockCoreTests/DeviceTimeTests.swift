import Testing
@testable import AppLockCore

/// D-CLOCK: grace periods and failure delays are measured in elapsed time on the uptime clock, so setting the wall
/// clock back or forwards changes neither; a reboot leaves the elapsed time unknown, which locks and restarts a delay.
@Suite("Device time: the wall clock the user sets and the elapsed time they cannot (D-CLOCK)")
struct DeviceTimeTests {
    // MARK: the clocks

    @Test("the manual clock: time passing moves both clocks, setting the clock moves the wall alone, a reboot restarts uptime")
    func manualClock() {
        let clock = ManualClock(start: .seconds(100))
        clock.advance(by: .seconds(5))
        #expect(clock.now() == DeviceTime(wall: .seconds(105), uptime: .seconds(105), boot: 0))
        clock.advance(by: .seconds(-60))
        #expect(clock.now() == DeviceTime(wall: .seconds(45), uptime: .seconds(105), boot: 0))
        clock.setWallClock(by: .seconds(3600))
        #expect(clock.now() == DeviceTime(wall: .seconds(3645), uptime: .seconds(105), boot: 0))
        clock.reboot(after: .seconds(30))
        #expect(clock.now() == DeviceTime(wall: .seconds(3675), uptime: .zero, boot: 1))
    }

    @Test("elapsed time is the uptime difference within one boot and unknown across a reboot")
    func elapsed() {
        let before = DeviceTime(wall: .seconds(500), uptime: .seconds(10), boot: 4)
        #expect(DeviceTime(wall: .seconds(0), uptime: .seconds(70), boot: 4).elapsed(since: before) == .seconds(60))
        #expect(DeviceTime(wall: .seconds(500), uptime: .seconds(70), boot: 5).elapsed(since: before) == nil)
    }

    @Test("the system clock reads one boot, its uptime is the system's time since boot and never goes back")
    func systemClock() throws {
        let clock = SystemClock()
        let first = clock.now()
        let second = clock.now()
        #expect(first.boot == second.boot)
        #expect(second.uptime >= first.uptime)
        #expect(first.uptime > .zero)
        #if os(Linux)
        // /proc/uptime's first field is the time since boot, suspend included (CLOCK_BOOTTIME), in centiseconds.
        let text = try String(contentsOfFile: "/proc/uptime", encoding: .utf8)
        let seconds = try #require(text.split(separator: " ").first.flatMap { Double($0) })
        let proc = Int64(seconds * 1000)
        let after = clock.now().uptime.milliseconds
        #expect(abs(after - proc) < 1_000, "uptime \(after) ms against /proc/uptime \(proc) ms")
        #expect(first.boot != 0, "the boot id was read")
        #endif
    }

    // MARK: the launch lock's grace

    /// An enabled, unlocked launch lock backgrounded at `clock`'s time.
    func backgrounded(_ clock: ManualClock) -> LaunchLock {
        var lock = LaunchLock(configuration: .kangkang, store: InMemoryStore(values: ["lock.enabled": [1]]), availability: .faceID)
        _ = lock.handle(.appear, now: clock.now())
        _ = lock.handle(.authenticationResult(.success), now: clock.now())
        _ = lock.handle(.scenePhase(.background), now: clock.now())
        return lock
    }

    @Test("setting the clock back while away does not skip the relock", arguments: [Int32(1), 60, 3600, 86_400])
    func graceClockBack(seconds: Int32) {
        let clock = ManualClock(start: .seconds(1_000_000))
        var lock = backgrounded(clock)
        clock.setWallClock(by: .seconds(-seconds))
        clock.advance(by: .milliseconds(60_001))
        #expect(lock.handle(.scenePhase(.active), now: clock.now()) == [.startAuthentication(.deviceOwnerAuthentication)])
        #expect(lock.isLocked)
    }

    @Test("setting the clock forwards while away does not lock inside the grace")
    func graceClockForward() {
        let clock = ManualClock(start: .seconds(1_000_000))
        var lock = backgrounded(clock)
        clock.setWallClock(by: .seconds(86_400))
        clock.advance(by: .seconds(60))
        #expect(lock.handle(.scenePhase(.active), now: clock.now()).isEmpty)
        #expect(!lock.isLocked)
    }

    @Test("a reboot while away locks however short the time on either clock")
    func graceAcrossReboot() {
        let clock = ManualClock(start: .seconds(1_000_000))
        var lock = backgrounded(clock)
        clock.reboot(after: .seconds(1))
        clock.setWallClock(by: .seconds(-1))
        _ = lock.handle(.scenePhase(.active), now: clock.now())
        #expect(lock.isLocked)
    }

    // MARK: the decoy lock screen's failure delay

    /// A dual-password lock with three failures behind it (a delay of 1 s from `clock`'s time).
    func threeFailures(_ clock: ManualClock, store: any KeyValueStore = InMemoryStore()) throws -> DualPassword {
        var (machine, _) = try DualPasswordTests.installed(store: store)
        for _ in 0..<3 { _ = machine.handle(.submit(SecretBytes(utf8: DualPasswordTests.wrong)), now: clock.now()) }
        #expect(machine.delayRemaining(at: clock.now()) == .seconds(1))
        return machine
    }

    @Test("an ended delay stays ended when the clock is set back", arguments: [Int32(-1), -2, -3600])
    func endedDelayClockBack(seconds: Int32) throws {
        let clock = ManualClock(start: .seconds(1_000_000))
        var machine = try threeFailures(clock)
        clock.advance(by: .seconds(1))
        clock.setWallClock(by: .seconds(seconds))
        #expect(!machine.isDelaying(at: clock.now()))
        #expect(machine.handle(.submit(SecretBytes(utf8: DualPasswordTests.main)), now: clock.now()) == [.clearInput, .openProfile(.real)])
    }

    @Test("a running delay does not end when the clock is set forwards")
    func runningDelayClockForward() throws {
        let clock = ManualClock(start: .seconds(1_000_000))
        var machine = try threeFailures(clock)
        clock.setWallClock(by: .seconds(3600))
        clock.advance(by: .milliseconds(999))
        #expect(machine.delayRemaining(at: clock.now()) == .milliseconds(1))
        #expect(machine.handle(.submit(SecretBytes(utf8: DualPasswordTests.main)), now: clock.now()) == DualPasswordTests.refused)
        #expect(machine.failureCount == 3)
    }

    @Test("a kill keeps the delay's elapsed time: the relaunched app waits only what is left")
    func delayAcrossKill() throws {
        let clock = ManualClock(start: .seconds(1_000_000))
        let store = InMemoryStore()
        _ = try threeFailures(clock, store: store)
        clock.advance(by: .milliseconds(400))
        clock.setWallClock(by: .seconds(-3600))
        let relaunched = DualPassword(store: store, random: SeededRandom(seed: 1))
        #expect(relaunched.delayRemaining(at: clock.now()) == .milliseconds(600))
    }

    @Test("after a reboot the delay runs again in full from the first step of the new boot, then ends")
    func delayAcrossReboot() throws {
        let clock = ManualClock(start: .seconds(1_000_000))
        let store = InMemoryStore()
        _ = try threeFailures(clock, store: store)
        clock.reboot(after: .seconds(5))
        var relaunched = DualPassword(store: store, random: SeededRandom(seed: 1))
        #expect(relaunched.delayRemaining(at: clock.now()) == .seconds(1))
        #expect(relaunched.handle(.submit(SecretBytes(utf8: DualPasswordTests.main)), now: clock.now()) == DualPasswordTests.refused)
        clock.advance(by: .milliseconds(500))
        // the restart was persisted: a second relaunch in the same boot waits only what is left
        var again = DualPassword(store: store, random: SeededRandom(seed: 1))
        #expect(again.delayRemaining(at: clock.now()) == .milliseconds(500))
        clock.advance(by: .milliseconds(500))
        #expect(again.handle(.submit(SecretBytes(utf8: DualPasswordTests.main)), now: clock.now()) == [.clearInput, .openProfile(.real)])
    }

    @Test("a failure record in the earlier 12-byte layout keeps its count, and its delay runs again in full")
    func legacyRecord() throws {
        let store = InMemoryStore()
        var (machine, _) = try DualPasswordTests.installed(store: store)
        try store.set(ByteCoding.encodeCount(4) + ByteCoding.encodeInstant(.seconds(7)), forKey: "slot.attempts")
        machine = DualPassword(store: store, random: SeededRandom(seed: 1))
        #expect(!machine.storeIsCorrupt && machine.failureCount == 4 && machine.lastFailureAt == nil)
        let now = DeviceTime(wall: .seconds(9_999), uptime: .seconds(50), boot: 3)
        #expect(machine.delayRemaining(at: now) == .seconds(2))
        _ = machine.handle(.typeCharacter(SecretBytes(utf8: "a")), now: now)
        #expect(machine.lastFailureAt == now)
        #expect(try store.value(forKey: "slot.attempts")?.count == 28)
    }

    @Test("a failure record of any other length is corrupt: nothing unlocks", arguments: [0, 11, 13, 20, 27, 29])
    func corruptRecord(length: Int) throws {
        let store = InMemoryStore()
        var (machine, _) = try DualPasswordTests.installed(store: store)
        try store.set([UInt8](repeating: 0, count: length), forKey: "slot.attempts")
        machine = DualPassword(store: store, random: SeededRandom(seed: 1))
        #expect(machine.storeIsCorrupt)
    }
}
