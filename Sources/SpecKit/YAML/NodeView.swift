/// One node of a `YAMLDocument`: a document and a record index, two words, copied without allocating.
///
/// It answers a node's questions (scalar, items, entries, a key's value, location), reading the document's flat
/// arrays. A view of an alias is located at the alias and holds what its anchored node holds.
public struct NodeView: Sendable {
    /// The document the node belongs to.
    public let document: YAMLDocument
    let index: UInt32

    /// Where the node is written (for an alias, where the alias is).
    public var location: SourceLocation {
        document.records[Int(index)].location(in: document.file)
    }

    /// The scalar text, or nil for a sequence or mapping.
    public var scalar: String? {
        let record = document.resolved(index)
        switch record.kind {
        case .plain, .quoted: return document.string(record)
        default: return nil
        }
    }

    /// Whether the node is a scalar (its text is not made: `scalar` makes it).
    public var isScalar: Bool { document.resolved(index).isScalar }

    /// Whether the node is a scalar written in quotes (or as a block, or tagged `!!str`): always a string.
    public var isQuoted: Bool { document.resolved(index).kind == .quoted }

    /// Whether the node is a scalar whose text is exactly `text`, compared without making a `String`.
    public func scalarIs(_ text: String) -> Bool {
        let record = document.resolved(index)
        guard record.isScalar else { return false }
        return document.scalarEquals(record, text)
    }

    /// The items, or nil unless this is a sequence.
    public var sequence: Items? {
        let record = document.resolved(index)
        guard record.kind == .sequence else { return nil }
        return Items(document: document, start: record.start, count: Int(record.count))
    }

    /// The entries, or nil unless this is a mapping.
    public var mapping: Entries? {
        let record = document.resolved(index)
        guard record.kind == .mapping else { return nil }
        return Entries(document: document, start: record.start, count: Int(record.count / 2))
    }

    /// A mapping's worth of no entries, for a value that stands for an empty mapping (`~`, `null`, nothing).
    public var noEntries: Entries { Entries(document: document, start: 0, count: 0) }

    /// The value for a scalar key in a mapping (the first entry with that key), or nil.
    public subscript(key: String) -> NodeView? {
        mapping?.first { $0.key.scalarIs(key) }?.value
    }

    /// A word for the node's kind, for messages: "a single value", "a list", "a mapping".
    public var kindDescription: String {
        switch document.resolved(index).kind {
        case .sequence: "a list"
        case .mapping: "a mapping"
        default: "a single value"
        }
    }
}

extension NodeView {
    /// A sequence's items (or a single node taken as a list of one), without copying them out of the document.
    public struct Items: RandomAccessCollection, Sendable {
        let document: YAMLDocument
        let start: UInt32
        /// How many items the list has.
        public let count: Int
        /// A single node standing for a whole list, or nil.
        var single: UInt32? = nil

        /// The first position.
        public var startIndex: Int { 0 }
        /// One past the last position.
        public var endIndex: Int { count }

        /// The item at `position`.
        public subscript(position: Int) -> NodeView {
            NodeView(document: document, index: single ?? document.children[Int(start) + position])
        }
    }

    /// One key and its value in a mapping, in the order they were written.
    public struct Entry: Sendable {
        /// The key node.
        public let key: NodeView
        /// The value node.
        public let value: NodeView
    }

    /// A mapping's entries, without copying them out of the document.
    public struct Entries: RandomAccessCollection, Sendable {
        let document: YAMLDocument
        let start: UInt32
        /// The number of entries.
        public let count: Int

        /// The first position.
        public var startIndex: Int { 0 }
        /// One past the last position.
        public var endIndex: Int { count }

        /// The entry at `position`.
        public subscript(position: Int) -> Entry {
            let at = Int(start) + 2 * position
            return Entry(key: NodeView(document: document, index: document.children[at]),
                         value: NodeView(document: document, index: document.children[at + 1]))
        }
    }
}

extension NodeView.Items {
    /// A list of one: `node` alone.
    init(single node: NodeView) { self.init(document: node.document, start: 0, count: 1, single: node.index) }
}
