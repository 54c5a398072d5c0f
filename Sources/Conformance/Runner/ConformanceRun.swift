import Foundation
import SpecKit

/// One conformance run, from spec paths to a result: compile the specs against the standard fixtures, check the
/// expected-failures file and the selection against them, fingerprint the build, the specs and the design documents
/// they cite, and run AppLockCore against every selected case. `lockspec run` and the conformance gate's tests both go
/// through it, so they compile and check the same way.
public struct ConformanceRun: Sendable {
    /// What to run and how to name the run.
    public struct Options: Sendable {
        /// Spec files or folders.
        public var paths: [String]
        /// Only these rows (row or case ids); nil for all.
        public var rows: Set<String>?
        /// Only these specs; nil for all.
        public var specs: Set<String>?
        /// Only shard `index` (1-based) of `count`.
        public var shard: (index: Int, count: Int)?
        /// The expected-failures file, if any.
        public var expectedFailures: String?
        /// The folder of design documents to fingerprint, if any: every document the specs cite must be in it.
        public var documents: String?
        /// The tool's version, for the identity.
        public var tool: String
        /// The build under test, for the identity.
        public var build: BuildIdentity
        /// When the run starts (also decides which expected failures have expired).
        public var startedAt: Date
        /// Whether the run also explores every selected machine (the transition tour): on by default, off with
        /// `--no-explore`. A run narrowed to rows (`rows`) does not explore.
        public var explore: Bool = true
        /// Whether the run stops at the first case that fails it, exploring nothing after (`--fail-fast`): a verdict,
        /// not a full report. The exploration stops too, at its first divergence that fails the run (the rest of that
        /// machine's tour, the machines after it and the random walks are not run). Mutation analysis uses it, where
        /// one failing case is enough to kill a mutant.
        public var failFast: Bool = false
        /// The most transitions one machine's tour fires.
        public var maximumTransitions: Int = MachineExplorer.defaultMaximumTransitions
        /// The seeded random walks that follow the tour when the run explores (`RandomWalks.Options.gate`: 100 walks of
        /// 30 steps, seed 1); nil for none. Every failing transition a walk finds is shrunk (none is left unshrunk, so
        /// each is a finding the expected-failures file can list).
        public var walks: RandomWalks.Options? = .gate

        /// Creates options; by default every row of specs/, named by this build at the current time.
        public init(paths: [String] = ["specs"], rows: Set<String>? = nil, specs: Set<String>? = nil,
                    shard: (index: Int, count: Int)? = nil, expectedFailures: String? = nil, documents: String? = nil,
                    build: BuildIdentity = .current, startedAt: Date = Date()) {
            self.paths = paths.isEmpty ? ["specs"] : paths
            self.rows = rows
            self.specs = specs
            self.shard = shard
            self.expectedFailures = expectedFailures
            self.documents = documents
            self.tool = BuildIdentity.toolVersion
            self.build = build
            self.startedAt = startedAt
        }
    }

    /// What to run.
    public var options: Options
    /// The fixtures.
    public var registry: FixtureRegistry
    /// How a design document is read (a file's path, the size limit): `readFile`, or a test's reader that counts or
    /// changes what is read.
    var readDocument: @Sendable (String, Int) throws(DiagnosticError) -> [UInt8] = { file, limit throws(DiagnosticError) in
        try readFile(file, limit: limit)
    }

    /// Creates a run over the fixtures of `registry` (AppLockFixtures gives `FixtureRegistry.standard`).
    public init(_ options: Options, registry: FixtureRegistry) {
        self.options = options
        self.registry = registry
    }

    /// Compiles spec paths against the fixtures of `registry` (default specs/): every finding, and the suite.
    public static func compile(_ paths: [String], registry: FixtureRegistry) throws(DiagnosticError) -> SpecCompiler.Compilation {
        try SpecCompiler(catalog: registry).compile(paths: paths.isEmpty ? ["specs"] : paths)
    }

    /// Does the run. `progress` is called after each case with (done, total).
    public func run(progress: ((Int, Int) -> Void)? = nil) -> RunOutcome {
        guard let (narrowed, folders) = narrowedToFiles() else { return run(progress: progress, compiled: nil) }
        var run = self
        run.options = narrowed
        return run.run(progress: progress, compiled: folders)
    }

