import Testing
@testable import AppLockCore

/// D-MT-CLOCK-BACK, on the core alone: a block runs for its length of elapsed time, whatever the device clock does.
@Suite("MedTime: a device clock moved back (D-MT-CLOCK-BACK)")
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
        _ = screen.handle(.tick, now: Instant(milliseconds: 40_000))     // 60 s back
        _ = screen.handle(.tick, now: Instant(milliseconds: 40_499))
        #expect(screen.state == .success)
        _ = screen.handle(.tick, now: Instant(milliseconds: 40_500))
        #expect(screen.state == .dashboard)
    }
}
