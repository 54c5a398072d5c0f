/// Builds a `Node` tree from a stream of `YAMLEvent`s, iteratively, with an explicit stack of open collections.
///
/// No recursion anywhere: nesting depth is checked on every start event, so deep input stops early instead of
/// overflowing the stack. Aliases are expanded into copies (cheap, since `Node`'s arrays are copy-on-write), and
/// every expansion adds the anchored node's full size to the running node count, so an alias bomb stops as soon
/// as the count passes the limit.
///
/// Fatal problems (limits, a second document) are thrown at once; the others (duplicate keys, bad aliases, merge
/// keys) are collected in `diagnostics` while building goes on, so one run reports them all.
final class YAMLTreeBuilder {
    /// A sequence or mapping whose end event has not come yet.
    private struct Frame {
        var isMapping: Bool
        var location: SourceLocation
        var anchor: String?
        /// Nodes in this subtree so far, the collection itself included, with aliases expanded.
        var nodeCount = 1
        /// Where this collection's finished children start in the builder's shared `items` or `entries`.
        var start: Int
        var pendingKey: Node?
        /// The scalar keys seen so far, built only once a mapping outgrows a linear scan.
        var keyIndex: [String: SourceLocation]?
    }

    /// A finished node that carries an anchor, with its size for alias accounting.
    private struct Anchored {
        var node: Node
        var nodeCount: Int
    }

    /// Mappings up to this many entries check duplicate keys by a linear scan (no hashing, no allocation).
    private static let linearScanLimit = 16

    private let limits: YAMLLimits
    private var stack: [Frame] = []
    /// The finished children of every open sequence, innermost last; shared so that a collection costs one
    /// allocation (its final array) instead of one per growth step.
    private var items: [Node] = []
    /// The finished entries of every open mapping, innermost last.
    private var entries: [Node.Entry] = []
    private var anchors: [String: Anchored] = [:]
    /// How many open collections carry each anchor name: an alias to one of them would contain itself.
    private var openAnchors: [String: Int] = [:]
    private var nodeCount = 0
    private var documentCount = 0
    /// The document's root, once it is complete.
    private(set) var root: Node?
    /// The non-fatal findings so far.
    private(set) var diagnostics: [Diagnostic] = []

    init(limits: YAMLLimits) {
        self.limits = limits
        stack.reserveCapacity(16)
        items.reserveCapacity(256)
        entries.reserveCapacity(256)
    }

    /// Takes one event. Returns false once the stream has ended.
    func handle(_ event: YAMLEvent) throws(DiagnosticError) -> Bool {
        switch event.kind {
        case .streamStart, .documentEnd:
            break
        case .streamEnd:
            return false
        case .documentStart:
            documentCount += 1
            if documentCount > 1 {
                throw DiagnosticError(diagnostics + [Diagnostic(
                    .error, id: "yaml.multiple-documents",
                    "a second YAML document starts here: a spec file holds exactly one document",
                    at: event.location, hint: "remove the '---' line, or move the second document to its own file")])
            }
        case .scalar(let text, let quoted, let anchor):
            try count(1, at: event.location)
            let node = Node(.scalar(text, quoted: quoted), at: event.location)
            if let anchor { anchors[anchor] = Anchored(node: node, nodeCount: 1) }
            attach(node, nodeCount: 1)
        case .sequenceStart(let anchor):
            try open(isMapping: false, anchor: anchor, at: event.location)
        case .mappingStart(let anchor):
            try open(isMapping: true, anchor: anchor, at: event.location)
        case .sequenceEnd, .mappingEnd:
            close()
        case .alias(let name):
            try expandAlias(name, at: event.location)
        }
        return true
    }

    private func count(_ nodes: Int, at location: SourceLocation) throws(DiagnosticError) {
        nodeCount += nodes
        if nodeCount > limits.maximumNodeCount {
            throw DiagnosticError(diagnostics + [YAMLLimits.tooManyNodes(limit: limits.maximumNodeCount, at: location)])
        }
    }