    /// The run, of `compiled` when the paths were compiled already (`narrowedToFiles`'s folders).
    private func run(progress: ((Int, Int) -> Void)?, compiled: SpecCompiler.Compilation?) -> RunOutcome {
        let compilation: SpecCompiler.Compilation, unselectedErrors: [Diagnostic]
        switch compileForRun(compiled) {
        case .stopped(let outcome): return outcome
        case .ready(let compiled, let unselected): (compilation, unselectedErrors) = (compiled, unselected)
        }
        let suite = compilation.suite
        var expectations: ExpectedFailures?
        let exploring = options.explore && options.rows == nil
        // Every model when the expected-failures file's `EX-` ids are checked against them; else only the explored ones.
        let models = exploring || options.expectedFailures != nil
            ? ConformanceExploration.models(compilation, specs: options.expectedFailures == nil ? options.specs : nil,
                                            maximumTransitions: options.maximumTransitions) : []
        var transitions: [String: String] = [:]
        if let path = options.expectedFailures {
            do {
                expectations = try ExpectedFailures.load(path)
            } catch {
                return RunOutcome(result: nil, stop: .unreadableInput, diagnostics: error.diagnostics)
            }
            transitions = Self.transitionIDs(models)
            let unknown = expectations?.unknownEntries(in: suite, transitions: Set(transitions.keys)) ?? []
            if !unknown.isEmpty { return RunOutcome(result: nil, stop: .invalidInput, diagnostics: unknown) }
        }
        if let message = unknownSelection(in: suite) ?? emptySelection(in: suite) {
            return RunOutcome(result: nil, stop: .unknownSelection(message), diagnostics: [])
        }
        var documents: [DocumentFingerprint] = []
        // One read of each document, for its fingerprint and for its outline and quotes.
        let folder = options.documents.map { DocumentFolder($0, readBytes: readDocument) }
        if let folder {
            let fingerprinted = DocumentFingerprints.take(citedBy: suite, products: compilation.products, specs: compilation.specs, in: folder,
                                                         selected: selectedSpecs(in: suite))
            if !fingerprinted.diagnostics.isEmpty {
                let unreadable = fingerprinted.diagnostics.contains { $0.id == "input.not-found" }
                return RunOutcome(result: nil, stop: unreadable ? .unreadableInput : .invalidInput, diagnostics: fingerprinted.diagnostics)
            }
            documents = fingerprinted.documents
        }
        let identity = identity(of: compilation, documents: documents)
        let started = identity.startedAt
        let sections = DesignDocuments.coverage(specs: suite.specs, products: compilation.products, specPaths: options.paths, documents: folder,
                                                specsMissing: !unselectedErrors.isEmpty, written: compilation.specs)
        let broken = sections.diagnostics.filter { $0.severity == .error }
        if !broken.isEmpty { return RunOutcome(result: nil, stop: .invalidInput, diagnostics: broken) }
        let selection = Runner.Selection(rows: options.rows, specs: options.specs, shard: options.shard)
        let today = String(started.prefix(10))
        var result = registry.runner.run(suite, selection: selection, expectations: expectations, identity: identity,
                                         today: today, stopAtFirstFailure: options.failFast, progress: progress)
        result.sections = sections.coverage
        let decided = ProductDecision.all(specs: compilation.specs, products: compilation.products)
        result.productDecisions = decided.isEmpty ? nil : decided
        for i in result.cases.indices {
            let c = result.cases[i]
            result.cases[i].expectedExpiry = (expectations?.entries.first { $0.row == c.id } ?? expectations?.entries.first { $0.row == c.row })?.expires
        }
        if exploring, !(options.failFast && result.cases.contains(where: \.failsRun)) {
            result.exploration = explore(explored(models), compilation: compilation, expectations: expectations, today: today)
        }
        return Self.outcome(result, unselectedErrors: unselectedErrors, compilation: compilation)
    }

