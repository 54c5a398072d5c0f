import Foundation

/// The compiler: reads spec files, checks them one by one and together, and compiles them into a `CompiledSuite`.
///
/// `SpecFile (bytes) → NodeView → Spec → CompiledSuite`. It never stops at the first mistake: every finding of every
/// file is collected and sorted.
public struct SpecCompiler: Sendable {
    /// The loader's limits.
    public var loader: YAMLLoader
    /// The fixtures to check names against, or nil to skip that check.
    public var catalog: (any FixtureCatalog)?
    /// What an earlier version of the product files documented, by fixture and name, read in place of what they
    /// document now: `lockspec diff` reads the new side so, and a row's words still written against a value the
    /// document has since changed are `product.stale-number` (the words of a changed document, otherwise unseen).
    public var formerDocuments: [String: [String: DocumentedValue]] = [:]
    /// The most steps the test cases of the machines compiled together take, shared out evenly
    /// (`MachineCompiler.maximumFolderCaseSteps`; smaller in the test of the share).
    var maximumFolderCaseSteps = MachineCompiler.maximumFolderCaseSteps

    /// Creates a compiler.
    public init(loader: YAMLLoader = YAMLLoader(), catalog: (any FixtureCatalog)? = nil) {
        self.loader = loader
        self.catalog = catalog
    }

    /// The outcome of a compilation: the typed specs that could be read, the suite, and every finding.
    public struct Compilation: Sendable {
        /// Every spec that could be read, sorted by id.
        public var specs: [Spec]
        /// The compiled suite (built even when there are findings, from what could be read).
        public var suite: CompiledSuite
        /// Every finding, sorted.
        public var diagnostics: [Diagnostic]
        /// The product files (`kind: product`) that could be read, sorted by id.
        public var products: [ProductFile] = []
        /// Each machine spec's analysis, by spec id: its model and reachable situations, searched once by the compiler,
        /// for the exploration (`MachineExplorer`) and the random walks (`MachineWalkModel`) to read.
        public var machineAnalyses: [String: MachineAnalysis] = [:]
        /// The files given that gave neither a spec nor a product file (their YAML, or what they say, could not be
        /// read; or their id was taken): those with an error of their own first, then those left unread because of
        /// another file (a scenario set whose machine is broken), each group sorted. The counts of specs and rows leave
        /// them out, so a summary names them.
        public var unreadableFiles: [String] = []
        /// The files named as a fixture's product file that gave it no values (their YAML, fixture or kind is wrong), by
        /// the fixture they were meant for: every spec of that fixture depends on them, though none could read them (it
        /// would run without its product values).
        public var unusableProductFiles: [String: [String]] = [:]

        /// What was read, as the summaries say it: `42 specs, 633 rows`, and the files that gave nothing, so a count that
        /// drops while a file is broken says why (`; left out: specs/a.yaml`).
        public var readCounts: String {
            Self.readCounts(specs: specs.count, rows: specs.reduce(0) { $0 + $1.rows.count }, unreadable: unreadableFiles,
                            becauseOfOthers: unreadableBecauseOfOthers)
        }

        /// The unreadable files with no error at all: left out because a file they use has errors (a machine whose
        /// product value is broken, a scenario set of that machine), which no finding of theirs says.
        public var unreadableBecauseOfOthers: [String] {
            let erring = Set(diagnostics.filter { $0.severity == .error }.map(\.location.file))
            return unreadableFiles.filter { !erring.contains($0) }
        }

        /// `N specs, M rows`, then `; left out: ` and up to three of the files that gave nothing, and how many more;
        /// those left out only because of another file (`becauseOfOthers`) follow after `; `, said so. File names are written as
        /// the findings write them (`VisibleText`): a name cannot forge a line or drive the terminal.
        public static func readCounts(specs: Int, rows: Int, unreadable: [String], becauseOfOthers: [String] = []) -> String {
            let own = unreadable.filter { !becauseOfOthers.contains($0) }.map(VisibleText.escape)
            let others = unreadable.filter(becauseOfOthers.contains).map(VisibleText.escape)
            let parts = (own.isEmpty ? [] : [listedNames(own, most: 3)])
                + (others.isEmpty ? [] : [listedNames(others, most: 3) + (others.count == 1 ? " (a file it uses has errors)" : " (a file they use has errors)")])
            return "\(counted(specs, "spec")), \(counted(rows, "row"))"
                + (parts.isEmpty ? "" : "; left out: " + parts.joined(separator: "; "))
        }

        /// Whether any finding is an error (or a warning, when `strict`).
        public func failed(strict: Bool) -> Bool {
            diagnostics.contains { $0.severity == .error || (strict && $0.severity == .warning) }
        }
    }

