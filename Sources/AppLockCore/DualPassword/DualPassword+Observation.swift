/// Audit queries the core answers about itself, so that a test or a conformance fixture reads them instead of working
/// them out (dual-password-decoy-space.zh.md §4, §5, §7, §9).
extension DualPassword {
    /// The persisted bytes of both slot records at one moment, and which of them is Real's: a baseline for "Real's
    /// slot record (its sealed key) is byte-identical to before". Opaque: only the core compares two of them.
    public struct PersistedSlots: Hashable, Sendable {
        fileprivate let records: [[UInt8]?]
        /// The slot that opened as Real under the password given when the baseline was taken; nil when none did.
        fileprivate let realIndex: Int?
    }

    /// The words a persisted key, file or record name must not carry (§1, §3, §7: neutral slot names, no
    /// `real_password`, no `fake_*`).
    public static let meaningfulNameWords = ["real", "fake", "decoy", "erase", "password", "main", "wipe"]

    /// Both slot records as persisted now (a record that is missing or unreadable counts as absent), and which of
    /// them opens as Real under `realPassword`. Does the full two-slot work (two calls of the configured
    /// `keyDerivation`), like `realSlotOpens(with:)`; changes no state. Not for a lock screen.
    public func persistedSlots(realPassword: SecretBytes) -> PersistedSlots {
        let records = [persistedSlot(0), persistedSlot(1)]
        let parsed = records.compactMap { $0.flatMap { try? SlotRecord(bytes: $0) } }
        let opened = parsed.count == 2 && !realPassword.isEmpty
            ? Self.unsealBoth(parsed, password: realPassword, configuration: configuration) : []
        return PersistedSlots(records: records, realIndex: opened.first { $0.role == .real }?.index)
    }

    /// Real's slot is byte-identical to `baseline`'s. Only Real's slot is compared, found when the baseline was
    /// taken, so an erase that overwrote the decoy's slot instead leaves this true. False when the baseline found no
    /// Real slot.
    public func realSlotUnchanged(since baseline: PersistedSlots) -> Bool {
        guard let index = baseline.realIndex else { return false }
        return persistedSlot(index) == baseline.records[index]
    }

    /// Real's slot is no longer what `baseline` recorded: its sealed key is gone (overwritten by the erase, or the
    /// record removed). False when the baseline found no Real slot.
    public func realSlotOverwritten(since baseline: PersistedSlots) -> Bool {
        baseline.realIndex != nil && !realSlotUnchanged(since: baseline)
    }

    /// The Argon2id parameters both persisted slot records carry (§5: the same shape for both slots); nil when a
    /// record is missing or unreadable, or the two disagree.
    public var persistedKDFParameters: Argon2idParameters? {
        let records = [persistedSlot(0), persistedSlot(1)].map { bytes in bytes.flatMap { try? SlotRecord(bytes: $0) } }
        guard let first = records[0], let second = records[1], first.parameters == second.parameters else { return nil }
        return first.parameters
    }

    /// The two persisted slot records carry different salts (§1: each password its own salt, drawn at install); false
    /// when a record is missing or unreadable.
    public var persistedSaltsDiffer: Bool {
        let records = [persistedSlot(0), persistedSlot(1)].map { bytes in bytes.flatMap { try? SlotRecord(bytes: $0) } }
        guard let first = records[0], let second = records[1] else { return false }
        return first.salt != second.salt
    }

    /// No persisted key in `store` carries slot meaning (§5: "持久化键名使用中性编号"): none contains one of
    /// `meaningfulNameWords`, in any letter case. Throws when the store's keys cannot be read.
    public static func persistedNamesAreNeutral(in store: any KeyValueStore) throws(StoreError) -> Bool {
        let keys = try store.keys()
        return !keys.contains { key in meaningfulNameWords.contains { key.lowercased().contains($0) } }
    }
}
