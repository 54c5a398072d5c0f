import Testing
@testable import AppLockCore

/// D-MT-CLOCK, on the core alone: a block runs for its length of elapsed time, whatever the device clock does.
/// `at(t)` is a device whose two clocks both show `t` s (so a smaller `t` sets the uptime back too, which the screen
/// cannot tell from a reboot); `device(wall:up:boot:)` sets them apart.
@Suite("MedTime: a device clock set back or forward (D-MT-CLOCK)")
struct MedTimeClockBackTests {
    static let configuration = MedTimeUnlock.Configuration(biometricEnabled: false, biometry: .face, pinLength: .four)

    /// A screen blocked for 60 s at `t` (five wrong PINs at `t`), over `store`.
    static func blocked(at t: Int64, store: any KeyValueStore) throws -> MedTimeUnlock {
        var screen = MedTimeUnlock(configuration: configuration, store: try MedTimeUnlockTests.enrolledStore(store))
        _ = screen.handle(.open(sessionValid: true), now: at(t))
        for _ in 0..<5 { for digit in [9, 9, 9, 9] { _ = screen.handle(.digit(digit), now: at(t)) } }
        #expect(screen.state == .pinBlocked && screen.blockRemaining(at: at(t)) == .seconds(60))
        return screen
    }

    @Test("moved back while blocked: what was left of the block is kept, neither more nor less")
    func runningBlockKeepsWhatIsLeft() throws {
        var screen = try Self.blocked(at: 1000, store: InMemoryStore())
        _ = screen.handle(.tick, now: at(1020))                  // 40 s left
        _ = screen.handle(.tick, now: at(990))                   // the clock goes back 30 s
        #expect(screen.blockRemaining(at: at(990)) == .seconds(40))
        _ = screen.handle(.tick, now: at(1029))
        #expect(screen.state == .pinBlocked && screen.countdown == "00:01")
        _ = screen.handle(.tick, now: at(1030))
        #expect(screen.state == .pinInput)
    }

    @Test("moved back behind an ended block: the block stays ended, now and at the next launch")
    func endedBlockStaysEnded() throws {
        let store = InMemoryStore()
        var screen = try Self.blocked(at: 1000, store: store)
        _ = screen.handle(.tick, now: at(1060))
        #expect(screen.state == .pinInput && screen.pinBlockedUntil == nil)
        #expect(try store.value(forKey: Self.configuration.blockedUntilKey) == nil)
        _ = screen.handle(.tick, now: at(1000))
        #expect(!screen.isBlocked(at: at(1000)) && screen.state == .pinInput)
        let relaunched = MedTimeUnlock(configuration: Self.configuration, store: store, now: at(1000))
        #expect(!relaunched.isBlocked(at: at(1000)) && relaunched.pinFailures == 5)
    }

    @Test("moved back while the app was not running: the persisted block is cut to its full length at launch, not shorter")
    func launchCutsToFullLength() throws {
        let store = InMemoryStore()
        _ = try Self.blocked(at: 10_000, store: store)
        let back = MedTimeUnlock(configuration: Self.configuration, store: store, now: at(6_400))   // an hour back
        #expect(back.blockRemaining(at: at(6_400)) == .seconds(60))
        let half = MedTimeUnlock(configuration: Self.configuration, store: store, now: at(10_030))  // no move: 30 s left
        #expect(half.blockRemaining(at: at(10_030)) == .seconds(30))
        let withoutNow = MedTimeUnlock(configuration: Self.configuration, store: store)           // taken as persisted
        #expect(withoutNow.blockRemaining(at: at(6_400)) == .seconds(3_660))
    }

    @Test("moved back after an unlock: the dashboard still comes 0.5 s of elapsed time after it")
    func dashboardDelayKept() throws {
        var screen = MedTimeUnlock(configuration: Self.configuration, store: try MedTimeUnlockTests.enrolledStore())
        _ = screen.handle(.open(sessionValid: true), now: at(100))
        for digit in [1, 2, 3, 4] { _ = screen.handle(.digit(digit), now: at(100)) }
        #expect(screen.state == .success)
        _ = screen.handle(.tick, now: DeviceTime(Instant(milliseconds: 40_000)))     // 60 s back
        _ = screen.handle(.tick, now: DeviceTime(Instant(milliseconds: 40_499)))
        #expect(screen.state == .success)
        _ = screen.handle(.tick, now: DeviceTime(Instant(milliseconds: 40_500)))
        #expect(screen.state == .dashboard)
    }

    /// The device's clocks in seconds.
    static func device(wall: Int64, up: Int64, boot: UInt64 = 0) -> DeviceTime {
        DeviceTime(wall: Instant(milliseconds: wall * 1000), uptime: Instant(milliseconds: up * 1000), boot: boot)
    }

