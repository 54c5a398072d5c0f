/// A loaded YAML document in compact form: one flat array of node records, one array of child indices and one byte
/// buffer holding every scalar's text, built straight from libyaml's events (`YAMLDocumentBuilder`).
///
/// This is what every reader of YAML in SpecKit reads, through `NodeView`. It costs three allocations in all, not one
/// or more per node: a node is a 20-byte record, a scalar's text is a range of `text`, a collection's children are a
/// range of `children`. An alias is a record of its own that names its anchored node, so it is shared instead of
/// copied, and still located where the alias is written.
///
/// Immutable once built.
public final class YAMLDocument: Sendable {
    /// What a record holds.
    enum Kind: UInt8 {
        /// A plain scalar; `start`/`count` are its text's byte range in `text`.
        case plain
        /// A quoted, block or `!!str`-tagged scalar; `start`/`count` as for `plain`.
        case quoted
        /// A sequence; `start`/`count` are its items' range in `children`.
        case sequence
        /// A mapping; `start`/`count` are its keys and values, alternating, in `children` (`count` is twice the
        /// number of entries).
        case mapping
        /// An alias; `start` is the record of the node its anchor names (never an alias itself).
        case alias
    }

    /// One node: its kind, its 1-based line and column, and the range it points at.
    struct Record {
        var kind: Kind
        var line: UInt32
        var column: UInt32
        var start: UInt32
        var count: UInt32

        /// Where the node is written, in the file `file`.
        func location(in file: String) -> SourceLocation {
            SourceLocation(file: file, line: Int(line), column: Int(column))
        }

        /// Whether this is a scalar (plain or quoted).
        var isScalar: Bool { kind == .plain || kind == .quoted }

        /// A scalar record's bytes in `text` (the document's, or the builder's as it grows).
        func bytes(in text: [UInt8]) -> ArraySlice<UInt8> { text[Int(start)..<Int(start) + Int(count)] }

        /// A scalar record's text, read from `text`.
        func string(in text: [UInt8]) -> String { String(decoding: bytes(in: text), as: UTF8.self) }

        /// The record `index` of `records`, or, for an alias, the record it names.
        static func resolved(_ index: UInt32, in records: [Record]) -> Record {
            let record = records[Int(index)]
            return record.kind == .alias ? records[Int(record.start)] : record
        }
    }

    let records: [Record]
    let children: [UInt32]
    let text: [UInt8]
    /// The path that every location of the document names.
    public let file: String
    let rootIndex: UInt32

    init(records: [Record], children: [UInt32], text: [UInt8], file: String, rootIndex: UInt32) {
        self.records = records
        self.children = children
        self.text = text
        self.file = file
        self.rootIndex = rootIndex
    }

    /// The document's root node.
    public var root: NodeView { NodeView(document: self, index: rootIndex) }

    /// The record an alias stands for, or the record itself.
    @inline(__always)
    func resolved(_ index: UInt32) -> Record { Record.resolved(index, in: records) }

    /// The text of a scalar record.
    func string(_ record: Record) -> String { record.string(in: text) }

    /// Whether a scalar record's text is exactly `key`'s UTF-8, compared byte by byte without making a `String`.
    func scalarEquals(_ record: Record, _ key: String) -> Bool { record.bytes(in: text).elementsEqual(key.utf8) }
}
