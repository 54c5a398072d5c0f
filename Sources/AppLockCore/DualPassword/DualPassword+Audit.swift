extension DualPassword {
    /// Audit: whether `password` opens Real from the store file at `path` or from any temporary file a killed write
    /// left beside it (each read as a store of its own, read only: nothing is locked, cleaned or changed). After an
    /// erase this must be false everywhere (issue 10 case 1, D-DP-ERASE-KILL). Does the full two-slot work per file.
    public static func realOpensFromAnyFile(
        besideStoreAt path: String, password: SecretBytes, configuration: Configuration = Configuration()
    ) throws(StoreError) -> Bool {
        for entries in try FileStore.readableCopies(besideStoreAt: path, deviceSecret: configuration.deviceSecret) {
            let copy = InMemoryStore(values: entries)
            let probe = DualPassword(configuration: configuration, store: copy, random: SystemRandom())
            if probe.realSlotOpens(with: password) { return true }
        }
        return false
    }
}
