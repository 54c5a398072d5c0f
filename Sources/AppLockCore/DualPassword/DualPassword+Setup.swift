extension DualPassword {
    /// Creates both slots (§5 option A): checks the password policy, draws a random slot order, and for each
    /// password a fresh 16-byte salt, a fresh random profile key and a random nonce; seals `role + key` under the
    /// Argon2id output (with `configuration.deviceSecret` mixed in, when given). Writes both slots, zero attempts and the options in one atomic update. Erase starts off (§2).
    ///
    /// Returns the two profile keys, for the app to create each profile's container with; the core keeps neither.
    /// Throws `PasswordPolicyError`, `CredentialError` or `StoreError`; none names a secret.
    @discardableResult
    public static func install(
        main: SecretBytes, decoy: SecretBytes, store: any KeyValueStore, random: any RandomSource,
        parameters: Argon2idParameters = .productionDefault, configuration: Configuration = Configuration(),
        quickUnlock: Bool = false
    ) throws -> InstalledProfileKeys {
        try PasswordPolicy.check(main: main, decoy: decoy)
        let mainIndex = Int(random.bytes(1)[0] & 1)
        let real = try sealSlot(role: .real, password: main, index: mainIndex, random: random, parameters: parameters, configuration: configuration)
        let fake = try sealSlot(role: .decoy, password: decoy, index: 1 - mainIndex, random: random, parameters: parameters, configuration: configuration)
        let records = [mainIndex: real.record, 1 - mainIndex: fake.record]
        let keys = configuration.keys
        try store.update([
            StoreChange(key: keys.slot(0), value: records[0]?.bytes),
            StoreChange(key: keys.slot(1), value: records[1]?.bytes),
            StoreChange(key: keys.attempts, value: nil),
            StoreChange(key: keys.eraseOption, value: [0]),
            StoreChange(key: keys.quickUnlock, value: [quickUnlock ? 1 : 0]),
        ])
        return InstalledProfileKeys(real: real.profileKey, decoy: fake.profileKey)
    }

    /// One slot of set-up: a fresh salt, nonce and random profile key (drawn in that order), and `role + key` sealed
    /// under the password's Argon2id output. The derived key is zeroed when this returns.
    private static func sealSlot(
        role: ProfileRole, password: SecretBytes, index: Int, random: any RandomSource,
        parameters: Argon2idParameters, configuration: Configuration
    ) throws -> (record: SlotRecord, profileKey: SecretBytes) {
        let salt = random.bytes(Argon2id.saltLength)
        let nonce = random.bytes(AEAD.nonceLength)
        let profileKey = SecretBytes(random.bytes(AEAD.keyLength))
        // The header is authenticated, so build it first with a placeholder seal of the right length.
        let draft = try SlotRecord(
            parameters: parameters, createdVersion: configuration.appVersion, salt: salt, nonce: nonce,
            sealed: [UInt8](repeating: 0, count: SlotRecord.sealedLength))
        let key = try draft.deriveKey(
            password: password, index: index, secret: configuration.deviceSecret, kdf: configuration.keyDerivation)
        let sealed = try UnsealedSlot.seal(
            role: role, profileKey: profileKey, key: key, nonce: nonce, associatedData: draft.associatedData(index: index))
        let record = try SlotRecord(
            parameters: parameters, createdVersion: configuration.appVersion, salt: salt, nonce: nonce, sealed: sealed)
        return (record, profileKey)
    }
}