    /// The outcome of a run that ran: its result, the lint errors of specs it did not read, and lint's warnings in the
    /// files of the specs that ran.
    static func outcome(_ result: RunResult, unselectedErrors: [Diagnostic], compilation: SpecCompiler.Compilation) -> RunOutcome {
        var outcome = RunOutcome(result: result, stop: nil, diagnostics: [])
        outcome.unselectedErrors = unselectedErrors.sorted()
        let ran = Set(result.cases.map(\.spec))
        let files = Set(compilation.specs.filter { ran.contains($0.id) }.map(\.file))
        outcome.warnings = compilation.diagnostics.filter { $0.severity == .warning && files.contains($0.location.file) }.sorted()
        return outcome
    }

    /// The exploration of `chosen`: their tours, then their random walks. Under `failFast` the tours stop at the first
    /// divergence that fails the run (one not listed, or listed with an expired entry), and then no walk runs.
    func explore(_ chosen: [MachineExploration], compilation: SpecCompiler.Compilation, expectations: ExpectedFailures?,
                 today: String) -> RunExploration {
        let stop: ((String) -> Bool)? = options.failFast ? { id in
            RunExploration.status(ofDivergence: id, expectations: expectations, today: today).status != .expectedFailure
        } : nil
        var found = ConformanceExploration.explore(chosen, compilation: compilation, fixtures: registry.fixtureTypes, stop: stop)
        let stopped = stop.map { stop in found.divergences.contains { stop($0.id) } } ?? false
        if let walks = options.walks, !stopped {
            found.walks = ConformanceExploration.walk(compilation, specs: Set(chosen.map(\.spec)), options: walks,
                                                      paths: options.paths, fixtures: registry.fixtureTypes)
        }
        var exploration = RunExploration(found, expectations: expectations, today: today, transitions: Self.transitionIDs(chosen),
                                         files: compilation.suite.specs.firstByKey { ($0.id, $0.file) })
        if options.maximumTransitions != MachineExplorer.defaultMaximumTransitions { exploration.maximumTransitions = options.maximumTransitions }
        return exploration
    }

    /// The models this run explores: those of the selected specs, and of this shard (machines in spec order, dealt out
    /// as the cases are).
    func explored(_ models: [MachineExploration]) -> [MachineExploration] {
        models.filter { options.specs?.contains($0.spec) ?? true }.enumerated().filter { i, _ in
            options.shard.map { i % $0.count == $0.index - 1 } ?? true
        }.map(\.element)
    }

    /// Which run this is: the build, the tool, the start (ISO 8601, UTC), every spec's and other input's SHA-256, the
    /// documents' and the shard.
    func identity(of compilation: SpecCompiler.Compilation, documents: [DocumentFingerprint]) -> RunIdentity {
        let iso = ISO8601DateFormatter()
        iso.timeZone = TimeZone(identifier: "UTC")
        return RunIdentity(
            tool: options.tool, build: options.build, startedAt: iso.string(from: options.startedAt),
            specs: compilation.suite.specs.map { SpecFingerprint(id: $0.id, file: $0.file, sha256: $0.sha256) },
            inputs: Self.inputFingerprints(compilation.products, reasons: DesignDocuments.reasonsFile(specPaths: options.paths),
                                           expectedFailures: options.expectedFailures),
            documents: documents, shard: options.shard.map { "\($0.index)/\($0.count)" })
    }

    /// The files besides the specs that decide what the run checks: the product files (hashed as compiled),
    /// `sections.yaml` and the expected-failures file, sorted by file.
    static func inputFingerprints(_ products: [ProductFile], reasons: String?, expectedFailures: String?) -> [InputFingerprint] {
        var inputs = products.map { InputFingerprint(file: $0.file, role: "product values of \($0.fixture)", sha256: $0.sha256) }
        for (path, role) in [(reasons, "section reasons"), (expectedFailures, "expected failures")] {
            guard let path, let data = FileManager.default.contents(atPath: path) else { continue }
            inputs.append(InputFingerprint(file: path, role: role, sha256: SHA256.hex(Array(data))))
        }
        return inputs.sorted { $0.file < $1.file }
    }

    /// Every transition id the models predict, with its spec.
    static func transitionIDs(_ models: [MachineExploration]) -> [String: String] {
        var ids: [String: String] = [:]
        for model in models { for situation in model.situations { for t in situation.transitions { ids[t.id] = model.spec } } }
        return ids
    }

