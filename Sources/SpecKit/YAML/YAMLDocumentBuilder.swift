internal import CYAML

/// Builds a `YAMLDocument` from libyaml's events as they come, iteratively, with an explicit stack of open
/// collections: no node object per event, no `String` per scalar (its bytes are appended to the document's text).
///
/// No recursion anywhere: nesting depth is checked on every start event, so deep input stops early instead of
/// overflowing the stack. An alias becomes a record naming its anchored node, and adds that node's full size to the
/// running node count, so an alias bomb stops as soon as the count passes the limit, as if it had been copied.
///
/// Fatal problems (limits, a second document) are thrown at once (the loader puts the findings so far before them); the others
/// (duplicate keys, bad aliases, merge keys) are collected in `diagnostics` while building goes on, so one run
/// reports them all. A struct driven from one loop, so its state is checked for exclusive access at compile time.
struct YAMLDocumentBuilder {
    /// A sequence or mapping whose end event has not come yet.
    private struct Frame {
        var isMapping: Bool
        var record: UInt32
        var anchor: String?
        /// Nodes in this subtree so far, the collection itself included, with aliases expanded.
        var nodeCount = 1
        /// Where this collection's finished children start in the builder's shared `pending`.
        var start: Int
        /// The key whose value has not come yet.
        var pendingKey: UInt32?
        /// The scalar keys seen so far, built only once a mapping outgrows a linear scan.
        var keyIndex: [String: SourceLocation]?
    }

    /// Mappings up to this many entries check duplicate keys by a linear scan (no hashing, no allocation).
    private static let linearScanLimit = 16

    /// The document's arrays as they grow, and the look-ups on them: kept apart from the builder's other state so
    /// that reading them never copies the builder.
    private struct Storage {
        let file: String
        var records: [YAMLDocument.Record] = []
        var children: [UInt32] = []
        var text: [UInt8] = []

        func resolved(_ index: UInt32) -> YAMLDocument.Record { YAMLDocument.Record.resolved(index, in: records) }

        func location(_ index: UInt32) -> SourceLocation { records[Int(index)].location(in: file) }

        func string(_ record: YAMLDocument.Record) -> String { record.string(in: text) }

        /// Whether a record is a plain scalar `<<` (a merge key).
        func isMergeKey(_ record: YAMLDocument.Record) -> Bool {
            record.kind == .plain && record.count == 2 && record.bytes(in: text).elementsEqual("<<".utf8)
        }

        mutating func append(_ kind: YAMLDocument.Kind, mark: yaml_mark_t, start: UInt32, count: UInt32) -> UInt32 {
            let index = UInt32(truncatingIfNeeded: records.count)
            records.append(YAMLDocument.Record(
                kind: kind, line: UInt32(truncatingIfNeeded: mark.line + 1),
                column: UInt32(truncatingIfNeeded: mark.column + 1), start: start, count: count))
            return index
        }
    }

    private let limits: YAMLLimits
    private var storage: Storage
    private var stack: [Frame] = []
    /// The finished children of every open collection, innermost last (a mapping's as key, value, key, value).
    private var pending: [UInt32] = []
    /// Each anchor's node and its size (for alias accounting).
    private var anchors: [String: (record: UInt32, nodeCount: Int)] = [:]
    /// How many open collections carry each anchor name: an alias to one of them would contain itself.
    private var openAnchors: [String: Int] = [:]
    private var nodeCount = 0
    private var documentCount = 0
    private var root: UInt32?
    /// The non-fatal findings so far (errors all), at most `FileFindings.maximum` listed.
    private var findings: FileFindings
    /// The non-fatal findings, with the one that counts those not listed.
    var diagnostics: [Diagnostic] { findings.all }

    /// `sizeHint`: the bytes the arrays are sized for.
    init(limits: YAMLLimits, file: String, sizeHint: Int) {
        self.limits = limits
        storage = Storage(file: file)
        findings = FileFindings(file: file)
        // Spec files run to about one node per 6 bytes and half their bytes in scalar text: sized once, no growth copies.
        storage.records.reserveCapacity(max(16, sizeHint / 6))
        storage.children.reserveCapacity(max(16, sizeHint / 6))
        storage.text.reserveCapacity(max(16, sizeHint / 2))
    }

    /// The finished document, or nil when the stream held no node.
    func document() -> YAMLDocument? {
        guard let root else { return nil }
        return YAMLDocument(records: storage.records, children: storage.children, text: storage.text,
                            file: storage.file, rootIndex: root)
    }

