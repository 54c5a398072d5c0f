/// Reads a loaded YAML document into a typed `Spec`, collecting every mistake as a located diagnostic.
public struct SpecReader: Sendable {
    /// Machines already read, by spec id, for scenario sets that `use` one.
    public var machines: [String: Machine]
    /// Ids of machine specs that exist but could not be read, so `uses:` of them is not reported a second time.
    public var unreadableMachines: Set<String> = []

    /// Creates a reader that can resolve `uses:` against the given machines.
    public init(machines: [String: Machine] = [:]) { self.machines = machines }

    static let headerKeys = ["id", "kind", "title", "source", "fixture", "product", "notes"]
    static let bodyKeys: [Spec.Kind: (required: [String], optional: [String])] = [
        .machine: (["states", "initial", "events", "rows"], ["variables", "effects", "otherwise", "hit"]),
        .decision: (["table", "inputs", "outputs", "rows"], ["hit"]),
        .scenarios: (["scenarios"], ["uses", "events", "observe", "effects"]),
        .matrix: (["table", "axes", "observe", "rows"], []),
    ]

    /// The kind and `uses:` of a document, read without checking anything else (to order the reading).
    public static func peek(_ root: Node) -> (kind: Spec.Kind?, uses: String?) {
        (root["kind"]?.scalar.flatMap(Spec.Kind.init(rawValue:)), root["uses"]?.scalar)
    }

    /// Reads one document. Returns the spec (nil when it cannot be built at all) and every finding.
    public func read(_ root: Node, file: String) -> (spec: Spec?, diagnostics: [Diagnostic]) {
        let context = ReadContext(file: file)
        let spec = read(root, context: context)
        return (context.diagnostics.isEmpty || !context.diagnostics.contains { $0.severity == .error } ? spec : nil,
                context.diagnostics.sorted())
    }

    private func read(_ root: Node, context c: ReadContext) -> Spec? {
        guard let entries = root.mapping else {
            c.error("spec.wrong-type", "a spec file should be a mapping starting with 'id:' and 'kind:', but it is \(root.kindDescription)",
                    at: root.location)
            return nil
        }
        guard let kindNode = root["kind"] else {
            c.error("spec.missing-key", "the spec needs 'kind': one of machine, decision, scenarios, matrix", at: root.location)
            return nil
        }
        guard let kindText = c.text(kindNode, "the kind") else { return nil }
        guard let kind = Spec.Kind(rawValue: kindText) else {
            c.error("spec.unknown-kind", "'\(kindText)' is not a kind of spec: write machine, decision, scenarios or matrix",
                    at: kindNode.location, hint: Suggest.closest(to: kindText, in: Spec.Kind.allCases.map(\.rawValue)).map { "did you mean '\($0)'?" })
            return nil
        }
        let (required, optional) = Self.bodyKeys[kind]!
        let byKey = c.keys(entries, of: root, what: "a \(kind.rawValue) spec",
                           required: ["id", "kind", "title", "source", "fixture"] + required,
                           optional: ["product", "notes"] + optional)
        var id: String?
        if let node = byKey["id"], let text = c.text(node, "the spec id") {
            if Self.isSpecID(text) {
                id = text
            } else {
                c.error("spec.bad-spec-id", "spec id '\(text)' should be lowercase words joined by '.' or '-', like launch-lock.triggers",
                        at: node.location)
            }
        }
        let title = byKey["title"].flatMap { c.text($0, "the title") }
        let source = byKey["source"].flatMap { c.text($0, "the source") }
        var fixture: String?
        if let node = byKey["fixture"], let text = c.text(node, "the fixture") {
            if Self.isSpecID(text) { fixture = text } else {
                c.error("spec.bad-name", "fixture '\(text)' should be lowercase words joined by '-', like launch-lock", at: node.location)
            }
        }
        let product = byKey["product"].map { Self.product($0, context: c) } ?? []

        let body: Spec.Body?
        switch kind {
        case .machine: body = MachineReader(context: c).read(byKey).map(Spec.Body.machine)
        case .decision: body = DecisionReader(context: c).read(byKey).map(Spec.Body.decision)
        case .scenarios: body = ScenarioReader(context: c, machines: machines, unreadable: unreadableMachines).read(byKey).map(Spec.Body.scenarios)
        case .matrix: body = MatrixReader(context: c).read(byKey).map(Spec.Body.matrix)
        }
        guard let id, let title, let source, let fixture, let body else { return nil }
        return Spec(id: id, kind: kind, title: title, source: source, fixture: fixture, product: product,
                    file: c.file, location: root.location, body: body)
    }

    static func isSpecID(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        var previousWasSeparator = false
        for s in text.unicodeScalars {
            let isSeparator = s == "." || s == "-"
            if isSeparator && previousWasSeparator { return false }
            guard isSeparator || ("a"..."z").contains(s) || ("0"..."9").contains(s) else { return false }
            previousWasSeparator = isSeparator
        }
        return !previousWasSeparator
    }

    /// Product values: scalars typed by their look (true/false, a duration with a unit, a whole number, else a name or text).
    static func product(_ node: Node, context c: ReadContext) -> [Binding] {
        guard let entries = c.mapping(node, "product") else { return [] }
        var result: [Binding] = []
        for entry in entries {
            guard let name = c.name(entry.key, "a product value's name"), let text = c.text(entry.value, "the product value '\(name)'") else { continue }
            result.append(Binding(name: name, value: productValue(text, quoted: { if case .scalar(_, let q) = entry.value.value { q } else { false } }()),
                                  location: entry.value.location))
        }
        return result
    }

    /// Types a product scalar by its look.
    public static func productValue(_ text: String, quoted: Bool) -> Value {
        if quoted { return .text(text) }
        if text == "true" { return .bool(true) }
        if text == "false" { return .bool(false) }
        if let i = Int(text) { return .int(i) }
        if let ms = Value.parseDuration(text) { return .duration(milliseconds: ms) }
        if ReadContext.isName(text) { return .symbol(text) }
        return .text(text)
    }
}
