/// The neutral erase ("maintenance") coordinator of §4. Its only entry point takes an `EraseAuthorization`.
///
/// Erasing overwrites the other slot with a fresh record of the same shape whose seal opens under no password (so the
/// store still holds two identical-looking slots), and turns quick unlock off; both in one atomic store update.
struct SecureEraseCoordinator {
    let store: any KeyValueStore
    let random: any RandomSource
    let keys: DualPassword.StoreKeys

    /// Performs the erase the authorization allows.
    func erase(_ authorization: EraseAuthorization, parameters: Argon2idParameters, createdVersion: UInt32) throws {
        let filler = try SlotRecord(
            parameters: parameters, createdVersion: createdVersion,
            salt: random.bytes(Argon2id.saltLength), nonce: random.bytes(AEAD.nonceLength),
            sealed: random.bytes(SlotRecord.sealedLength))
        try store.update([
            StoreChange(key: keys.slot(authorization.targetIndex), value: filler.bytes),
            StoreChange(key: keys.quickUnlock, value: nil),
        ])
    }
}