    /// Takes one event (the caller still owns and deletes it). Returns false once the stream has ended.
    ///
    /// The event is read field by field, never copied whole: libyaml has just written it field by field, and a copy's
    /// wide loads would each wait for those narrower stores to land (a store-forwarding stall on every event).
    mutating func handle(_ event: UnsafePointer<yaml_event_t>) throws(DiagnosticError) -> Bool {
        switch event.pointee.type {
        case YAML_STREAM_START_EVENT, YAML_DOCUMENT_END_EVENT:
            break
        case YAML_DOCUMENT_START_EVENT:
            documentCount += 1
            if documentCount > 1 {
                throw DiagnosticError([Diagnostic(
                    .error, id: "yaml.multiple-documents",
                    "a second YAML document starts here: a spec file holds exactly one document",
                    at: location(Self.start(event)),
                    hint: "remove the '---' line, or move the second document to its own file")])
            }
        case YAML_SCALAR_EVENT:
            try scalar(event)
        case YAML_SEQUENCE_START_EVENT:
            try open(isMapping: false, anchor: Self.text(event.pointee.data.sequence_start.anchor), mark: Self.start(event))
        case YAML_MAPPING_START_EVENT:
            try open(isMapping: true, anchor: Self.text(event.pointee.data.mapping_start.anchor), mark: Self.start(event))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            close()
        case YAML_ALIAS_EVENT:
            try alias(Self.text(event.pointee.data.alias.anchor) ?? "", mark: Self.start(event))
        default:
            // YAML_STREAM_END_EVENT, and YAML_NO_EVENT, which libyaml only gives after an error it has reported.
            return false
        }
        return true
    }

