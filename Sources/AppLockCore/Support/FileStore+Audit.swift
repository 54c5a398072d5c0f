/// Audits of what a store leaves on disk (for tests and the harness; they change nothing).
extension FileStore {
    /// How many temporary files lie beside the store at `path`: copies or fragments that killed writes left (each
    /// is removed the next time an instance touches the store), or a live writer's file.
    public static func leftoverCount(besideStoreAt path: String) throws(StoreError) -> Int {
        try StoreFiles.leftovers(of: path).count
    }

    /// The decoded entries of the store file at `path` and of every temporary file beside it that decodes (a
    /// fragment or a foreign file is skipped), read only: nothing is locked, cleaned or changed.
    static func readableCopies(besideStoreAt path: String, deviceSecret: DeviceSecret?) throws(StoreError) -> [[String: [UInt8]]] {
        let key = deviceSecret?.storeChecksumKey()
        var copies: [[String: [UInt8]]] = []
        for file in try [path] + StoreFiles.leftovers(of: path) {
            guard let raw = try? StoreFiles().read(file), let entries = try? StoreCodec.decode(raw, key: key) else { continue }
            copies.append(entries)
        }
        return copies
    }
}
