/// The entries of a mapping whose keys `ReadContext.keys` accepted, looked up by key.
///
/// A spec's mappings have a handful of keys, so a look-up scans the accepted keys, kept as the `String`s
/// `ReadContext.keys` already made (short keys are stored inline, so two compare as two words), instead of hashing
/// every key into a dictionary built for every row. Entries whose keys were refused are never found.
struct KeyedNodes {
    /// The accepted keys and their values, in file order.
    /// (The key node's index in the value's document, not its location: a location made for every key of every row
    /// would cost the read what only a finding at a key needs.)
    private var accepted: [(key: String, keyIndex: UInt32, value: NodeView)] = []

    /// Room for `count` entries, so the list is allocated once.
    init(capacity count: Int) { accepted.reserveCapacity(count) }

    /// Marks an entry, whose key is `key`, as accepted.
    mutating func accept(_ entry: NodeView.Entry, key: String) {
        accepted.append((key, entry.key.index, entry.value))
    }

    /// Whether two keys are the same text: their UTF-8 lengths first (stored inline, so keys of other lengths, most
    /// of them, are told apart without comparing text).
    @inline(__always)
    static func same(_ a: String, _ b: String) -> Bool { a.utf8.count == b.utf8.count && a == b }

    /// The value of the accepted entry with this scalar key (the last one, as a dictionary filled in order would
    /// keep), or nil.
    subscript(key: String) -> NodeView? { accepted.last { Self.same($0.key, key) }?.value }

    /// Where the accepted key is written (`rows:`), or nil.
    func location(ofKey key: String) -> SourceLocation? {
        accepted.last { Self.same($0.key, key) }.map { NodeView(document: $0.value.document, index: $0.keyIndex).location }
    }
}