    /// Converts a libyaml mark (0-based line and column) to a 1-based location: the one conversion in SpecKit.
    static func location(of mark: yaml_mark_t, file: String) -> SourceLocation {
        SourceLocation(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    private func location(_ mark: yaml_mark_t) -> SourceLocation { Self.location(of: mark, file: storage.file) }

    /// The event's start mark, its line and column read one by one (see `handle`).
    private static func start(_ event: UnsafePointer<yaml_event_t>) -> yaml_mark_t {
        yaml_mark_t(index: 0, line: event.pointee.start_mark.line, column: event.pointee.start_mark.column)
    }

    private mutating func scalar(_ event: UnsafePointer<yaml_event_t>) throws(DiagnosticError) {
        let length = event.pointee.data.scalar.length, mark = Self.start(event)
        if length > limits.maximumScalarLength {
            throw DiagnosticError([YAMLLimits.scalarTooLong(
                length: Int(length), limit: limits.maximumScalarLength, at: location(mark))])
        }
        try count(1, at: mark)
        let start = UInt32(truncatingIfNeeded: storage.text.count)
        if let value = event.pointee.data.scalar.value, length > 0 {
            storage.text.append(contentsOf: UnsafeBufferPointer(start: value, count: length))
        }
        let quoted = event.pointee.data.scalar.style != YAML_PLAIN_SCALAR_STYLE || Self.isStringTag(event.pointee.data.scalar.tag)
        let index = storage.append(quoted ? .quoted : .plain, mark: mark, start: start, count: UInt32(truncatingIfNeeded: length))
        if let anchor = Self.text(event.pointee.data.scalar.anchor) { anchors[anchor] = (index, 1) }
        attach(index, nodeCount: 1)
    }

    private mutating func count(_ nodes: Int, at mark: yaml_mark_t) throws(DiagnosticError) {
        nodeCount += nodes
        if nodeCount > limits.maximumNodeCount {
            throw DiagnosticError([YAMLLimits.tooManyNodes(limit: limits.maximumNodeCount, at: location(mark))])
        }
    }

    private mutating func open(isMapping: Bool, anchor: String?, mark: yaml_mark_t) throws(DiagnosticError) {
        if stack.count >= limits.maximumDepth {
            throw DiagnosticError([YAMLLimits.tooDeep(limit: limits.maximumDepth, at: location(mark))])
        }
        try count(1, at: mark)
        if let anchor { openAnchors[anchor, default: 0] += 1 }
        let index = storage.append(isMapping ? .mapping : .sequence, mark: mark, start: 0, count: 0)
        stack.append(Frame(isMapping: isMapping, record: index, anchor: anchor, start: pending.count))
    }

    private mutating func close() {
        guard let frame = stack.popLast() else { return }
        storage.records[Int(frame.record)].start = UInt32(truncatingIfNeeded: storage.children.count)
        storage.records[Int(frame.record)].count = UInt32(truncatingIfNeeded: pending.count - frame.start)
        storage.children.append(contentsOf: pending[frame.start...])
        pending.removeSubrange(frame.start...)
        if let anchor = frame.anchor {
            openAnchors[anchor, default: 1] -= 1
            anchors[anchor] = (frame.record, frame.nodeCount)
        }
        attach(frame.record, nodeCount: frame.nodeCount)
    }

    private mutating func alias(_ name: String, mark: yaml_mark_t) throws(DiagnosticError) {
        let at = location(mark)
        if openAnchors[name, default: 0] > 0 {
            let definition = stack.last { $0.anchor == name }.map { storage.location($0.record) }
            findings.add(.error) { Diagnostic(
                .error, id: "yaml.recursive-alias",
                "the alias '*\(name)' is used inside the node its anchor '&\(name)' names, so it would contain itself",
                at: at, notes: definition.map { ["the anchor '&\(name)' is set at \($0)"] } ?? []) }
        } else if let anchored = anchors[name] {
            try count(anchored.nodeCount, at: mark)
            // The alias is located where it is used; the nodes inside keep the places they were written.
            attach(storage.append(.alias, mark: mark, start: anchored.record, count: 0), nodeCount: anchored.nodeCount)
            return
        } else {
            findings.add(.error) { Diagnostic(
                .error, id: "yaml.unknown-anchor",
                "the alias '*\(name)' refers to an anchor '&\(name)' that is not set before it",
                at: at, hint: "write '&\(name)' on the node to repeat, above this alias") }
        }
        // A bad alias stands as an empty value, so the mapping or list around it is still read.
        attach(storage.append(.plain, mark: mark, start: 0, count: 0), nodeCount: 1)
    }

    /// Adds a finished node to the open collection, or makes it the root.
    private mutating func attach(_ index: UInt32, nodeCount: Int) {
        let top = stack.count - 1
        guard top >= 0 else {
            root = index
            return
        }
        stack[top].nodeCount += nodeCount
        guard stack[top].isMapping else {
            pending.append(index)
            return
        }
        guard let key = stack[top].pendingKey else {
            if storage.isMergeKey(storage.resolved(index)) {
                findings.add(.error) { Diagnostic(
                    .error, id: "yaml.merge-key-unsupported",
                    "merge keys ('<<') are not supported: write the keys out in this mapping",
                    at: storage.location(index),
                    hint: "to repeat a whole mapping, set an anchor on it ('&name') and use an alias ('*name')") }
            }
            stack[top].pendingKey = index
            return
        }
        stack[top].pendingKey = nil
        let keyRecord = storage.resolved(key)
        if keyRecord.isScalar {
            if let first = Self.firstLocation(
                ofKey: keyRecord, start: stack[top].start, index: stack[top].keyIndex, pending: pending, storage: storage) {
                findings.add(.error) { Self.duplicateKey(storage.string(keyRecord), first: first, second: storage.location(key)) }
                return
            }
            if stack[top].keyIndex != nil {
                let text = storage.string(keyRecord), location = storage.location(key)
                stack[top].keyIndex?[text] = location
            }
        }
        pending.append(key)
        pending.append(index)
        let start = stack[top].start
        if stack[top].keyIndex == nil, (pending.count - start) / 2 == Self.linearScanLimit {
            stack[top].keyIndex = keyIndex(from: start)
        }
    }

    /// The scalar keys of the open mapping whose entries start at `start` in `pending`, by text.
    private func keyIndex(from start: Int) -> [String: SourceLocation] {
        var index: [String: SourceLocation] = [:]
        for position in stride(from: start, to: pending.count, by: 2) {
            let record = storage.resolved(pending[position])
            if record.isScalar {
                index[storage.string(record)] = storage.location(pending[position])
            }
        }
        return index
    }

    /// Where the open mapping (entries from `start` in `pending`, keys in `index` once it has outgrown a scan)
    /// already has the scalar key `key`, or nil.
    private static func firstLocation(
        ofKey key: YAMLDocument.Record, start: Int, index: [String: SourceLocation]?, pending: [UInt32], storage: Storage
    ) -> SourceLocation? {
        if let index { return index[storage.string(key)] }
        for position in stride(from: start, to: pending.count, by: 2) {
            let other = storage.resolved(pending[position])
            // Lengths first: most keys of a mapping differ in length, and are told apart without their bytes.
            if other.isScalar, other.count == key.count, other.bytes(in: storage.text).elementsEqual(key.bytes(in: storage.text)) {
                return storage.location(pending[position])
            }
        }
        return nil
    }

    private static func duplicateKey(_ text: String, first: SourceLocation, second: SourceLocation) -> Diagnostic {
        let shown = text.count > 60 ? String(text.prefix(57)) + "..." : text
        return Diagnostic(
            .error, id: "yaml.duplicate-key",
            "duplicate key '\(shown)': it was already set on line \(first.line)",
            at: second, notes: ["the first '\(shown)' is at \(first)"])
    }

    private static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? { pointer.map { String(cString: $0) } }

    /// Whether a tag is the full form of `!!str`; other explicit tags are ignored and the scalar keeps its text and style.
    private static func isStringTag(_ tag: UnsafeMutablePointer<yaml_char_t>?) -> Bool { text(tag) == "tag:yaml.org,2002:str" }
}
