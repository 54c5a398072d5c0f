/// The entries of a mapping whose keys `ReadContext.keys` accepted, looked up by key.
///
/// A spec's mappings have a handful of keys, so a look-up scans the accepted keys, kept as the `String`s
/// `ReadContext.keys` already made (short keys are stored inline, so two compare as two words), instead of hashing
/// every key into a dictionary built for every row. Entries whose keys were refused are never found.
struct KeyedNodes {
    private let entries: NodeView.Entries
    /// The accepted keys and the entries they name, in file order.
    private var accepted: [(key: String, index: Int)] = []

    /// No entries accepted yet.
    init(_ entries: NodeView.Entries) {
        self.entries = entries
        accepted.reserveCapacity(entries.count)
    }

    /// Marks entry `index`, whose key is `key`, as accepted.
    mutating func accept(_ index: Int, key: String) {
        accepted.append((key, index))
    }

    /// The value of the accepted entry with this scalar key (the last one, as a dictionary filled in order would
    /// keep), or nil.
    subscript(key: String) -> NodeView? {
        var position = accepted.count - 1
        while position >= 0 {
            if accepted[position].key == key { return entries[accepted[position].index].value }
            position -= 1
        }
        return nil
    }
}
