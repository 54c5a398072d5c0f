import SpecKit

/// A loaded YAML node as a plain value tree, for tests that compare whole structures with `==`: the loader's
/// `NodeView`s copied out, aliases expanded into copies located at the alias. SpecKit itself reads `NodeView`s only.
struct Node: Hashable, Sendable {
    /// One key and its value in a mapping, in the order they were written.
    struct Entry: Hashable, Sendable {
        var key: Node
        var value: Node
    }

    /// What a node holds.
    enum Value: Hashable, Sendable {
        /// A scalar's text, and whether it was quoted (or a block, or tagged `!!str`).
        case scalar(String, quoted: Bool)
        case sequence([Node])
        case mapping([Entry])
    }

    var value: Value
    var location: SpecKit.SourceLocation

    init(_ value: Value, at location: SpecKit.SourceLocation) {
        self.value = value
        self.location = location
    }

    var scalar: String? {
        if case .scalar(let text, _) = value { return text }
        return nil
    }

    var sequence: [Node]? {
        if case .sequence(let items) = value { return items }
        return nil
    }

    var mapping: [Entry]? {
        if case .mapping(let entries) = value { return entries }
        return nil
    }

    subscript(key: String) -> Node? {
        mapping?.first { $0.key.scalar == key }?.value
    }
}

extension NodeView {
    /// The node and everything under it as a `Node` tree (recursive; test inputs are shallow).
    var tree: Node {
        if let items = sequence { return Node(.sequence(items.map(\.tree)), at: location) }
        if let entries = mapping { return Node(.mapping(entries.map { Node.Entry(key: $0.key.tree, value: $0.value.tree) }), at: location) }
        return Node(.scalar(scalar ?? "", quoted: isQuoted), at: location)
    }
}