    /// Finds the spec files under the given paths, each once: files are taken as they are, directories give their
    /// `.yaml` and `.yml` files (recursively), sorted. A path that does not exist is an error, and so is a folder tree of more than
    /// `maximumEntries` entries (`input.too-many-files`; an editor's server gives `/` or a home folder a bound).
    public static func discover(_ paths: [String], maximumEntries: Int = .max) throws(DiagnosticError) -> [String] {
        var files: [String] = []
        let fm = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw DiagnosticError([Diagnostic(.error, id: "input.not-found", "no such file or folder: \(path)", at: .file(path))])
            }
            if !isDirectory.boolValue {
                try refuseReasonsFile(path)
                files.append(path)
                continue
            }
            // A folder reached through a symbolic link is read as the folder itself, its files named under the link.
            let root = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            guard let enumerator = fm.enumerator(atPath: root) else { continue }
            var found: [String] = []
            var visited = 0
            while let item = enumerator.nextObject() as? String {
                visited += 1
                guard visited <= maximumEntries else {
                    throw DiagnosticError([Diagnostic(.error, id: "input.too-many-files",
                        "\(path) holds more than \(maximumEntries) files and folders: not read as a spec folder", at: .file(path))])
                }
                // The reasons for uncovered document sections live beside the specs but are not a spec.
                if isSpecFile(item) {
                    found.append(path.hasSuffix("/") ? path + item : path + "/" + item)
                }
            }
            files.append(contentsOf: found.sorted())
        }
        // A file named twice (on its own and inside a folder given too, or spelt two ways) is read once, as first named.
        var seen: Set<String> = []
        return files.filter { seen.insert(identity($0)).inserted }
    }

    /// Whether a file in a spec folder is read as a spec: a `.yaml` or `.yml` file, not the folder's `sections.yaml`.
    public static func isSpecFile(_ path: String) -> Bool {
        (path.hasSuffix(".yaml") || path.hasSuffix(".yml")) && (path as NSString).lastPathComponent != SectionReasons.fileName
    }

    /// Refuses the folder's `sections.yaml` given by name: it is read with its folder, for the traceability, and on
    /// its own it is no spec (`input.not-a-spec`).
    public static func refuseReasonsFile(_ path: String) throws(DiagnosticError) {
        guard (path as NSString).lastPathComponent == SectionReasons.fileName else { return }
        throw DiagnosticError([Diagnostic(.error, id: "input.not-a-spec",
            "\(path) holds the reasons for design-document sections no row covers, not a spec: it is read with its folder (lockspec lint <folder> --documents <dir>)",
            at: .file(path))])
    }

    /// A file's path resolved against the working folder, with `.`, `..`, repeated slashes and links resolved: one
    /// text per file however it is spelt or reached.
    public static func identity(_ file: String) -> String { URL(fileURLWithPath: file).resolvingSymlinksInPath().standardizedFileURL.path }

    /// The product files next to the spec files given by name (not those inside given folders: they are found anyway).
    public static func siblingProductFiles(of paths: [String]) -> [String] {
        paths.filter(isFile).flatMap { path in
            let folder = (path as NSString).deletingLastPathComponent
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
            return names.sorted().filter(isProductFileName).map { name in
                folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
            }
        }.firstOfEach()
    }

    /// Compiles files already read into memory (path and bytes).
    public func compile(sources: [(path: String, bytes: [UInt8])]) -> Compilation {
        var reader = SpecReader()
        reader.formerDocuments = formerDocuments
        reader.catalog = catalog
        let (documents, loadFindings) = loadDocuments(sources, reader: &reader)
        var diagnostics = loadFindings
        // Product files first, so every spec inherits their values; scenario sets after everything else, so they can
        // `use` the machines. Each document is peeked at once.
        // Of two specs with one id, the file named after the id (`<id>.yaml`) is read first and kept; the other, a copy
        // or a renamed one most likely, is the duplicate, whichever comes first by name.
        let counts = Dictionary(documents.compactMap { $0.node["id"]?.scalar }.map { ($0, 1) }, uniquingKeysWith: +)
        let repeated = Set(counts.filter { $0.value > 1 }.keys)
        let namedAfterID = { (path: String, node: NodeView) -> Int in
            guard let id = node["id"]?.scalar, repeated.contains(id) else { return 0 }
            let name = (path as NSString).lastPathComponent
            return name == id + ".yaml" || name == id + ".yml" ? 0 : 1
        }
        let ordered = documents.map { (rank: SpecReader.isProductFile($0.node) ? 0 : SpecReader.peek($0.node).kind == .scenarios ? 2 : 1,
                                       named: namedAfterID($0.path, $0.node), document: $0) }
            .sorted { ($0.rank, $0.named, $0.document.path) < ($1.rank, $1.named, $1.document.path) }
            .map { ($0.rank, $0.document) }
        let (specs, found) = readSpecs(ordered, reader: &reader, sources: sources)
        diagnostics += found
        diagnostics += checkDuplicateRowIDs(specs.map(\.spec))
        // A spec with no rows checks nothing: a run of it alone would pass with 0 cases.
        for (spec, _) in specs where spec.rows.isEmpty {
            let list = spec.kind == .scenarios ? "scenarios" : "rows"
            diagnostics.append(Diagnostic(.warning, id: "spec.no-rows", "this spec has no \(list), so it checks nothing",
                                          at: spec.location, hint: "add \(list), or remove the spec"))
        }
        let products = reader.products.values.sorted { $0.id < $1.id }
        diagnostics += checkProductOverrides(products: products, specs: specs.map(\.spec), catalog: catalog)
        diagnostics += checkShippedValues(products: products, specs: specs.map(\.spec), catalog: catalog)
        if let catalog {
            for (spec, _) in specs {
                diagnostics += checkFixtureVocabulary(spec, catalog: catalog)
                diagnostics += checkFixtureContract(spec, product: products.first { $0.fixture == spec.fixture }, catalog: catalog)
            }
            for product in products { diagnostics += checkFixtureVocabulary(product, catalog: catalog) }
        }
        let (compiledSpecs, cases, analyses) = compileSpecs(specs, diagnostics: &diagnostics)
        if let catalog { diagnostics += checkValueNeeds(cases, specs: specs.map(\.spec), catalog: catalog) }
        // A machine with errors of its own (a name its fixture does not know, found after reading) predicts nothing: its
        // hints would tell a scenario to copy the error.
        let broken = Set(diagnostics.filter { $0.severity == .error }.map(\.location.file))
        diagnostics += checkScenarioPredictions(cases, specs: specs.map(\.spec).filter { !broken.contains($0.file) }, analyses: analyses)
        let read = Set(specs.map(\.spec.file) + products.map(\.file))
        let erring = Set(diagnostics.filter { $0.severity == .error && $0.id != "spec.uses-broken-spec" }.map(\.location.file))
        let unread = sources.map(\.path).filter { !read.contains($0) }.sorted { (erring.contains($0) ? 0 : 1, $0) < (erring.contains($1) ? 0 : 1, $1) }
        return Compilation(specs: specs.map(\.spec).sorted { $0.id < $1.id },
                           suite: CompiledSuite(specs: compiledSpecs, cases: cases),
                           diagnostics: diagnostics.map(LookAlikePunctuation.explained).cappedPerFile, products: products, machineAnalyses: analyses,
                           unreadableFiles: unread, unusableProductFiles: reader.unusableProductFiles)
    }

    /// Loads every source's YAML; a file that cannot be loaded gives its findings, and, when it is a machine, the
    /// reader learns that its id is unreadable (so a scenario set that uses it is told why).
    private func loadDocuments(_ sources: [(path: String, bytes: [UInt8])], reader: inout SpecReader)
        -> (documents: [(path: String, bytes: [UInt8], node: NodeView)], diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var documents: [(path: String, bytes: [UInt8], node: NodeView)] = []
        let loader = self.loader
        // Each file is loaded on its own (libyaml and the located document), so the files are spread over the cores.
        let loaded = sources.concurrentMap { source in
            Result { () throws(DiagnosticError) in try loader.loadDocument(source.bytes, file: source.path) }
        }
        for (source, result) in zip(sources, loaded) {
            switch result {
            case .success(let document):
                documents.append((source.path, source.bytes, document.root))
            case .failure(let error):
                // The loader reads every kind of file; here an empty one is a spec, and its hint says what it needs.
                diagnostics += error.diagnostics.map { d in
                    var d = d
                    if d.id == "yaml.empty" && d.hint == nil { d.hint = "a spec needs at least an id and a kind" }
                    return d
                }
                // A scenario set that uses this machine follows from its YAML error: say so, not "no such spec".
                if let id = Self.machineID(inUnloadable: source.bytes) ?? Self.specID(ofFile: source.path) {
                    reader.unreadableMachines[id] = error.diagnostics.min()
                }
            }
        }
        return (documents, diagnostics)
    }

    /// The files named as a product file but giving none, by the fixture each was meant for: the fixture its `fixture:`
    /// line names, or the catalog's nearest to it (`launch-lok`), or, with no such line, the fixture the file is named
    /// after; none otherwise. A product file registered for a fixture the catalog does not know counts as giving none.
    func unusableProductFiles(_ sources: [(path: String, bytes: [UInt8])], reader: SpecReader) -> [String: [String]] {
        let fixtures = Set(catalog?.fixtureNames.filter { catalog?.vocabulary(of: $0) != nil } ?? [])
        let known = Set(reader.products.values.filter { fixtures.isEmpty || fixtures.contains($0.fixture) }.map(\.file))
        var meant: [String: [String]] = [:]
        for source in sources where Self.isProductFileName(source.path) && !known.contains(source.path) {
            // Without a `fixture:` line, a file named after a fixture (`launch-lock.product.yaml`) was meant for it.
            let stem = String((source.path as NSString).lastPathComponent.split(separator: ".").first ?? "")
            guard let named = Self.topLevelValue("fixture", inUnloadable: source.bytes) ?? (fixtures.contains(stem) ? stem : nil) else { continue }
            if let fixture = fixtures.isEmpty || fixtures.contains(named) ? named : Suggest.closest(to: named, in: fixtures) { meant[fixture, default: []].append(source.path) }
        }
        return meant
    }

    /// Whether a path is named as a product file (`*.product.yaml`, `*.product.yml`).
    static func isProductFileName(_ path: String) -> Bool { path.hasSuffix(".product.yaml") || path.hasSuffix(".product.yml") }

    /// The most rows one decision table may hold.
    public static let maximumRows = 5_000

    /// Reads the loaded documents in order (`ordered`: product files, then specs, then scenario sets): the specs
    /// that could be read, each with its file's SHA-256, and every finding. The product files are read one by one (each
    /// adds to what the reader knows); the specs of each later rank are read side by side, as none depends on another of
    /// its rank, then taken in order, so the outcome is the same as reading them in turn.
    private func readSpecs(_ ordered: [(Int, (path: String, bytes: [UInt8], node: NodeView))], reader: inout SpecReader,
                           sources: [(path: String, bytes: [UInt8])]) -> (specs: [(spec: Spec, sha: String)], diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var specs: [(spec: Spec, sha: String)] = []
        var specLocations: [String: SourceLocation] = [:]
        for (rank, document) in ordered where rank == 0 {
            diagnostics += readProductFile(document.node, path: document.path, sha: SHA256.hex(document.bytes), reader: &reader,
                                           locations: &specLocations)
        }
        // A file named as a product file that gave none (a YAML error, no or an unknown fixture, another kind): the
        // parameters a spec of its fixture finds without a value follow from it, and are not reported at each use.
        reader.unusableProductFiles = unusableProductFiles(sources, reader: reader)
        for rank in 1...2 {
            let snapshot = reader
            var documents = ordered.filter { $0.0 == rank }.map(\.1)
            // A file named as a product file whose kind is another is one mistake: said once, not as that kind's
            // missing keys (a machine "needs events", "needs rows", …).
            for document in documents where Self.isProductFileName(document.path) {
                let kind = document.node["kind"]?.scalar ?? "none"
                diagnostics.append(Diagnostic(.error, id: "product.wrong-kind",
                    "\(document.path) is named as a product file, but its kind is '\(kind)': a product file has kind: product",
                    at: document.node["kind"]?.location ?? .file(document.path),
                    hint: "write kind: product, or rename the file if it is a spec"))
            }
            documents.removeAll { Self.isProductFileName($0.path) }
            let reads = documents.concurrentMap { document in
                (read: snapshot.read(document.node, file: document.path), sha: SHA256.hex(document.bytes))
            }
            for (document, result) in zip(documents, reads) {
                diagnostics += result.read.diagnostics
                guard let spec = result.read.spec else {
                    noteUnreadable(document.node, findings: result.read.diagnostics, reader: &reader)
                    continue
                }
                // Lint compares a decision table's rows pairwise (overlaps, dead rows): past the bound, an input would
                // keep a gate busy for minutes (40,000 rows took 105 s). Real tables hold tens of rows; a machine's
                // rows are checked by state and event, and 20,000 of them compile in seconds.
                guard spec.kind != .decision || spec.rows.count <= Self.maximumRows else {
                    diagnostics.append(Diagnostic(.error, id: "spec.too-many-rows",
                        "this decision table has \(spec.rows.count) rows; one holds at most \(Self.maximumRows): lint compares its rows pairwise, so it is not read",
                        at: spec.location, hint: "split it into specs of fewer rows (by event, or by a condition)"))
                    continue
                }
                if let previous = specLocations[spec.id] {
                    diagnostics.append(Diagnostic(.error, id: "check.duplicate-spec-id", "spec id '\(spec.id)' is already used by \(previous.file)",
                                                  at: spec.location, notes: ["the other spec is at \(previous)"]))
                    continue
                }
                specLocations[spec.id] = spec.location
                specs.append((accept(spec, reader: &reader), result.sha))
            }
        }
        return (specs, diagnostics)
    }

    /// Tells the reader that a machine document could not be read, so a scenario set that uses it is told why.
    private func noteUnreadable(_ node: NodeView, findings: [Diagnostic], reader: inout SpecReader) {
        guard SpecReader.peek(node).kind == .machine, let id = node["id"]?.scalar else { return }
        if !findings.contains(where: { $0.severity == .error }) { reader.quietlyUnreadableMachines.insert(id) }
        reader.unreadableMachines[id] = findings.filter { $0.severity == .error }.min()
    }

    /// A spec read and accepted; a machine is completed with what its fixture can do and handed to the reader, for
    /// the scenario sets that use it.
    private func accept(_ read: Spec, reader: inout SpecReader) -> Spec {
        guard case .machine(var machine) = read.body else { return read }
        var spec = read
        // Modelled across kill and relaunch where the fixture can do both, or where the spec says what persists
        // (a fixture that cannot relaunch is then `fixture.no-relaunch`, and nothing else is said about it).
        let vocabulary = catalog?.vocabulary(of: spec.fixture)
        machine.relaunches = machine.mentionsRelaunch || (vocabulary?.supportsRelaunch ?? false)
        if vocabulary?.setsClock ?? false {
            machine.clockMoves = ClockMoves.amounts(machine, product: spec.effectiveProduct)
        }
        spec.body = .machine(machine)
        reader.machines[spec.id] = machine
        reader.machineFixtures[spec.id] = spec.fixture
        return spec
    }

    /// Compiles every spec that was read, in id order, into its compiled form and cases, adding its findings; with
    /// each machine's analysis, by spec id. Each spec compiles on its own, so they are spread over the cores and then
    /// joined in id order.
    private func compileSpecs(_ specs: [(spec: Spec, sha: String)], diagnostics: inout [Diagnostic])
        -> ([CompiledSpec], [TestCase], [String: MachineAnalysis]) {
        // A task-local value does not follow the work onto other threads: the tests' search counter is handed on.
        let observer = MachineAnalysis.searchObserver
        // Each machine's own budget does not bound a folder of them: they share one, evenly.
        let budgets = MachineCompiler.Budgets.share(of: maximumFolderCaseSteps, machines: specs.count { $0.spec.kind == .machine })
        let outcomes = specs.sorted(by: { $0.spec.id < $1.spec.id }).concurrentMap {
            Self.compileSpec($0.spec, sha: $0.sha, searchObserver: observer, budgets: budgets)
        }
        var analyses: [String: MachineAnalysis] = [:]
        // The cases of every spec in one list, allocated once at its length (a list grown case by case copies them).
        var cases: [TestCase] = []
        cases.reserveCapacity(outcomes.reduce(0) { $0 + $1.cases.count })
        for outcome in outcomes {
            diagnostics += outcome.diagnostics
            analyses[outcome.compiled.id] = outcome.analysis
            cases += outcome.cases
        }
        return (outcomes.map(\.compiled), cases, analyses)
    }

    /// One spec compiled: its compiled form, its cases (expanded over its variants), its findings and, for a
    /// machine, its analysis (`searchObserver` told of its search, within `budgets`).
    private static func compileSpec(_ spec: Spec, sha: String, searchObserver: (@Sendable () -> Void)?,
                                    budgets: MachineCompiler.Budgets)
        -> (compiled: CompiledSpec, cases: [TestCase], diagnostics: [Diagnostic], analysis: MachineAnalysis?) {
        var cases: [TestCase] = []
        var diagnostics: [Diagnostic] = []
        var graph: MachineGraph?
        var analysis: MachineAnalysis?
        // Why each row has no case, by row index, as its compiler found it (empty: every row has one).
        var noCase: [RowRecord.NoCase?] = []
        // A machine's compiler leaves `tables` as it was: with no findings and no reasons.
        var tables = TableCompiler(spec: spec)
        switch spec.body {
        case .machine(let machine):
            (cases, graph, diagnostics, analysis, noCase) = MachineCompiler.compile(
                spec: spec, machine: machine, searchObserver: searchObserver, budgets: budgets)
        case .decision(let table): cases = tables.compileDecision(table)
        case .matrix(let matrix): cases = tables.compileMatrix(matrix)
        case .scenarios(let set): cases = tables.compileScenarios(set)
        }
        diagnostics += tables.diagnostics
        noCase += tables.noCase
        let unmodelled: [String?] = if case .machine(let machine) = spec.body { machine.rows.map(\.unmodelled) } else { [] }
        let compiled = CompiledSpec(
            id: spec.id, kind: spec.kind, title: spec.title, source: spec.source, fixture: spec.fixture, file: spec.file,
            sha256: sha, product: spec.effectiveProduct.namedValues,
            rows: spec.rows.enumerated().map { r, row in
                RowRecord(id: row.id, source: row.trace.source, decision: row.trace.decision, line: row.location.line,
                          column: row.location.column, noCase: r < noCase.count ? noCase[r] : nil,
                          unmodelled: r < unmodelled.count ? unmodelled[r] : nil)
            },
            graph: graph)
        guard let tooMany = tooManyCases(cases, of: spec) else {
            return (compiled, expand(cases, variants: spec.sharedVariants), diagnostics, analysis)
        }
        return (compiled, [], diagnostics + [tooMany], analysis)
    }

    /// The most cases one spec may compile to once expanded over its product file's variants (the specs reach 214).
    public static let maximumCases = 100_000

    /// `spec.too-many-cases` when the spec's cases, expanded over its variants, would exceed `maximumCases`: counted
    /// from the variants' value counts before any copy is made. Nil within the bound.
    static func tooManyCases(_ cases: [TestCase], of spec: Spec) -> Diagnostic? {
        guard !spec.sharedVariants.isEmpty else { return nil }
        let past = maximumCases + 1
        let total = cases.reduce(0) { total, testCase in
            let counts = spec.sharedVariants.lazy.filter { variant in !testCase.product.contains { $0.name == variant.name } }
            return Swift.min(total + Swift.min(RegionAnalysis.product(counts.map(\.values.count)) ?? past, past), past)
        }
        guard total > maximumCases else { return nil }
        return Diagnostic(.error, id: "spec.too-many-cases",
            "this spec's \(cases.count) cases, each run once per combination of its product file's variants, make more than \(maximumCases) cases, so its cases are left out",
            at: spec.fixtureLocation ?? spec.location, hint: "list fewer variant values in the product file, or split the spec")
    }

    /// Each case once per combination of the variants it does not set itself (a spec's `product:` or a scenario's
    /// `given:` that names the parameter keeps the case single): `DP-X[derivation=parallel]`,
    /// `DP-X[derivation=sequential]`, in the order the values are listed, with the value added to the case's product.
    static func expand(_ cases: [TestCase], variants: [ProductFile.Variant]) -> [TestCase] {
        // Without variants (most products) every case stays as it is: not copied one by one into a new list.
        guard !variants.isEmpty else { return cases }
        return cases.flatMap { testCase -> [TestCase] in
            let open = variants.filter { v in !testCase.product.contains { $0.name == v.name } }
            guard !open.isEmpty else { return [testCase] }
            var combinations: [[NamedValue]] = [[]]
            for variant in open {
                combinations = combinations.flatMap { prefix in variant.values.namedValues.map { prefix + [$0] } }
            }
            return combinations.map { values in
                var copy = testCase
                copy.id += "[" + values.map { "\($0.name)=\($0.value)" }.joined(separator: ",") + "]"
                copy.product += values
                return copy
            }
        }
    }

    /// The spec id a file's name suggests (`specs/launch-lock.triggers.yaml` → `launch-lock.triggers`, as the specs
    /// are named), for an unloadable file that says no id of its own: emptied by a truncated save, say.
    static func specID(ofFile path: String) -> String? {
        var name = Substring(path.split(separator: "/").last ?? "")
        for suffix in [".yaml", ".yml"] where name.hasSuffix(suffix) { name = name.dropLast(suffix.count) }
        return SpecReader.isSpecID(String(name)) ? String(name) : nil
    }

    /// The value of the first `key: value` line of a file YAML may not load (lines read trimmed), or nil.
    static func topLevelValue(_ key: String, inUnloadable bytes: [UInt8]) -> String? {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map { $0.trimmingSpaces }
        guard let line = lines.first(where: { $0.hasPrefix(key + ": ") }) else { return nil }
        let value = String(line.dropFirst(key.count + 2)).trimmingSpaces
        return value.isEmpty ? nil : value
    }

    /// The id of a machine spec that YAML could not load, read from its `kind: machine` and `id:` lines.
    static func machineID(inUnloadable bytes: [UInt8]) -> String? {
        guard topLevelValue("kind", inUnloadable: bytes) == "machine", let id = topLevelValue("id", inUnloadable: bytes) else { return nil }
        return SpecReader.isSpecID(id) ? id : nil
    }

    /// Reads and compiles the spec files under the given paths. A spec file given on its own brings the product files
    /// (`*.product.yaml`) of its folder with it, so it sees the product values its fixture's specs share; and when it
    /// `uses:` a machine that is not among the paths, it is read together with the spec files beside it, keeping only
    /// the given files' findings and cases. A machine given on its own is read with the files beside it too, so the
    /// scenario sets that use it are compared with it: the findings kept are the given files' and those that name a
    /// place in them (`check.contradicts-machine` at a scenario's step, with the machine's rows as related places).
    public func compile(paths: [String]) throws(DiagnosticError) -> Compilation {
        var files = try Self.discover(paths)
        var known = Set(files.map(Self.identity))
        for file in Self.siblingProductFiles(of: paths) where known.insert(Self.identity(file)).inserted { files.append(file) }
        var compilation = try compile(files: files)
        let single = paths.filter(Self.isFile)
        let missing = compilation.diagnostics.contains { $0.id == "spec.unknown-spec" && single.contains($0.location.file) }
        let machine = compilation.specs.contains { $0.kind == .machine && single.contains($0.file) }
        guard missing || machine else { return compilation }
        let given = Set(files)
        let folders = Set(single.map { ($0 as NSString).deletingLastPathComponent }).sorted().map { $0.isEmpty ? "." : $0 }
        let beside = try Self.discover(folders).map { $0.hasPrefix("./") && !single.contains($0) ? String($0.dropFirst(2)) : $0 }
            .filter { !known.contains(Self.identity($0)) }
        var wider = try compile(files: files + beside)
        guard missing else {
            // A machine keeps its own reading (a copy of a spec beside it still runs alone); the sets that use it add
            // only their contradictions of its rows.
            compilation.diagnostics = (compilation.diagnostics + wider.diagnostics.filter { d in
                d.id == "check.contradicts-machine" && !given.contains(d.location.file) && d.related.contains { given.contains($0.location.file) }
            }).sorted()
            return compilation
        }
        wider.diagnostics = wider.diagnostics.filter { given.contains($0.location.file) }
        wider.specs = wider.specs.filter { given.contains($0.file) }
        // A file beside the given ones that gave no spec is not what was asked about.
        wider.unreadableFiles = wider.unreadableFiles.filter { given.contains($0) }
        wider.machineAnalyses = wider.machineAnalyses.filter { id, _ in wider.specs.contains { $0.id == id } }
        wider.suite.specs = wider.suite.specs.filter { given.contains($0.file) }
        wider.suite.cases = wider.suite.cases.filter { given.contains($0.file) }
        return wider
    }

    private func compile(files: [String]) throws(DiagnosticError) -> Compilation {
        let (sources, unreadable) = read(files)
        var compilation = compile(sources: sources)
        compilation.diagnostics = (compilation.diagnostics + unreadable + Self.misnamedProductFiles(compilation.products)).cappedPerFile
        return compilation
    }

    /// `product.misnamed-file` for each product file of a folder whose name does not end in `.product.yaml`: a
    /// folder's lint reads it by its kind, but a spec linted on its own (or open in an editor) finds its folder's
    /// product files by their name, and would go without this one's values. Lint of paths adds it, and so does
    /// `lint(sources:…)` for the editors; a bare `compile(sources:)` does not (tests' in-memory files carry made-up names).
    static func misnamedProductFiles(_ products: [ProductFile]) -> [Diagnostic] {
        products.filter { !isProductFileName($0.file) }.sorted { $0.file < $1.file }.map { product in
            let folder = (product.file as NSString).deletingLastPathComponent
            let name = (product.id.hasSuffix(".product") ? product.id : product.fixture + ".product") + ".yaml"
            return Diagnostic(.warning, id: "product.misnamed-file",
                "this file holds the product values of fixture '\(product.fixture)' (kind: product), but its name does not end in .product.yaml: "
                    + "a spec linted on its own finds its folder's product file by that name, and would go without these values",
                at: product.location, hint: "rename it to \(folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name))")
        }
    }

    /// Reads files as `compile(paths:)` does: each file's bytes within the loader's size limit, or the located
    /// finding that says why it could not be read (a folder, a pipe nothing writes to, a file too large, …).
    public func read(_ files: [String]) -> (sources: [(path: String, bytes: [UInt8])], unreadable: [Diagnostic]) {
        var sources: [(path: String, bytes: [UInt8])] = []
        var unreadable: [Diagnostic] = []
        for file in files {
            do {
                sources.append((file, try readFile(file, limit: loader.limits.maximumFileSize)))
            } catch {
                unreadable += error.diagnostics
            }
        }
        return (sources, unreadable)
    }
}

