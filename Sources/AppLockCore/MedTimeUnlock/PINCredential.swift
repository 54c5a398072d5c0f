/// The stored PIN (§8.1): an Argon2id hash with its own random 16-byte salt, compared in constant time.
///
/// Record layout (62 bytes): format 1, algorithm 2 (Argon2id), m, t, p (UInt32 big-endian), salt (16), hash (32).
public struct PINCredential: Hashable, Sendable, CustomStringConvertible {
    /// The record format version.
    public static let formatVersion: UInt8 = 1
    /// The algorithm id of Argon2id.
    public static let argon2idAlgorithm: UInt8 = 2
    /// The record length.
    public static let recordLength = 2 + 12 + Argon2id.saltLength + Argon2id.outputLength
    /// Argon2 domain separation for the MedTime PIN.
    static let domain = Array("lockspec.medtime.v1.pin".utf8)

    /// The cost parameters used.
    public let parameters: Argon2idParameters
    /// The random salt.
    public let salt: [UInt8]
    private let hash: [UInt8]

    /// Hashes `pin` (exactly `length` ASCII digits) with a fresh salt from `random`, and `secret` mixed in when the
    /// shell gives one (then `verify` needs the same secret).
    public static func enroll(
        pin: SecretBytes, length: PINLength, parameters: Argon2idParameters, random: any RandomSource,
        secret: DeviceSecret? = nil
    ) throws(CredentialError) -> PINCredential {
        let valid = pin.withUnsafeBytes { bytes in
            bytes.count == length.rawValue && bytes.allSatisfy { (0x30...0x39).contains($0) }
        }
        guard valid else { throw .malformedRecord }
        let salt = random.bytes(Argon2id.saltLength)
        let hash = try Argon2id.derive(
            password: pin, salt: salt, parameters: parameters, associatedData: domain, secret: secret)
        return PINCredential(parameters: parameters, salt: salt, hash: hash.copyBytes())
    }

    /// Reads a record back, refusing a malformed one or out-of-bounds parameters before any work.
    public init(record: [UInt8]) throws(CredentialError) {
        guard record.count == Self.recordLength, record[0] == Self.formatVersion,
              record[1] == Self.argon2idAlgorithm else { throw .malformedRecord }
        func word(_ offset: Int) -> UInt32 { record[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) } }
        parameters = try Argon2idParameters(memoryKiB: word(2), iterations: word(6), parallelism: word(10)).validated()
        salt = Array(record[14..<30])
        hash = Array(record[30..<62])
    }

    private init(parameters: Argon2idParameters, salt: [UInt8], hash: [UInt8]) {
        self.parameters = parameters
        self.salt = salt
        self.hash = hash
    }

    /// The persisted bytes.
    public var record: [UInt8] {
        var out: [UInt8] = [Self.formatVersion, Self.argon2idAlgorithm]
        for value in [parameters.memoryKiB, parameters.iterations, parameters.parallelism] {
            out += [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        }
        return out + salt + hash
    }

    /// True when `pin` matches (Argon2id, with the device secret the credential was enrolled with, then a
    /// constant-time compare).
    public func verify(_ pin: SecretBytes, secret: DeviceSecret? = nil) -> Bool {
        guard let candidate = try? Argon2id.derive(
            password: pin, salt: salt, parameters: parameters, associatedData: Self.domain, secret: secret)
        else { return false }
        return candidate.withUnsafeBytes { a in hash.withUnsafeBytes { b in ConstantTime.equals(a, b) } }
    }

    /// Only the parameters; never the hash or salt.
    public var description: String { "PINCredential(\(parameters))" }
}