    private func open(isMapping: Bool, anchor: String?, at location: SourceLocation) throws(DiagnosticError) {
        if stack.count >= limits.maximumDepth {
            throw DiagnosticError(diagnostics + [YAMLLimits.tooDeep(limit: limits.maximumDepth, at: location)])
        }
        try count(1, at: location)
        if let anchor { openAnchors[anchor, default: 0] += 1 }
        stack.append(Frame(
            isMapping: isMapping, location: location, anchor: anchor, start: isMapping ? entries.count : items.count))
    }

    private func close() {
        guard let frame = stack.popLast() else { return }
        let value: Node.Value
        if frame.isMapping {
            value = .mapping(Array(entries[frame.start...]))
            entries.removeSubrange(frame.start...)
        } else {
            value = .sequence(Array(items[frame.start...]))
            items.removeSubrange(frame.start...)
        }
        let node = Node(value, at: frame.location)
        if let anchor = frame.anchor {
            openAnchors[anchor, default: 1] -= 1
            anchors[anchor] = Anchored(node: node, nodeCount: frame.nodeCount)
        }
        attach(node, nodeCount: frame.nodeCount)
    }

    private func expandAlias(_ name: String, at location: SourceLocation) throws(DiagnosticError) {
        if openAnchors[name, default: 0] > 0 {
            let definition = stack.last { $0.anchor == name }?.location
            diagnostics.append(Diagnostic(
                .error, id: "yaml.recursive-alias",
                "the alias '*\(name)' is used inside the node its anchor '&\(name)' names, so it would contain itself",
                at: location, notes: definition.map { ["the anchor '&\(name)' is set at \($0)"] } ?? []))
            attach(Node(.scalar("", quoted: false), at: location), nodeCount: 1)
            return
        }
        guard let anchored = anchors[name] else {
            diagnostics.append(Diagnostic(
                .error, id: "yaml.unknown-anchor",
                "the alias '*\(name)' refers to an anchor '&\(name)' that is not set before it",
                at: location, hint: "write '&\(name)' on the node to repeat, above this alias"))
            attach(Node(.scalar("", quoted: false), at: location), nodeCount: 1)
            return
        }
        try count(anchored.nodeCount, at: location)
        // The copy's root points at the alias, where it is used; the nodes inside keep the places they were written.
        attach(Node(anchored.node.value, at: location), nodeCount: anchored.nodeCount)
    }

    /// Adds a finished node to the open collection, or makes it the root.
    private func attach(_ node: Node, nodeCount: Int) {
        let top = stack.count - 1
        guard top >= 0 else {
            root = node
            return
        }
        stack[top].nodeCount += nodeCount
        if !stack[top].isMapping {
            items.append(node)
        } else if let key = stack[top].pendingKey {
            stack[top].pendingKey = nil
            if let text = key.scalar {
                if let first = firstLocation(ofKey: text, in: stack[top]) {
                    diagnostics.append(Self.duplicateKey(text, first: first, second: key.location))
                    return
                }
                stack[top].keyIndex?[text] = key.location
            }
            entries.append(Node.Entry(key: key, value: node))
            if stack[top].keyIndex == nil, entries.count - stack[top].start == Self.linearScanLimit {
                var index: [String: SourceLocation] = [:]
                index.reserveCapacity(Self.linearScanLimit * 2)
                for entry in entries[stack[top].start...] {
                    if let text = entry.key.scalar { index[text] = entry.key.location }
                }
                stack[top].keyIndex = index
            }
        } else {
            if case .scalar("<<", quoted: false) = node.value {
                diagnostics.append(Diagnostic(
                    .error, id: "yaml.merge-key-unsupported",
                    "merge keys ('<<') are not supported: write the keys out in this mapping",
                    at: node.location,
                    hint: "to repeat a whole mapping, set an anchor on it ('&name') and use an alias ('*name')"))
            }
            stack[top].pendingKey = node
        }
    }

    private func firstLocation(ofKey text: String, in frame: Frame) -> SourceLocation? {
        if let index = frame.keyIndex { return index[text] }
        for entry in entries[frame.start...] {
            if case .scalar(let other, _) = entry.key.value, other == text { return entry.key.location }
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
}
