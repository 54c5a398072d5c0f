extension Sequence {
    /// A dictionary of the pairs `pair` makes of the elements; where two elements give the same key, the first one's
    /// value is kept (a later duplicate is reported elsewhere, or cannot occur).
    public func firstByKey<Key: Hashable, Value>(_ pair: (Element) throws -> (Key, Value)) rethrows -> [Key: Value] {
        // One hash per element: the first value of a key is kept as the later ones come.
        try Dictionary(map(pair), uniquingKeysWith: { first, _ in first })
    }

    /// The elements in order, each once: a later equal element is dropped.
    public func firstOfEach() -> [Element] where Element: Equatable {
        reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }
}
