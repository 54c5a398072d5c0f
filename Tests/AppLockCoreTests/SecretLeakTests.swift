import Testing
@testable import AppLockCore

@Suite("Secrets never leave")
struct SecretLeakTests {
    @Test("MedTime: the PIN is in no effect, description, store key or stored byte")
    func medTimePIN() throws {
        let pin = "8642"
        let store = InMemoryStore()
        let credential = try PINCredential.enroll(
            pin: SecretBytes(utf8: pin), length: .four, parameters: .testing, random: SeededRandom(seed: 21))
        try store.set(credential.record, forKey: "unlock.credential")
        var machine = MedTimeUnlock(
            configuration: .init(biometricEnabled: true, biometry: .face, pinLength: .four), store: store)
        var produced: [String] = []
        produced += machine.handle(.open(sessionValid: true), now: at(0)).map(\.description)
        produced += machine.handle(.usePIN, now: at(1)).map(\.description)
        for attempt in ["8641", "8643", pin] {
            for character in attempt {
                let event = MedTimeEvent.digit(character.wholeNumberValue ?? 0)
                produced.append(event.description)
                produced += machine.handle(event, now: at(2)).map(\.description)
                produced.append(machine.description)
                produced.append(String(reflecting: machine))
            }
        }
        #expect(machine.state == .success)
        produced.append(credential.description)
        for secret in [pin, "8641", "8643"] {
            #expect(!produced.contains { $0.contains(secret) })
            #expect(!contains(try store.persistedBytes(), secret))
            #expect(!(try store.keys()).contains { $0.contains(secret) })
        }
        #expect(!produced.contains { $0.contains("digit(") })
    }

    @Test("errors and secret holders describe themselves without their contents")
    func descriptions() {
        let secret = SecretBytes(utf8: "s3cr3t-passphrase")
        let texts = [
            secret.description, secret.debugDescription, String(describing: DualPasswordEvent.submit(secret)),
            String(describing: DualPasswordEvent.beginEnableErase(secret)),
            String(describing: DualPasswordEvent.disableErase(secret)),
            StoreError.corrupt.description, StoreError.io("write").description,
        ]
        #expect(!texts.contains { $0.contains("s3cr3t") })
        #expect(texts[2] == "submit(<redacted>)")
    }
}
