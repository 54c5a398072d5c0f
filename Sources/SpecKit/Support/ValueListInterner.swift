/// Equal lists of values shared: the first list of each kind is kept, and every list after it with the very same
/// values is answered with that same buffer (Swift arrays share a buffer until one is changed).
///
/// The machine search keeps one list of variable values per situation and one list of tested values per row firing.
/// A large table's situations mostly repeat a few such lists, so sharing them turns about 100,000 small arrays of a
/// 100,000-row table into a handful: fewer allocations, and far less memory to touch and free afterwards. Lists are
/// matched byte for byte (`ExactList`), not by `==` (which takes two spellings of the same text, composed and
/// decomposed, as equal), so a shared list always prints as the one it replaces. Past `capacity` distinct lists (a
/// machine whose situations all differ, such as counters) lists are handed back as they are, so the table never
/// grows with the search.
struct ValueListInterner {
    /// The most distinct lists kept.
    static let capacity = 4_096

    private var lists: Set<ExactList> = []

    /// `list`, or a list seen before with exactly the same values (in a shared buffer).
    mutating func intern(_ list: [Value]) -> [Value] {
        guard !list.isEmpty else { return list }
        let exact = ExactList(values: list)
        if let kept = lists.firstIndex(of: exact) { return lists[kept].values }
        if lists.count < Self.capacity { lists.insert(exact) }
        return list
    }

    /// A list of values compared and hashed by its exact representation: each text's UTF-8 bytes, not its Unicode
    /// canonical equivalence.
    private struct ExactList: Hashable {
        let values: [Value]

        static func == (a: ExactList, b: ExactList) -> Bool {
            a.values.count == b.values.count && zip(a.values, b.values).allSatisfy { x, y in
                switch (x, y) {
                case (.symbol(let s), .symbol(let t)), (.text(let s), .text(let t)): s.utf8.elementsEqual(t.utf8)
                default: x == y
                }
            }
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(values.count)
            for value in values {
                switch value {
                case .symbol(let s), .text(let s):
                    hasher.combine(value.isText)
                    hasher.combine(s.utf8.count)
                    let hashed: Void? = s.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
                    if hashed == nil { for byte in s.utf8 { hasher.combine(byte) } }
                default: hasher.combine(value)
                }
            }
        }
    }
}

private extension Value {
    /// Whether this is a free text (rather than a symbol), for hashing the two apart.
    var isText: Bool { if case .text = self { true } else { false } }
}
