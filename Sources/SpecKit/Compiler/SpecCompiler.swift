import Foundation

/// The compiler: reads spec files, checks them one by one and together, and compiles them into a `CompiledSuite`.
///
/// `SpecFile (bytes) → Node → Spec → CompiledSuite`. It never stops at the first mistake: every finding of every
/// file is collected and sorted.
public struct SpecCompiler: Sendable {
    /// The loader's limits.
    public var loader: YAMLLoader
    /// The fixtures to check names against, or nil to skip that check.
    public var catalog: (any FixtureCatalog)?

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

        /// Whether any finding is an error (or a warning, when `strict`).
        public func failed(strict: Bool) -> Bool {
            diagnostics.contains { $0.severity == .error || (strict && $0.severity == .warning) }
        }
    }

    /// Finds the spec files under the given paths: files are taken as they are, directories give their `.yaml` and
    /// `.yml` files (recursively), sorted. A path that does not exist is an error.
    public static func discover(_ paths: [String]) throws(DiagnosticError) -> [String] {
        var files: [String] = []
        let fm = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw DiagnosticError([Diagnostic(.error, id: "input.not-found", "no such file or folder: \(path)", at: .file(path))])
            }
            if !isDirectory.boolValue {
                files.append(path)
                continue
            }
            guard let enumerator = fm.enumerator(atPath: path) else { continue }
            var found: [String] = []
            while let item = enumerator.nextObject() as? String {
                if item.hasSuffix(".yaml") || item.hasSuffix(".yml") {
                    found.append(path.hasSuffix("/") ? path + item : path + "/" + item)
                }
            }
            files.append(contentsOf: found.sorted())
        }
        return files
    }

    /// Compiles files already read into memory (path and bytes).
    public func compile(sources: [(path: String, bytes: [UInt8])]) -> Compilation {
        var diagnostics: [Diagnostic] = []
        var documents: [(path: String, bytes: [UInt8], node: Node)] = []
        var reader = SpecReader()
        for source in sources {
            do {
                documents.append((source.path, source.bytes, try loader.load(source.bytes, file: source.path)))
            } catch {
                diagnostics += error.diagnostics
                // A scenario set that uses this machine follows from its YAML error: say so, not "no such spec".
                if let id = Self.machineID(inUnloadable: source.bytes) {
                    reader.unreadableMachines.insert(id)
                    reader.unreadableCauses[id] = error.diagnostics.min()
                }
            }
        }
        // Scenario sets after everything else, so they can `use` the machines; each document is peeked at once.
        let ordered = documents.map { (SpecReader.peek($0.node).kind == .scenarios ? 1 : 0, $0) }
            .sorted { ($0.0, $0.1.path) < ($1.0, $1.1.path) }
            .map(\.1)
        var specs: [(spec: Spec, sha: String)] = []
        var specLocations: [String: SourceLocation] = [:]
        for document in ordered {
            let (spec, found) = reader.read(document.node, file: document.path)
            diagnostics += found
            guard let spec else {
                if SpecReader.peek(document.node).kind == .machine, let id = document.node["id"]?.scalar {
                    reader.unreadableMachines.insert(id)
                    reader.unreadableCauses[id] = found.filter { $0.severity == .error }.min()
                }
                continue
            }
            if let previous = specLocations[spec.id] {
                diagnostics.append(Diagnostic(.error, id: "check.duplicate-spec-id", "spec id '\(spec.id)' is already used by \(previous.file)",
                                              at: spec.location, notes: ["the other spec is at \(previous)"]))
                continue
            }
            specLocations[spec.id] = spec.location
            if case .machine(let machine) = spec.body { reader.machines[spec.id] = machine }
            specs.append((spec, SHA256.hex(document.bytes)))
        }
        diagnostics += checkDuplicateRowIDs(specs.map(\.spec))
        if let catalog {
            for (spec, _) in specs { diagnostics += checkFixtureVocabulary(spec, catalog: catalog) }
        }
        var compiledSpecs: [CompiledSpec] = []
        var cases: [TestCase] = []
        for (spec, sha) in specs.sorted(by: { $0.spec.id < $1.spec.id }) {
            var graph: MachineGraph?
            switch spec.body {
            case .machine(let machine):
                var compiler = MachineCompiler(spec: spec, machine: machine)
                compiler.checkRegions()
                cases += compiler.explore()
                graph = compiler.graph()
                diagnostics += compiler.diagnostics
            case .decision(let table):
                var compiler = TableCompiler(spec: spec)
                cases += compiler.compileDecision(table)
                diagnostics += compiler.diagnostics
            case .matrix(let matrix):
                var compiler = TableCompiler(spec: spec)
                cases += compiler.compileMatrix(matrix)
                diagnostics += compiler.diagnostics
            case .scenarios(let set):
                var compiler = TableCompiler(spec: spec)
                cases += compiler.compileScenarios(set)
                diagnostics += compiler.diagnostics
            }
            compiledSpecs.append(CompiledSpec(
                id: spec.id, kind: spec.kind, title: spec.title, source: spec.source, fixture: spec.fixture, file: spec.file,
                sha256: sha, product: spec.product.map { NamedValue($0.name, $0.value) },
                rows: spec.rows.map { RowRecord(id: $0.id, source: $0.trace.source, decision: $0.trace.decision,
                                                line: $0.location.line, column: $0.location.column) },
                graph: graph))
        }
        return Compilation(specs: specs.map(\.spec).sorted { $0.id < $1.id },
                           suite: CompiledSuite(specs: compiledSpecs, cases: cases),
                           diagnostics: diagnostics.sorted())
    }

    /// The id of a machine spec that YAML could not load, read from its top-level `id:` and `kind: machine` lines.
    static func machineID(inUnloadable bytes: [UInt8]) -> String? {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map { $0.trimmingSpaces }
        guard lines.contains("kind: machine"), let line = lines.first(where: { $0.hasPrefix("id: ") }) else { return nil }
        let id = String(line.dropFirst(4)).trimmingSpaces
        return SpecReader.isSpecID(id) ? id : nil
    }

    /// Reads and compiles the spec files under the given paths. A spec file given by itself is read together with
    /// the spec files beside it when it `uses:` a machine that is not among the paths; only the given files' findings
    /// and cases are kept.
    public func compile(paths: [String]) throws(DiagnosticError) -> Compilation {
        let compilation = try compile(files: Self.discover(paths))
        var isDirectory: ObjCBool = false
        let single = paths.filter { FileManager.default.fileExists(atPath: $0, isDirectory: &isDirectory) && !isDirectory.boolValue }
        let missing = compilation.diagnostics.contains { $0.id == "spec.unknown-spec" && single.contains($0.location.file) }
        guard missing else { return compilation }
        let given = try Set(Self.discover(paths))
        let folders = Set(single.map { ($0 as NSString).deletingLastPathComponent }).sorted().map { $0.isEmpty ? "." : $0 }
        let beside = try Self.discover(folders).map { $0.hasPrefix("./") && !single.contains($0) ? String($0.dropFirst(2)) : $0 }
            .filter { !given.contains($0) }
        var wider = try compile(files: Array(given).sorted() + beside.filter { !given.contains($0) })
        wider.diagnostics = wider.diagnostics.filter { given.contains($0.location.file) }
        wider.specs = wider.specs.filter { given.contains($0.file) }
        wider.suite = CompiledSuite(format: wider.suite.format, specs: wider.suite.specs.filter { given.contains($0.file) },
                                    cases: wider.suite.cases.filter { given.contains($0.file) })
        return wider
    }

    private func compile(files: [String]) throws(DiagnosticError) -> Compilation {
        var sources: [(path: String, bytes: [UInt8])] = []
        var unreadable: [Diagnostic] = []
        for file in files {
            do {
                sources.append((file, try readFile(file, limit: loader.limits.maximumFileSize)))
            } catch {
                unreadable += error.diagnostics
            }
        }
        var compilation = compile(sources: sources)
        compilation.diagnostics = (compilation.diagnostics + unreadable).sorted()
        return compilation
    }
}

/// Row ids are unique across all specs: reports, expectation files and `--row` rely on it.
func checkDuplicateRowIDs(_ specs: [Spec]) -> [Diagnostic] {
    var first: [String: RowIdentity] = [:]
    var out: [Diagnostic] = []
    for spec in specs.sorted(by: { $0.file < $1.file }) {
        for row in spec.rows {
            if let previous = first[row.id] {
                out.append(Diagnostic(.error, id: "check.duplicate-id", "row id \(row.id) is already used at \(previous.location)",
                                      at: row.location, rows: [row.id], notes: ["every row id must be unique across all specs"]))
            } else {
                first[row.id] = row
            }
        }
    }
    return out
}
