/// A node of a loaded YAML document: a scalar, a sequence or a mapping, each keeping where it was written.
///
/// This is SpecKit's own tree, built from libyaml's events, so that every later stage can point a finding at
/// `file:line:col`. Aliases are already expanded: the tree holds no references.
public struct Node: Hashable, Sendable {
    /// One key and its value in a mapping, in the order they were written.
    public struct Entry: Hashable, Sendable {
        /// The key node (a scalar in every spec file; other keys are refused by the spec reader).
        public var key: Node
        /// The value node.
        public var value: Node

        /// Creates an entry.
        public init(key: Node, value: Node) {
            self.key = key
            self.value = value
        }
    }

    /// What a node holds.
    public enum Value: Hashable, Sendable {
        /// A scalar's text, and whether it was quoted (single, double, literal or folded style).
        /// A quoted scalar is always a string: `"true"` is text, `true` is a boolean.
        case scalar(String, quoted: Bool)
        /// A sequence's items, in order.
        case sequence([Node])
        /// A mapping's entries, in the order they were written. Keys are unique (the loader refuses duplicates).
        case mapping([Entry])
    }

    /// What this node holds.
    public var value: Value
    /// Where the node starts.
    public var location: SourceLocation

    /// Creates a node.
    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }

    /// The scalar text, or nil for a sequence or mapping.
    public var scalar: String? {
        if case .scalar(let text, _) = value { return text }
        return nil
    }

    /// The items, or nil unless this is a sequence.
    public var sequence: [Node]? {
        if case .sequence(let items) = value { return items }
        return nil
    }

    /// The entries, or nil unless this is a mapping.
    public var mapping: [Entry]? {
        if case .mapping(let entries) = value { return entries }
        return nil
    }

    /// The value for a scalar key in a mapping, or nil.
    public subscript(key: String) -> Node? {
        mapping?.first { $0.key.scalar == key }?.value
    }

    /// A word for the node's kind, for messages: "a text", "a list", "a mapping".
    public var kindDescription: String {
        switch value {
        case .scalar: "a single value"
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }
}