/// Reads a product file into the reader, so the specs read after it inherit its values: one per fixture, and its
/// id unique among the spec ids.
private func readProductFile(_ node: NodeView, path: String, sha: String, reader: inout SpecReader,
                             locations: inout [String: SourceLocation]) -> [Diagnostic] {
    let (read, broken, found) = reader.readProductFile(node, file: path)
    guard var product = read else { return found }
    product.sha256 = sha
    if let previous = locations[product.id] {
        return found + [Diagnostic(.error, id: "check.duplicate-spec-id", "spec id '\(product.id)' is already used by \(previous.file)",
                                   at: product.location, notes: ["the other spec is at \(previous)"])]
    }
    var duplicateFile: [Diagnostic] = []
    if let other = reader.products[product.fixture] {
        // The file named after its fixture (launch-lock.product.yaml) is the product file; another one is the duplicate,
        // whichever comes first by name.
        func namedFor(_ p: ProductFile) -> Bool { (p.file as NSString).lastPathComponent.hasPrefix(p.fixture + ".product.") }
        let (kept, duplicate) = namedFor(product) && !namedFor(other) ? (product, other) : (other, product)
        duplicateFile = [Diagnostic(.error, id: "product.duplicate-file",
            "fixture '\(product.fixture)' already has a product file, \(kept.id); its values must be written in one place",
            at: duplicate.location, notes: ["\(kept.id) is at \(kept.location)"])]
        guard kept.file == product.file else { return found + duplicateFile }
    }
    locations[product.id] = product.location
    reader.products[product.fixture] = product
    reader.brokenProduct[product.fixture] = broken
    return found + duplicateFile
}

