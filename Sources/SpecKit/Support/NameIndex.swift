/// The position of each name in a list (events, variables, inputs). The first of two equal names wins, as in the list.
struct NameIndex: Sendable {
    private let positions: [String: Int]

    /// The index of `names`.
    init(_ names: [String]) {
        positions = names.enumerated().firstByKey { ($1, $0) }
    }

    /// The position of the first `name` in the list, or nil.
    subscript(_ name: String) -> Int? { positions[name] }
}
