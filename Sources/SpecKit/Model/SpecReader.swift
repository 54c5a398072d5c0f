/// Reads a loaded YAML document into a typed `Spec`, collecting every mistake as a located diagnostic.
public struct SpecReader: Sendable {
    /// Machines already read, by spec id, for scenario sets that `use` one.
    public var machines: [String: Machine] = [:]
    /// The fixture of each machine already read, by spec id: a scenario set may only use one of its own fixture.
    public var machineFixtures: [String: String] = [:]
    /// Machine specs that exist but could not be read, by id, so `uses:` of them is not reported a second time, each
    /// with its first error, so a finding that follows from it can name it.
    var unreadableMachines: [String: Diagnostic?] = [:]

    /// Product files already read, by fixture: every spec of that fixture inherits their values.
    public var products: [String: ProductFile] = [:]
    /// Documented values read in place of the product files' own, by fixture and name (`SpecCompiler.formerDocuments`).
    public var formerDocuments: [String: [String: DocumentedValue]] = [:]
    /// The fixtures, when a catalog is known: product values are typed by their parameter's domain, a declared input
    /// that does not fit is reported as it is read, a scenario expecting an observation its spec has not declared is
    /// told the line to add, and a spec naming another fixture is `fixture.unknown` at its `fixture:` line.
    var catalog: (any FixtureCatalog)?
    /// Machines that could not be read only because a product value they name is wrong: the scenario sets that use
    /// them are left unread too, without a second report.
    var quietlyUnreadableMachines: Set<String> = []
    /// Product-file parameters whose value was wrong, by fixture, so references to them are not reported again.
    var brokenProduct: [String: Set<String>] = [:]
    /// The files named as a product file that gave none, by the fixture each was meant for: such a fixture, left
    /// without its product file, has every parameter broken (the findings are that file's, not each spec's at each use).
    var unusableProductFiles: [String: [String]] = [:]

    /// Creates a reader with no machines read yet (`machines` grows as a compile reads them).
    public init() {}

    /// The keys every spec's header takes, whatever its kind (`bodyKeys` adds the kind's own).
    static let headerKeys = (required: ["id", "kind", "title", "source", "fixture"], optional: ["product", "notes", "language"])
    static let bodyKeys: [Spec.Kind: (required: [String], optional: [String])] = [
        .machine: (["states", "initial", "events", "rows"], ["variables", "effects", "otherwise", "hit"]),
        .decision: (["table", "inputs", "outputs", "rows"], ["hit"]),
        .scenarios: (["scenarios"], ["uses", "events", "observe", "effects"]),
        .matrix: (["table", "axes", "observe", "rows"], []),
    ]

    /// Whether a document is a product file (`kind: product`), read before every spec so they can inherit from it.
    public static func isProductFile(_ root: NodeView) -> Bool { root["kind"]?.scalar == "product" }

    /// The kind and `uses:` of a document, read without checking anything else (to order the reading).
    public static func peek(_ root: NodeView) -> (kind: Spec.Kind?, uses: String?) {
        (root["kind"]?.scalar.flatMap(Spec.Kind.init(rawValue:)), root["uses"]?.scalar)
    }

    /// Reads one document. Returns the spec (nil when it cannot be built at all) and every finding.
    public func read(_ root: NodeView, file: String) -> (spec: Spec?, diagnostics: [Diagnostic]) {
        let context = ReadContext(file: file)
        let spec = read(root, context: context)
        // A spec that names a wrong product value is not compiled either: its rows would be analysed without the
        // conditions that name it. The value itself is reported once, at its own line.
        let failed = context.diagnostics.contains { $0.severity == .error } || context.quietFailures > 0
        return (failed ? nil : spec, context.diagnostics.sorted())
    }