/// Row ids are unique across all specs: reports, expectation files and `--row` rely on it. Each repeat's hint offers
/// an id no row has (the id with `-2`, `-3`, …; never one offered for another repeat).
func checkDuplicateRowIDs(_ specs: [Spec]) -> [Diagnostic] {
    // Each id's first location, not its whole row: a small value per entry keeps a large table's dictionary compact.
    var first: [String: SourceLocation] = [:]
    let rowsByFile = specs.sorted(by: { $0.file < $1.file }).map(\.rows)
    first.reserveCapacity(rowsByFile.reduce(0) { $0 + $1.count })
    // The later places of an id first used in another file: lint cannot tell which of two files is newer, so the first
    // row is named too, where a product owner who has just added it in the earlier file is looking.
    var elsewhere: [String: [SourceLocation]] = [:]
    // The id offered for the first of those later rows: the first row's finding offers it too.
    var offered: [String: String] = [:]
    var out: [Diagnostic] = []
    // Every id in use and every id offered: made at the first duplicate (most folders have none).
    var taken: Set<String> = []
    let hint = { (free: String?) in
        "row ids are unique across all specs and kept for good (reports, expected-failure files and "
            + "--row name rows by them): give the row you added an id no row has\(free.map { ", such as '\($0)'" } ?? ""), "
            + "and leave the other's as it is (lint cannot tell which of the two is newer)"
    }
    for rows in rowsByFile {
        for row in rows {
            guard let previous = first[row.id] else {
                first[row.id] = row.location
                continue
            }
            if taken.isEmpty { taken = Set(specs.flatMap { $0.rows.map(\.id) }) }
            let free = freeRowID(like: row.id, taken: taken)
            if let free { taken.insert(free) }
            if previous.file != row.location.file {
                elsewhere[row.id, default: []].append(row.location)
                if offered[row.id] == nil { offered[row.id] = free }
            }
            out.append(Diagnostic(.error, id: "check.duplicate-id", "row id \(row.id) is already used at \(previous)",
                                  at: row.location, rows: [row.id], notes: ["every row id must be unique across all specs"],
                                  hint: hint(free), related: [.init(previous, "row \(row.id) first used here")]))
        }
    }
    for (id, places) in elsewhere.sorted(by: { $0.key < $1.key }) {
        guard let location = first[id] else { continue }
        out.append(Diagnostic(.error, id: "check.duplicate-id", "row id \(id) is also used at \(joinedWithAnd(places.map { "\($0)" }))",
                              at: location, rows: [id], notes: ["every row id must be unique across all specs"],
                              hint: hint(offered[id]), related: places.map { .init($0, "row \(id) used again here") }))
    }
    return out
}

/// `id-2`, `id-3`, … : the first that no row has and that is not too long for an id; nil when none of the first
/// hundred is (a hint then asks for another id without offering one).
func freeRowID(like id: String, taken: Set<String>) -> String? {
    (2...100).lazy.map { "\(id)-\($0)" }.first { !taken.contains($0) && $0.utf8.count <= ReadContext.longestID }
}
