import Testing
@testable import AppLockCore

/// The attempt limits and lockout tiers are configuration (with the documents' values as defaults), so a product can
/// set them and a spec can check that the core follows.
@Suite("Attempt limits and lockout tiers as configuration")
struct AttemptConfigurationTests {
    @Test("the document's tiers: failures 1-4 show attempts left, then 60 s, 300 s, 900 s, 3600 s and 3600 s after")
    func documentTiers() {
        let tiers = PINLockoutTiers.document
        #expect((1...9).map { tiers.blockDuration(afterFailure: $0) } ==
                [nil, nil, nil, nil, .seconds(60), .seconds(300), .seconds(900), .seconds(3600), .seconds(3600)])
        #expect((1...6).map { tiers.attemptsRemaining(afterFailures: $0) } == [4, 3, 2, 1, 0, 0])
        #expect(PINLockoutPolicy.longestBlock == .seconds(3600))
    }

    @Test("configured tiers: a third failure blocks 10 s, the next ones 20 s")
    func configuredTiers() throws {
        var configuration = MedTimeUnlock.Configuration(biometricEnabled: false, biometry: .face, pinLength: .four)
        configuration.lockout = PINLockoutTiers(attempts: 3, blocks: [.seconds(10), .seconds(20)])
        var machine = MedTimeUnlock(configuration: configuration, store: try MedTimeUnlockTests.enrolledStore())
        _ = machine.handle(.open(sessionValid: true), now: at(0))
        for digit in [9, 9, 9, 9, 9, 9, 9, 9] { _ = machine.handle(.digit(digit), now: at(0)) }
        #expect(machine.state == .pinInput)
        #expect(machine.pinAttemptsRemaining == 1)
        let third = [9, 9, 9, 9].flatMap { machine.handle(.digit($0), now: at(0)) }
        #expect(machine.state == .pinBlocked)
        #expect(third.contains(.announce("PIN bloqueado. Espera 00:10")))
    }

    @Test("configured biometric attempts: two failures fall back to the PIN")
    func configuredBiometricAttempts() throws {
        var configuration = MedTimeUnlock.Configuration(biometricEnabled: true, biometry: .face, pinLength: .four)
        configuration.biometricAttempts = 2
        var machine = MedTimeUnlock(configuration: configuration, store: try MedTimeUnlockTests.enrolledStore())
        _ = machine.handle(.open(sessionValid: true), now: at(0))
        #expect(machine.handle(.biometricResult(.failure), now: at(1)).contains(.announce("No reconocido. 1 intentos restantes")))
        _ = machine.handle(.biometricResult(.failure), now: at(2))
        #expect(machine.state == .pinInput)
    }

    @Test("the failure delay's cap is configuration: 300 s by default, any other when set")
    func delayCap() {
        #expect(FailureDelay.delay(afterFailures: 20) == .seconds(300))
        #expect(FailureDelay.delay(afterFailures: 20, cap: .seconds(30)) == .seconds(30))
        #expect(FailureDelay.delay(afterFailures: 5, cap: .seconds(30)) == .seconds(4))
        #expect(FailureDelay.delay(afterFailures: 60, cap: .seconds(100_000)) == .seconds(100_000))
        #expect(DualPassword.Configuration().failureDelayCap == .seconds(300))
    }
}
