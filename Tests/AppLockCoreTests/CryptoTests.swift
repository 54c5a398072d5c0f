import Testing
@testable import AppLockCore

@Suite("Argon2id, AEAD, randomness, constant-time compare")
struct CryptoTests {
    @Test("Argon2id is deterministic and depends on the password and the associated data")
    func deterministic() throws {
        let salt = [UInt8](repeating: 2, count: 16)
        let a = try Argon2id.derive(password: SecretBytes(utf8: "password"), salt: salt, parameters: .testing)
        let b = try Argon2id.derive(password: SecretBytes(utf8: "password"), salt: salt, parameters: .testing)
        let c = try Argon2id.derive(password: SecretBytes(utf8: "passwore"), salt: salt, parameters: .testing)
        let d = try Argon2id.derive(
            password: SecretBytes(utf8: "password"), salt: salt, parameters: .testing, associatedData: [1])
        #expect(a == b)
        #expect(a != c)
        #expect(a != d)
        #expect(a.count == 32)
    }

    @Test("out-of-range KDF parameters are refused before any work", arguments: [
        Argon2idParameters(memoryKiB: 8, iterations: 1, parallelism: 1),
        Argon2idParameters(memoryKiB: 2_000_000, iterations: 1, parallelism: 1),
        Argon2idParameters(memoryKiB: 64, iterations: 0, parallelism: 1),
        Argon2idParameters(memoryKiB: 64, iterations: 11, parallelism: 1),
        Argon2idParameters(memoryKiB: 64, iterations: 1, parallelism: 0),
        Argon2idParameters(memoryKiB: 64, iterations: 1, parallelism: 5),
        // A tampered record asking for what a phone cannot afford (issue 10: m = 1 GiB, t = 10 took 16.8 s, 2.1 GB).
        Argon2idParameters(memoryKiB: 1_048_576, iterations: 10, parallelism: 4),
        Argon2idParameters(memoryKiB: 65_537, iterations: 1, parallelism: 1),
        Argon2idParameters(memoryKiB: 64, iterations: 5, parallelism: 1),
    ])
    func boundsRefused(parameters: Argon2idParameters) {
        #expect(!parameters.isWithinBounds)
        #expect(throws: CredentialError.parametersOutOfBounds) {
            try Argon2id.derive(password: SecretBytes(utf8: "x"), salt: Array(repeating: 0, count: 16), parameters: parameters)
        }
    }

    @Test("the production default is no weaker than OWASP (19 MiB, t=2, p=1)")
    func productionDefault() {
        let p = Argon2idParameters.productionDefault
        #expect(p.memoryKiB >= 19_456 && p.iterations >= 2 && p.parallelism == 1 && p.isWithinBounds)
    }

    @Test("a salt that is not 16 bytes is refused")
    func saltLength() {
        #expect(throws: CredentialError.invalidSalt) {
            try Argon2id.derive(password: SecretBytes(utf8: "x"), salt: [1, 2], parameters: .testing)
        }
    }

    @Test("AEAD opens with the right key and data only")
    func aead() throws {
        let random = SeededRandom(seed: 1)
        let key = SecretBytes(random.bytes(32))
        let other = SecretBytes(random.bytes(32))
        let nonce = random.bytes(24)
        let sealed = try AEAD.seal(SecretBytes([1, 2, 3]), key: key, nonce: nonce, associatedData: [9])
        #expect(sealed.count == 3 + 16)
        #expect(AEAD.open(sealed, key: key, nonce: nonce, associatedData: [9])?.copyBytes() == [1, 2, 3])
        #expect(AEAD.open(sealed, key: other, nonce: nonce, associatedData: [9]) == nil)
        #expect(AEAD.open(sealed, key: key, nonce: nonce, associatedData: [8]) == nil)
        var tampered = sealed
        tampered[0] ^= 1
        #expect(AEAD.open(tampered, key: key, nonce: nonce, associatedData: [9]) == nil)
    }

    @Test("the seeded source is deterministic and the system one is not constant")
    func randomness() {
        #expect(SeededRandom(seed: 5).bytes(40) == SeededRandom(seed: 5).bytes(40))
        #expect(SeededRandom(seed: 5).bytes(40) != SeededRandom(seed: 6).bytes(40))
        let system = SystemRandom()
        #expect(system.bytes(32) != system.bytes(32))
    }

    @Test("constant-time equality and secret redaction")
    func constantTimeAndRedaction() {
        #expect(ConstantTime.equals([1, 2, 3], [1, 2, 3]))
        #expect(!ConstantTime.equals([1, 2, 3], [1, 2, 4]))
        #expect(!ConstantTime.equals([1, 2], [1, 2, 3]))
        let secret = SecretBytes(utf8: "hunter2hunter2")
        #expect(!"\(secret)".contains("hunter2"))
        #expect(!String(reflecting: secret).contains("hunter2"))
        secret.wipe()
        #expect(secret.copyBytes().allSatisfy { $0 == 0 })
    }

    @Test("the countdown and time spans round up to whole seconds")
    func spans() {
        #expect(TimeSpan.milliseconds(59_001).wholeSecondsRoundedUp == 60)
        #expect(TimeSpan.milliseconds(60_000).wholeSecondsRoundedUp == 60)
        #expect(TimeSpan.milliseconds(-5).wholeSecondsRoundedUp == 0)
        #expect(Instant(milliseconds: .max) + .seconds(1) == Instant(milliseconds: .max))
    }
}