    private func read(_ root: NodeView, context c: ReadContext) -> Spec? {
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
            c.error("spec.unknown-kind", "'\(kindText)' is not a kind of spec: write machine, decision, scenarios or matrix "
                    + "(a fixture's shared product values go in a file named <name>.product.yaml, with kind: product)", at: kindNode.location,
                    hint: Suggest.didYouMean(kindText, in: Spec.Kind.allCases.map(\.rawValue) + ["product"]))
            return nil
        }
        guard let (required, optional) = Self.bodyKeys[kind] else { return nil }
        c.rowNoun = kind.rowNoun
        // An older language first and alone: its other findings would be the old constructs' noise.
        guard c.languageIsCurrent(root["language"]) else { return nil }
        // A spec that says no language and lacks a key a later language added is most likely an old one.
        let unlabelled = root["language"] == nil
        let byKey = c.keys(entries, of: root, what: "a \(kind.rawValue) spec",
                           required: Self.headerKeys.required + required,
                           optional: Self.headerKeys.optional + optional) { key in
            key == "table" && unlabelled
                ? "language 1 had no 'table:'; if this spec is older, 'lockspec migrate \(c.file)' adds it (and says what else changed)" : nil
        }
        let (id, title, source, fixture) = Self.header(byKey, idName: "spec id", example: "launch-lock.triggers", context: c)
        if let fixture, let known = catalog?.fixtureNames, !known.contains(fixture) {
            c.report(unknownFixture(fixture, in: "the spec", at: byKey["fixture"]?.location ?? root.location, known: known))
            return nil
        }
        let shared = fixture.flatMap { products[$0]?.product } ?? []
        c.product = ProductScope(values: shared.firstByKey { ($0.name, $0) },
                                 declared: fixture.flatMap { productDomains($0) }, broken: brokenParameters(of: fixture),
                                 documented: (fixture.flatMap { products[$0]?.documented } ?? []).firstByKey { ($0.name, $0) }
                                     .merging(fixture.flatMap { formerDocuments[$0] } ?? [:]) { $1 },
                                 variants: fixture.flatMap { products[$0] }.map { file in file.variants.firstByKey { ($0.name, ($0.values, file.file)) } } ?? [:])
        if let fixture, let vocabulary = catalog?.vocabulary(of: fixture) {
            c.fixture = (fixture, vocabulary.events)
            c.fixtureObservations = vocabulary.observations.filter { !vocabulary.tableOutputs.contains($0.key) }
        }
        let product = byKey["product"].map { c.productBindings($0, "product") } ?? []
        c.product = c.product.overlaid(with: product)

        let body: Spec.Body?
        switch kind {
        case .machine: body = MachineReader(context: c).read(byKey).map(Spec.Body.machine)
        case .decision: body = DecisionReader(context: c).read(byKey).map(Spec.Body.decision)
        case .scenarios: body = ScenarioReader(context: c, machines: machines,
                                                      unreadable: unreadableMachines,
                                                      quiet: quietlyUnreadableMachines, fixture: fixture, machineFixtures: machineFixtures)
                                           .read(byKey).map(Spec.Body.scenarios)
        case .matrix: body = MatrixReader(context: c).read(byKey).map(Spec.Body.matrix)
        }
        guard let id, let title, let source, let fixture, let body else { return nil }
        return Spec(id: id, kind: kind, title: title, source: source, fixture: fixture, product: product, sharedProduct: shared,
                    sharedVariants: products[fixture]?.variants ?? [], fixtureLocation: byKey["fixture"]?.location,
                    sourceLocation: byKey["source"]?.location, unreadableProduct: c.product.broken, file: c.file,
                    location: root.location, body: body)
    }

    /// Whether a text is a spec id: lowercase words of letters and digits joined by single `.` or `-`.
    public static func isSpecID(_ text: String) -> Bool {
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

    /// Types a product scalar by its look.
    public static func productValue(_ text: String, quoted: Bool) -> Value {
        if quoted { return .text(text) }
        if text == "true" || text == "false" { return .bool(text == "true") }
        if let i = Int(text) { return .int(i) }
        if let ms = Value.parseDuration(text) { return .duration(milliseconds: ms) }
        if ReadContext.isName(text) { return .symbol(text) }
        return .text(text)
    }
}

extension Spec.Kind {
    /// The keys a row of this kind of spec may hold (a scenario's, for a scenario set), required ones first.
    public var rowKeys: [String] {
        switch self {
        case .machine: MachineReader.rowKeys.required + MachineReader.rowKeys.optional
        case .decision: ["id", "then"] + ReadContext.tableRowKeys
        case .matrix: ["id", "expect"] + ReadContext.tableRowKeys
        case .scenarios: ScenarioReader.scenarioKeys.required + ScenarioReader.scenarioKeys.optional
        }
    }

    /// The keys a scenario's step may hold.
    public static var stepKeys: [String] { ScenarioReader.stepKeys }
}

extension SpecReader {
    /// The product parameters of `fixture` whose values are not to be reported missing again: those whose value was
    /// wrong, or, when a product file could not be used and this fixture got none, all it declares.
    func brokenParameters(of fixture: String?) -> Set<String> {
        guard let fixture else { return [] }
        if unusableProductFiles[fixture] != nil && products[fixture] == nil { return Set((productDomains(fixture) ?? [:]).keys) }
        return brokenProduct[fixture] ?? []
    }

    /// A fixture's product parameters and their domains, when the catalog knows the fixture.
    func productDomains(_ fixture: String) -> [String: Domain]? { catalog?.vocabulary(of: fixture)?.product }
}
