/// Proof that a password unsealed a slot: its index, the role found inside the seal and the profile key.
///
/// Its initializer is private: the only way to get one is `open(_:index:key:)` succeeding, i.e. a real AEAD
/// verification. `EraseAuthorization` is built only from one of these.
public struct UnsealedSlot: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The slot's position (0 or 1).
    public let index: Int
    /// The role sealed inside.
    public let role: ProfileRole
    /// The random profile key (zeroed on release).
    let profileKey: SecretBytes

    private init(index: Int, role: ProfileRole, profileKey: SecretBytes) {
        self.index = index
        self.role = role
        self.profileKey = profileKey
    }

    /// Opens `record` with the key derived for it; nil unless the tag verifies (constant time, in libsodium) and the
    /// payload is well formed.
    static func open(_ record: SlotRecord, index: Int, key: SecretBytes) -> UnsealedSlot? {
        guard let payload = AEAD.open(
            record.sealed, key: key, nonce: record.nonce, associatedData: record.associatedData(index: index))
        else { return nil }
        // Parsed in place: the profile key is copied straight into its own SecretBytes, and the payload is zeroed
        // when it goes out of scope here.
        return payload.withUnsafeBytes { bytes -> UnsealedSlot? in
            guard bytes.count == SlotRecord.payloadLength, let role = ProfileRole(rawValue: bytes[0]) else { return nil }
            return UnsealedSlot(index: index, role: role, profileKey: SecretBytes(Array(bytes[1...])))
        }
    }

    /// Seals a fresh `role` payload with `profileKey` under `key` (set-up only).
    static func seal(
        role: ProfileRole, profileKey: SecretBytes, key: SecretBytes, nonce: [UInt8], associatedData: [UInt8]
    ) throws(CredentialError) -> [UInt8] {
        let payload = SecretBytes.joined([SecretBytes([role.rawValue]), profileKey])
        return try AEAD.seal(payload, key: key, nonce: nonce, associatedData: associatedData)
    }

    /// Zeroes the profile key.
    func release() {
        profileKey.wipe()
    }

    /// Never names the key; the role is printed only because it is already the observable state.
    public var description: String { "UnsealedSlot(<redacted>)" }

    /// Same as `description`.
    public var debugDescription: String { description }
}
