/// Audit queries the core answers about itself, so that a test or a conformance fixture reads them instead of working
/// them out (dual-password-decoy-space.zh.md §4, §5, §7, §9).
extension DualPassword {
    /// Real's persisted slot record at one moment, and which slot it is: a baseline for "Real's slot record (its
    /// sealed key) is byte-identical to before". Opaque: only the core compares two of them.
    public struct PersistedSlots: Hashable, Sendable {
        /// The slot that opened as Real under the password the baseline was taken with.
        fileprivate let realIndex: Int
        /// Its record's bytes then.
        fileprivate let record: [UInt8]?
    }

    /// The words a persisted key, file or record name must not carry (§1, §3, §7: neutral slot names, no
    /// `real_password`, no `fake_*`).
    public static let meaningfulNameWords = ["real", "fake", "decoy", "erase", "password", "main", "wipe"]

    /// Real's slot record as persisted now, found as the slot `realPassword` opens as Real (a derivation per slot
    /// tried, like `realSlotOpens(with:)`; no state changes; not for a lock screen). Nil when it opens neither.
    public func persistedSlots(realPassword: SecretBytes) -> PersistedSlots? {
        guard let index = [0, 1].first(where: { opensReal(realPassword, index: $0) }) else { return nil }
        return PersistedSlots(realIndex: index, record: persistedSlot(index))
    }

    /// Which profile's container the open session's key opens, of the two set-up made (`InstalledProfileKeys`).
    public enum ProfileKeyMatch: String, CaseIterable, Sendable {
        /// Real's key.
        case real
        /// Decoy's key.
        case decoy
        /// No key is held (`holdsProfileKey` is false).
        case none
        /// A key that is neither of them.
        case neither
    }

    /// Which of set-up's two keys the session's `profileKey` is, compared in constant time: the container the app
    /// would open with it (§4: an unlock unseals the profile's key and initialises its container).
    public func profileKeyMatch(_ keys: InstalledProfileKeys) -> ProfileKeyMatch {
        guard let key = profileKey else { return .none }
        if key == keys.real { return .real }
        return key == keys.decoy ? .decoy : .neither
    }

    /// Real's slot is byte-identical to `baseline`'s. Only Real's slot, found when the baseline was taken, is compared,
    /// so an erase that overwrote the decoy's slot instead leaves this true.
    public func realSlotUnchanged(since baseline: PersistedSlots) -> Bool {
        persistedSlot(baseline.realIndex) == baseline.record
    }

    /// Real's slot is no longer what `baseline` recorded: its sealed key is gone (overwritten by the erase, or the
    /// record removed).
    public func realSlotOverwritten(since baseline: PersistedSlots) -> Bool {
        !realSlotUnchanged(since: baseline)
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
