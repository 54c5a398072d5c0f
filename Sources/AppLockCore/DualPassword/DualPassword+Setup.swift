extension DualPassword {
    /// Creates both slots (§5 option A): checks the password policy, draws a random slot order, and for each
    /// password a fresh 16-byte salt, a fresh random profile key and a random nonce; seals `role + key` under the
    /// Argon2id output (with `configuration.deviceSecret` mixed in, when given). Writes both slots, zero attempts and the options in one atomic update. Erase starts off (§2).
    ///
    /// Throws `PasswordPolicyError`, `CredentialError` or `StoreError`; none names a secret.
    public static func install(
        main: SecretBytes, decoy: SecretBytes, store: any KeyValueStore, random: any RandomSource,
        parameters: Argon2idParameters = .productionDefault, configuration: Configuration = Configuration(),
        quickUnlock: Bool = false
    ) throws {
        try PasswordPolicy.check(main: main, decoy: decoy)
        let mainIndex = Int(random.bytes(1)[0] & 1)
        var records: [Int: SlotRecord] = [:]
        for (role, password) in [(ProfileRole.real, main), (.decoy, decoy)] {
            let index = role == .real ? mainIndex : 1 - mainIndex
            let salt = random.bytes(Argon2id.saltLength)
            let nonce = random.bytes(AEAD.nonceLength)
            // The fresh profile key and the derived key are zeroed when each turn of the loop lets them go.
            let profileKey = SecretBytes(random.bytes(AEAD.keyLength))
            // The header is authenticated, so build it first with a placeholder seal of the right length.
            let draft = try SlotRecord(
                parameters: parameters, createdVersion: configuration.appVersion, salt: salt, nonce: nonce,
                sealed: [UInt8](repeating: 0, count: SlotRecord.sealedLength))
            let key = try draft.deriveKey(
                password: password, index: index, secret: configuration.deviceSecret, kdf: configuration.keyDerivation)
            let sealed = try UnsealedSlot.seal(
                role: role, profileKey: profileKey, key: key, nonce: nonce,
                associatedData: draft.associatedData(index: index))
            records[index] = try SlotRecord(
                parameters: parameters, createdVersion: configuration.appVersion, salt: salt, nonce: nonce,
                sealed: sealed)
        }
        let keys = configuration.keys
        try store.update([
            StoreChange(key: keys.slot(0), value: records[0]?.bytes),
            StoreChange(key: keys.slot(1), value: records[1]?.bytes),
            StoreChange(key: keys.attempts, value: nil),
            StoreChange(key: keys.eraseOption, value: [0]),
            StoreChange(key: keys.quickUnlock, value: [quickUnlock ? 1 : 0]),
        ])
    }
}
