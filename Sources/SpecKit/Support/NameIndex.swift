/// The position of each name in a short list (events, variables, inputs), looked up without hashing: a machine
/// declares a handful of events and variables, and a scan of a few names compares fewer bytes than hashing the one
/// looked for. A longer list is looked up through a dictionary. The first of two equal names wins, as in the list.
struct NameIndex: Sendable {
    /// Lists up to this long are scanned.
    static let scanLimit = 16

    private let names: [String]
    private let positions: [String: Int]?

    /// The index of `names`.
    init(_ names: [String]) {
        self.names = names
        positions = names.count <= Self.scanLimit ? nil
            : Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The position of the first `name` in the list, or nil.
    subscript(_ name: String) -> Int? {
        if let positions { return positions[name] }
        return names.firstIndex(of: name)
    }
}
