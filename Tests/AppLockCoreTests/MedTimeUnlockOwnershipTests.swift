import Testing
@testable import AppLockCore

/// What the MedTime core decides itself rather than leaving to its host: the dashboard after an unlock, what each
/// failure led to (§6.1), and how long a block still runs.
@Suite("MedTime unlock: dashboard, failure outcomes, block remaining")
struct MedTimeUnlockOwnershipTests {
    let config = MedTimeUnlock.Configuration(biometricEnabled: true, biometry: .face, pinLength: .four)

    @Test("0.5 s after an unlock the core is on the Dashboard at the next tick, not before (§2.5, §5.2)")
    func dashboard() throws {
        var machine = MedTimeUnlock(configuration: config, store: try MedTimeUnlockTests.enrolledStore())
        _ = machine.handle(.open(sessionValid: true), now: at(0))
        _ = machine.handle(.biometricResult(.success), now: at(1))
        #expect(machine.state == .success && machine.dashboardDueAt == at(1, ms: 500))
        #expect(machine.handle(.tick, now: at(1, ms: 499)).isEmpty)
        #expect(machine.state == .success)
        #expect(machine.handle(.tick, now: at(1, ms: 500)).isEmpty)
        #expect(machine.state == .dashboard && machine.dashboardDueAt == nil)
        #expect(machine.lastPath == [.dashboard])
    }

    @Test("biometric failures: retry with attempts left, then the fallback to the PIN with its announcement (§6.1.1)")
    func biometricFailures() throws {
        var machine = MedTimeUnlock(configuration: config, store: try MedTimeUnlockTests.enrolledStore())
        _ = machine.handle(.open(sessionValid: true), now: at(0))
        #expect(machine.lastFailure == nil)
        _ = machine.handle(.biometricResult(.failure), now: at(1))
        #expect(machine.lastFailure == MedTimeFailure(action: .retryBiometric, attemptsRemaining: 2, block: .zero,
                                                      announcement: "No reconocido. 2 intentos restantes"))
        _ = machine.handle(.biometricResult(.failure), now: at(2))
        _ = machine.handle(.biometricResult(.failure), now: at(3))
        #expect(machine.lastFailure == MedTimeFailure(action: .fallbackToPIN, attemptsRemaining: 0, block: .zero,
                                                      announcement: "Usa tu PIN para desbloquear"))
    }

    @Test("PIN failures: attempts left, then the 5th blocks 60 s; the block runs down and the unlock clears the outcome (§6.1.2)")
    func pinFailures() throws {
        var machine = MedTimeUnlock(configuration: .init(biometricEnabled: false, biometry: .face, pinLength: .four),
                                    store: try MedTimeUnlockTests.enrolledStore())
        _ = machine.handle(.open(sessionValid: true), now: at(0))
        for d in [9, 9, 9, 9] { _ = machine.handle(.digit(d), now: at(10)) }
        #expect(machine.lastFailure == MedTimeFailure(action: .showRemaining, attemptsRemaining: 4, block: .zero,
                                                      announcement: "PIN incorrecto. 4 intentos restantes"))
        for _ in 0..<4 { for d in [9, 9, 9, 9] { _ = machine.handle(.digit(d), now: at(20)) } }
        #expect(machine.lastFailure == MedTimeFailure(action: .block, attemptsRemaining: 0, block: .seconds(60),
                                                      announcement: "PIN bloqueado. Espera 01:00"))
        #expect(machine.blockRemaining(at: at(20)) == .seconds(60))
        #expect(machine.blockRemaining(at: at(70)) == .seconds(10))
        #expect(machine.blockRemaining(at: at(80)) == .zero)
        _ = machine.handle(.tick, now: at(80))
        for d in [1, 2, 3, 4] { _ = machine.handle(.digit(d), now: at(81)) }
        #expect(machine.state == .success && machine.lastFailure == nil)
    }
}

@Suite("MedTime unlock: the digit announcement")
struct MedTimeDigitAnnouncementTests {
    @Test("each digit announces 'Digito n de N' for the configured length, the same effect digitAnnouncement gives (§7.3)")
    func digitAnnouncement() throws {
        var machine = MedTimeUnlock(configuration: .init(biometricEnabled: false, biometry: .face, pinLength: .four),
                                    store: try MedTimeUnlockTests.enrolledStore())
        _ = machine.handle(.open(sessionValid: true), now: at(0))
        #expect(machine.digitAnnouncement(entered: 2) == .announce("Digito 2 de 4"))
        #expect(machine.handle(.digit(1), now: at(1)) == [machine.digitAnnouncement(entered: 1)])
        let last = machine.handle(.digit(2), now: at(1)) + machine.handle(.digit(3), now: at(1)) + machine.handle(.digit(4), now: at(1))
        #expect(last.first { if case .announce = $0 { true } else { false } } == .announce("Digito 2 de 4"))
        #expect(last.contains(.announce("Digito 4 de 4")) && machine.state == .success)
    }
}
