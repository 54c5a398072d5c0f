/// The entries of a mapping whose keys `ReadContext.keys` accepted, looked up by key.
///
/// A spec's mappings have a handful of keys, so a look-up scans the entries, comparing short strings, instead of
/// hashing every key into a dictionary built for every row. Entries whose keys were refused are never found.
struct KeyedNodes {
    private let entries: NodeView.Entries
    /// Bit `i` is set when entry `i` was accepted, for the first 64 entries.
    private var acceptedMask: UInt64 = 0
    /// The accepted entries past the first 64.
    private var acceptedLater: [Int] = []

    /// No entries accepted yet.
    init(_ entries: NodeView.Entries) { self.entries = entries }

    /// Marks entry `index` as accepted.
    mutating func accept(_ index: Int) {
        if index < 64 { acceptedMask |= 1 << UInt64(index) } else { acceptedLater.append(index) }
    }

    private func isAccepted(_ index: Int) -> Bool {
        index < 64 ? acceptedMask & (1 << UInt64(index)) != 0 : acceptedLater.contains(index)
    }

    /// The value of the accepted entry with this scalar key (the last one, as a dictionary filled in order would
    /// keep), or nil.
    subscript(key: String) -> NodeView? {
        var index = entries.count - 1
        while index >= 0 {
            if isAccepted(index), entries[index].key.scalarIs(key) {
                return entries[index].value
            }
            index -= 1
        }
        return nil
    }
}
