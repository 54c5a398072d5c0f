/// One persisted credential slot (dual-password-decoy-space.zh.md §5, option A).
///
/// Both slots have exactly this shape and length (107 bytes) and live under neutral keys (`slot.0`, `slot.1`); which
/// one is main is decided at random at set-up and is written only inside the sealed payload, so nothing before a
/// successful unseal tells Real from Decoy.
///
/// Layout: format 1, algorithm 2 (Argon2id), m, t, p (UInt32 BE), created version (UInt32 BE), salt (16),
/// nonce (24), sealed payload (1 role byte + 32-byte random profile key + 16-byte tag = 49).
public struct SlotRecord: Hashable, Sendable, CustomStringConvertible {
    /// The record format version.
    public static let formatVersion: UInt8 = 1
    /// The algorithm id of Argon2id.
    public static let argon2idAlgorithm: UInt8 = 2
    /// Plaintext inside the seal: role byte + profile key.
    static let payloadLength = 1 + AEAD.keyLength
    /// The exact sealed length accepted.
    public static let sealedLength = payloadLength + AEAD.tagLength
    /// The exact record length accepted.
    public static let recordLength = 2 + 12 + 4 + Argon2id.saltLength + AEAD.nonceLength + sealedLength

    /// The KDF cost parameters (bounded on read).
    public let parameters: Argon2idParameters
    /// The app version that created the slot.
    public let createdVersion: UInt32
    /// The slot's own random salt.
    public let salt: [UInt8]
    /// The AEAD nonce.
    public let nonce: [UInt8]
    /// The sealed role and profile key.
    public let sealed: [UInt8]

    /// Assembles a record from its parts (lengths checked).
    init(
        parameters: Argon2idParameters, createdVersion: UInt32, salt: [UInt8], nonce: [UInt8], sealed: [UInt8]
    ) throws(CredentialError) {
        guard salt.count == Argon2id.saltLength else { throw .invalidSalt }
        guard nonce.count == AEAD.nonceLength, sealed.count == Self.sealedLength else { throw .malformedRecord }
        self.parameters = try parameters.validated()
        self.createdVersion = createdVersion
        self.salt = salt
        self.nonce = nonce
        self.sealed = sealed
    }

    /// Reads a persisted record, refusing a wrong length, version, algorithm or out-of-bounds parameters before any
    /// work is done.
    public init(bytes: [UInt8]) throws(CredentialError) {
        guard bytes.count == Self.recordLength, bytes[0] == Self.formatVersion,
              bytes[1] == Self.argon2idAlgorithm else { throw .malformedRecord }
        func word(_ offset: Int) -> UInt32 { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) } }
        let parameters = Argon2idParameters(memoryKiB: word(2), iterations: word(6), parallelism: word(10))
        let saltStart = 18
        let nonceStart = saltStart + Argon2id.saltLength
        let sealedStart = nonceStart + AEAD.nonceLength
        try self.init(
            parameters: parameters, createdVersion: word(14),
            salt: Array(bytes[saltStart..<nonceStart]), nonce: Array(bytes[nonceStart..<sealedStart]),
            sealed: Array(bytes[sealedStart...]))
    }

    /// The persisted bytes.
    public var bytes: [UInt8] { header + nonce + sealed }

    /// Format, algorithm, parameters, created version and salt: authenticated as AEAD associated data, so a tampered
    /// header fails to unseal.
    var header: [UInt8] {
        var out: [UInt8] = [Self.formatVersion, Self.argon2idAlgorithm]
        for value in [parameters.memoryKiB, parameters.iterations, parameters.parallelism, createdVersion] {
            out += [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        }
        return out + salt
    }

    /// Argon2 associated data: app, purpose-neutral slot index and format version (domain separation, §5).
    static func kdfDomain(index: Int) -> [UInt8] {
        Array("lockspec.applock.v\(formatVersion).slot.\(index)".utf8)
    }

    /// AEAD associated data: the header plus the slot index, binding the seal to its record and position.
    func associatedData(index: Int) -> [UInt8] {
        header + Self.kdfDomain(index: index)
    }

    /// Derives this slot's key-encryption key from `password` and the device secret, if any (the full Argon2id cost,
    /// every time).
    func deriveKey(
        password: SecretBytes, index: Int, secret: DeviceSecret? = nil, kdf: any KeyDerivationFunction = Argon2idKDF()
    ) throws(CredentialError) -> SecretBytes {
        try kdf.derive(
            password: password, salt: salt, parameters: parameters, associatedData: Self.kdfDomain(index: index),
            secret: secret)
    }

    /// Only the parameters and version; never salt, nonce or sealed bytes.
    public var description: String { "SlotRecord(\(parameters), created=\(createdVersion))" }
}
