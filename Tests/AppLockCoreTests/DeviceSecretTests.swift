import Foundation
import Testing
@testable import AppLockCore

/// The optional device-bound secret: mixed into every Argon2id derivation and, derived from it, the store checksum key.
@Suite("Device secret (issue 10 case 8)")
struct DeviceSecretTests {
    static let secret = DeviceSecret(SecretBytes(Array(repeating: 0x5A, count: 32)))!
    static let otherSecret = DeviceSecret(SecretBytes(Array(repeating: 0xA5, count: 32)))!

    @Test("only 16 to 64 bytes make a device secret, and it never shows its bytes")
    func bounds() {
        #expect(DeviceSecret(SecretBytes(Array(repeating: 1, count: 15))) == nil)
        #expect(DeviceSecret(SecretBytes(Array(repeating: 1, count: 65))) == nil)
        #expect(DeviceSecret(SecretBytes(Array(repeating: 1, count: 16))) != nil)
        #expect("\(Self.secret)" == "<device secret>" && String(reflecting: Self.secret) == "DeviceSecret(<redacted>)")
    }

    @Test("Argon2id with a device secret differs from without it and from another secret")
    func derivationsDiffer() throws {
        let password = SecretBytes(utf8: "1234"), salt = [UInt8](repeating: 7, count: 16)
        let plain = try Argon2id.derive(password: password, salt: salt, parameters: .testing)
        let keyed = try Argon2id.derive(password: password, salt: salt, parameters: .testing, secret: Self.secret)
        let other = try Argon2id.derive(password: password, salt: salt, parameters: .testing, secret: Self.otherSecret)
        let again = try Argon2id.derive(password: password, salt: salt, parameters: .testing, secret: Self.secret)
        #expect(plain != keyed && keyed != other && keyed == again)
    }

    @Test("a PIN enrolled with the device secret verifies only with it, through MedTime's configuration")
    func pinNeedsSecret() throws {
        let credential = try PINCredential.enroll(
            pin: SecretBytes(utf8: "1234"), length: .four, parameters: .testing, random: SeededRandom(seed: 1),
            secret: Self.secret)
        #expect(credential.verify(SecretBytes(utf8: "1234"), secret: Self.secret))
        #expect(!credential.verify(SecretBytes(utf8: "1234")))
        #expect(!credential.verify(SecretBytes(utf8: "1234"), secret: Self.otherSecret))
        for (secret, opens) in [(Self.secret, true), (nil, false)] as [(DeviceSecret?, Bool)] {
            let store = InMemoryStore(values: ["unlock.credential": credential.record])
            var configuration = MedTimeUnlock.Configuration(biometricEnabled: false, biometry: .none, pinLength: .four)
            configuration.deviceSecret = secret
            var machine = MedTimeUnlock(configuration: configuration, store: store)
            _ = machine.handle(.open(sessionValid: true), now: at(0))
            for digit in [1, 2, 3, 4] { _ = machine.handle(.digit(digit), now: at(0)) }
            #expect((machine.state == .success) == opens)
        }
    }

    @Test("both slots set up with the device secret open only with it")
    func slotsNeedSecret() throws {
        let store = InMemoryStore()
        var configuration = DualPassword.Configuration(parallelDerivation: false)
        configuration.deviceSecret = Self.secret
        try DualPassword.install(
            main: SecretBytes(utf8: DualPasswordTests.main), decoy: SecretBytes(utf8: DualPasswordTests.decoy),
            store: store, random: SeededRandom(seed: 2), parameters: .testing, configuration: configuration)
        var keyed = DualPassword(configuration: configuration, store: store, random: SeededRandom(seed: 3))
        let kdf = CountingKeyDerivation()
        var plain = DualPassword(configuration: kdf.configuration(parallel: false), store: store, random: SeededRandom(seed: 3))
        #expect(keyed.handle(.submit(SecretBytes(utf8: DualPasswordTests.decoy)), now: at(0)) == [.clearInput, .openProfile(.decoy)])
        #expect(plain.handle(.submit(SecretBytes(utf8: DualPasswordTests.decoy)), now: at(0)) == DualPasswordTests.refused)
        #expect(kdf.count == 2)
        #expect(keyed.realSlotOpens(with: SecretBytes(utf8: DualPasswordTests.main)))
        #expect(!plain.realSlotOpens(with: SecretBytes(utf8: DualPasswordTests.main)))
        #expect("\(configuration)" == "parallel=false deviceSecret")
    }

    @Test("a store checksummed with the key does not read without it or with another, and an edited counter is detected")
    func keyedStore() throws {
        let dir = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/store"
        let keyed = FileStore(path: path, deviceSecret: Self.secret)
        try keyed.set([0, 0, 0, 4], forKey: "unlock.failures")
        #expect(try keyed.value(forKey: "unlock.failures") == [0, 0, 0, 4])
        #expect(throws: StoreError.corrupt) { try FileStore(path: path).value(forKey: "unlock.failures") }
        #expect(throws: StoreError.corrupt) {
            try FileStore(path: path, deviceSecret: Self.otherSecret).value(forKey: "unlock.failures")
        }
        // Roll the counter back to 0 and recompute every checksum an attacker without the key can: unkeyed, as
        // format 1, and as format 2.
        let original = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        var body = Array(original.dropLast(StoreCodec.checksumLength))
        let counter = body.count - 1
        #expect(body[counter] == 4)
        body[counter] = 0
        for version in [StoreCodec.version, StoreCodec.keyedVersion] {
            body[4] = version
            try Data(body + StoreCodec.checksum(body)).write(to: URL(fileURLWithPath: path))
            #expect(throws: StoreError.corrupt) { try keyed.value(forKey: "unlock.failures") }
            let screen = MedTimeUnlock(
                configuration: .init(biometricEnabled: false, biometry: .none, pinLength: .four),
                store: FileStore(path: path, deviceSecret: Self.secret))
            #expect(screen.storeIsCorrupt)
        }
    }

    @Test("without the device secret the file format is unchanged: format 1, unkeyed BLAKE2b, and such a store reads")
    func unkeyedUnchanged() throws {
        let store = InMemoryStore(values: ["k": [1, 2]])
        let bytes = try store.persistedBytes()
        #expect(bytes[4] == 1)
        let body = Array(bytes.dropLast(32))
        #expect(Array(bytes.suffix(32)) == StoreCodec.checksum(body))
        #expect(try StoreCodec.decode(bytes) == ["k": [1, 2]])
        let keyedBytes = try StoreCodec.encode(["k": [1, 2]], key: Self.secret.storeChecksumKey())
        #expect(keyedBytes[4] == 2 && keyedBytes != bytes)
        #expect(throws: StoreError.corrupt) { try StoreCodec.decode(keyedBytes) }
    }
}
