/// The neutral erase ("maintenance") coordinator of §4. Its only entry point takes an `EraseAuthorization`.
///
/// Erasing overwrites the other slot with a fresh record of the same shape whose seal opens under no password, and
/// turns quick unlock off; both in one atomic store update. The erased store is indistinguishable, in key names,
/// value lengths and plaintext fields, from a store whose decoy was never used:
/// - the filler keeps the erased record's own KDF parameters and created version (only salt, nonce and seal, which
///   are random in every record, change);
/// - quick unlock is written as off (`[0]`, as set-up writes it), never removed, so no key disappears and the file
///   keeps its size;
/// - the store replaces its file atomically and removes leftovers of killed writes (`FileStore`), so no copy of the
///   erased record stays openable where the store writes.
struct SecureEraseCoordinator {
    let store: any KeyValueStore
    let random: any RandomSource
    let keys: DualPassword.StoreKeys

    /// Performs the erase the authorization allows.
    func erase(_ authorization: EraseAuthorization) throws {
        let key = keys.slot(authorization.targetIndex)
        guard let bytes = try store.value(forKey: key) else { throw CredentialError.malformedRecord }
        let erased = try SlotRecord(bytes: bytes)
        let filler = try SlotRecord(
            parameters: erased.parameters, createdVersion: erased.createdVersion,
            salt: random.bytes(Argon2id.saltLength), nonce: random.bytes(AEAD.nonceLength),
            sealed: random.bytes(SlotRecord.sealedLength))
        try store.update([
            StoreChange(key: key, value: filler.bytes),
            StoreChange(key: keys.quickUnlock, value: [0]),
        ])
    }
}