    /// A screen blocked for 60 s at wall and uptime `t` in boot 0, over `store`.
    static func blockedOnDevice(at t: Int64, store: any KeyValueStore) throws -> MedTimeUnlock {
        var screen = MedTimeUnlock(configuration: configuration, store: try MedTimeUnlockTests.enrolledStore(store))
        _ = screen.handle(.open(sessionValid: true), now: device(wall: t, up: t))
        for _ in 0..<5 { for digit in [9, 9, 9, 9] { _ = screen.handle(.digit(digit), now: device(wall: t, up: t)) } }
        #expect(screen.state == .pinBlocked)
        return screen
    }

    @Test("set forward while blocked, past the block's end: the block keeps what was left of it, on the screen and in blockRemaining")
    func forwardWhileRunning() throws {
        var screen = try Self.blockedOnDevice(at: 1000, store: InMemoryStore())
        _ = screen.handle(.tick, now: Self.device(wall: 1020, up: 1020))           // 40 s left
        // An hour forward, no time passing: before the screen looks, and after.
        #expect(screen.blockRemaining(at: Self.device(wall: 4620, up: 1020)) == .seconds(40))
        #expect(screen.isBlocked(at: Self.device(wall: 4620, up: 1020)))
        _ = screen.handle(.tick, now: Self.device(wall: 4620, up: 1020))
        #expect(screen.state == .pinBlocked && screen.countdown == "00:40")
        _ = screen.handle(.tick, now: Self.device(wall: 4659, up: 1059))
        #expect(screen.state == .pinBlocked && screen.countdown == "00:01")
        _ = screen.handle(.tick, now: Self.device(wall: 4660, up: 1060))
        #expect(screen.state == .pinInput)
    }

    @Test("set forward while the app was not running: a launch in the same boot keeps what is left on the uptime clock")
    func forwardWhileKilled() throws {
        let store = InMemoryStore()
        _ = try Self.blockedOnDevice(at: 1000, store: store)
        let ahead = MedTimeUnlock(configuration: Self.configuration, store: store, now: Self.device(wall: 9000, up: 1020))
        #expect(ahead.blockRemaining(at: Self.device(wall: 9000, up: 1020)) == .seconds(40))
        let back = MedTimeUnlock(configuration: Self.configuration, store: store, now: Self.device(wall: 100, up: 1050))
        #expect(back.blockRemaining(at: Self.device(wall: 100, up: 1050)) == .seconds(10))
        let over = MedTimeUnlock(configuration: Self.configuration, store: store, now: Self.device(wall: 0, up: 1060))
        #expect(!over.isBlocked(at: Self.device(wall: 0, up: 1060)))
    }

    @Test("across a reboot the block is measured on the wall clock, cut to its full length")
    func acrossReboot() throws {
        let store = InMemoryStore()
        _ = try Self.blockedOnDevice(at: 1000, store: store)
        let rebooted = MedTimeUnlock(configuration: Self.configuration, store: store, now: Self.device(wall: 1030, up: 5, boot: 1))
        #expect(rebooted.blockRemaining(at: Self.device(wall: 1030, up: 5, boot: 1)) == .seconds(30))
        let backAfterReboot = MedTimeUnlock(configuration: Self.configuration, store: store, now: Self.device(wall: 0, up: 5, boot: 1))
        #expect(backAfterReboot.blockRemaining(at: Self.device(wall: 0, up: 5, boot: 1)) == .seconds(60))
    }

    @Test("the block record: 32 bytes with the start's clocks, the 8-byte record of earlier releases still reads, any other length is corrupt")
    func blockRecordLayout() throws {
        let bytes = BlockRecord.encode(from: Self.device(wall: 10, up: 3, boot: 7), length: .seconds(60))
        #expect(bytes.count == 32)
        let record = try #require(try BlockRecord(bytes: bytes))
        #expect(record.until == Instant(milliseconds: 70_000) && record.start == Self.device(wall: 10, up: 3, boot: 7))
        // 30 s elapsed, the wall clock set a day forward: it still ends 30 s from now.
        #expect(record.end(at: Self.device(wall: 86_440, up: 33, boot: 7)) == Instant(milliseconds: 86_470_000))
        #expect(record.end(at: Self.device(wall: 40, up: 33, boot: 8)) == nil, "another boot")
        #expect(record.end(at: Self.device(wall: 40, up: 2, boot: 7)) == nil, "the uptime went back: a reboot not told apart")
        let old = try #require(try BlockRecord(bytes: ByteCoding.encodeInstant(Instant(milliseconds: 70_000))))
        #expect(old.until == Instant(milliseconds: 70_000) && old.start == nil && old.end(at: Self.device(wall: 0, up: 0)) == nil)
        #expect(throws: StoreError.corrupt) { try BlockRecord(bytes: [1, 2, 3]) }
        #expect(try BlockRecord(bytes: nil) == nil)
    }
}