    /// Why the run would check nothing, or nil: no spec at the paths, or a --row and a --spec that select no case
    /// together. A gate that checked nothing has not held (a shard may be empty: the split is the caller's).
    func emptySelection(in suite: CompiledSuite) -> String? {
        if suite.specs.isEmpty { return "nothing to run: no spec in \((options.paths.isEmpty ? ["specs"] : options.paths).joined(separator: ", "))" }
        guard options.shard == nil, options.rows != nil || options.specs != nil else { return nil }
        let chosen = Runner.Selection(rows: options.rows, specs: options.specs).apply(to: suite)
        return chosen.isEmpty ? "nothing to run: --row and --spec together select no case" : nil
    }

    /// Compiles the paths: the compilation and, for a run of some specs (`--spec`, `--row`), the errors of specs it
    /// does not read, which do not stop it; or the outcome that stops the run (unreadable input, or errors it reads).
    private func compileForRun(_ compiled: SpecCompiler.Compilation?) -> Compiled {
        let compilation: SpecCompiler.Compilation
        if let compiled {
            compilation = compiled
        } else {
            do {
                compilation = try Self.compile(options.paths, registry: registry)
            } catch {
                return .stopped(RunOutcome(result: nil, stop: .unreadableInput, diagnostics: error.diagnostics))
            }
        }
        guard compilation.failed(strict: false) else { return .ready(compilation, unselected: []) }
        let errors = compilation.diagnostics.filter { $0.severity == .error }
        guard let read = filesReadBySelection(compilation), !errors.contains(where: { read.contains($0.location.file) }) else {
            return .stopped(RunOutcome(result: nil, stop: .specsDoNotCompile, diagnostics: errors))
        }
        return .ready(compilation, unselected: errors)
    }

    /// What `compileForRun` gives.
    private enum Compiled {
        /// The compilation, with the errors of specs the run does not read.
        case ready(SpecCompiler.Compilation, unselected: [Diagnostic])
        /// The outcome that stops the run.
        case stopped(RunOutcome)
    }

    /// The files the specs chosen by --spec and --row read (`AffectedSpecs.dependencies`: their own, their fixture's
    /// product files, those that gave no values too, the machine a scenario set uses), or nil when nothing is chosen
    /// that way or a chosen spec or row did not compile.
    func filesReadBySelection(_ compilation: SpecCompiler.Compilation) -> Set<String>? {
        guard options.specs != nil || options.rows != nil else { return nil }
        let suite = compilation.suite
        var chosen = Set(options.specs ?? [])
        for row in options.rows ?? [] {
            guard let c = suite.cases.first(where: { $0.id == row || $0.row == row }) else { return nil }
            chosen.insert(c.spec)
        }
        let byID = compilation.specs.firstByKey { ($0.id, $0) }
        var files: Set<String> = []
        for id in chosen {
            guard let spec = byID[id], suite.specs.contains(where: { $0.id == id }) else { return nil }
            files.formUnion(AffectedSpecs.dependencies(of: spec, in: compilation))
        }
        return files
    }

    /// The specs of the cases this run checks, when --row, --spec or --shard chose some (else none: every spec runs).
    func selectedSpecs(in suite: CompiledSuite) -> Set<String> {
        guard options.rows != nil || options.specs != nil || options.shard != nil else { return [] }
        return Set(Runner.Selection(rows: options.rows, specs: options.specs, shard: options.shard).apply(to: suite).map(\.spec))
    }

    /// The first selected row or spec that is not in the suite, as a sentence with a did-you-mean or where the ids are.
    func unknownSelection(in suite: CompiledSuite) -> String? {
        let known = Set(suite.cases.flatMap { [$0.id, $0.row] })
        for row in (options.rows ?? []).sorted() where !known.contains(row) {
            return UnknownSelection.row(row, known: known)
        }
        let specIDs = Set(suite.specs.map(\.id))
        for spec in (options.specs ?? []).sorted() where !specIDs.contains(spec) {
            return UnknownSelection.spec(spec, known: specIDs)
        }
        return nil
    }
}
