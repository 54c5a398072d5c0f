internal import CYAML

/// A place in a text: 1-based line, and 1-based column counted in Unicode scalars (as libyaml counts them).
public struct TextPosition: Hashable, Sendable, Comparable, Codable {
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, in Unicode scalars.
    public var column: Int

    /// Creates a position.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// Orders by line, then column.
    public static func < (lhs: TextPosition, rhs: TextPosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// Where each node of a YAML document is written, from its first character to just after its last: what an editor
/// needs to change one node's text and leave every other byte alone. Read from libyaml's start and end marks.
public struct YAMLSpan: Hashable, Sendable {
    /// What the node is.
    public enum Kind: Hashable, Sendable {
        /// A scalar, with its value.
        case scalar(String)
        /// A sequence.
        case sequence
        /// A mapping: `children` alternate key and value.
        case mapping
        /// An alias (`*name`).
        case alias
    }

    /// What the node is.
    public var kind: Kind
    /// Whether a collection is written in flow style (`[…]`, `{…}`), or a scalar is quoted or a block scalar.
    public var flow: Bool
    /// Where the node's first character is.
    public var start: TextPosition
    /// Just after the node's last character (a block collection: just after its last child's last character).
    public var end: TextPosition
    /// A sequence's items, or a mapping's keys and values alternating.
    public var children: [YAMLSpan] = []

    /// A mapping's entries, as (key, value) pairs in the order they are written.
    public var entries: [(key: YAMLSpan, value: YAMLSpan)] {
        guard kind == .mapping else { return [] }
        return stride(from: 0, to: children.count - 1, by: 2).map { (children[$0], children[$0 + 1]) }
    }

    /// Whether the node is a sequence or a mapping.
    public var isCollection: Bool { kind == .sequence || kind == .mapping }

    /// The scalar text, or nil.
    public var scalar: String? {
        if case .scalar(let text) = kind { return text }
        return nil
    }

    /// The value of `key` in a mapping, or nil.
    public subscript(key: String) -> YAMLSpan? {
        entries.first { $0.key.scalar == key }?.value
    }

    /// Reads the spans of one YAML document. The text is first loaded as the spec reader loads it, so anything the
    /// loader refuses (bad UTF-8, several documents, limits, duplicate keys) is the same located error here.
    public static func read(_ text: String, file: String) throws(DiagnosticError) -> YAMLSpan {
        let bytes = Array(text.utf8)
        _ = try YAMLLoader().loadDocument(bytes, file: file)
        let built = try bytes.withUnsafeBufferPointer { buffer throws(DiagnosticError) in
            guard let parser = YAMLEventParser(input: buffer, file: file) else {
                throw DiagnosticError([Diagnostic(.error, id: "yaml.unreadable", "could not start the YAML parser", at: .file(file))])
            }
            var builder = SpanBuilder()
            try parser.forEachEvent { event throws(DiagnosticError) in builder.handle(event.pointee) }
            return builder.root
        }
        guard let root = built else {
            throw DiagnosticError([Diagnostic(.error, id: "yaml.empty", "the file holds no YAML document", at: .file(file))])
        }
        return root
    }
}

/// Builds the span tree from libyaml's events.
private struct SpanBuilder {
    var stack: [YAMLSpan] = []
    var root: YAMLSpan?

    static func position(_ mark: yaml_mark_t) -> TextPosition {
        TextPosition(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    /// Takes one event; false once the stream has ended.
    mutating func handle(_ event: yaml_event_t) -> Bool {
        let start = Self.position(event.start_mark), end = Self.position(event.end_mark)
        switch event.type {
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = scalar.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self) } ?? ""
            attach(YAMLSpan(kind: .scalar(text), flow: scalar.style != YAML_PLAIN_SCALAR_STYLE, start: start, end: end))
        case YAML_ALIAS_EVENT:
            attach(YAMLSpan(kind: .alias, flow: false, start: start, end: end))
        case YAML_SEQUENCE_START_EVENT:
            stack.append(YAMLSpan(kind: .sequence, flow: event.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE, start: start, end: end))
        case YAML_MAPPING_START_EVENT:
            stack.append(YAMLSpan(kind: .mapping, flow: event.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE, start: start, end: end))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard var node = stack.popLast() else { return true }
            // A block collection's end mark is where the next token starts (often lines later, past comments): its
            // own text ends with its last child's. An empty block collection cannot be written, so it has one.
            node.end = node.flow ? end : (node.children.last?.end ?? node.start)
            attach(node)
        case YAML_STREAM_END_EVENT:
            return false
        default:
            break
        }
        return true
    }

    mutating func attach(_ node: YAMLSpan) {
        if stack.isEmpty { root = node } else { stack[stack.count - 1].children.append(node) }
    }
}
