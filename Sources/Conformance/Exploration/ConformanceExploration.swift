import SpecKit

/// One exploration, from spec paths to a result: compile the specs against the fixtures, explore every machine and
/// decision spec (or the selected ones) with the table as the oracle, and drive each through the transition tour (a
/// decision table's input combinations, one after another on one fixture). `lockspec explore` goes through it.
public struct ConformanceExploration {
    /// What to explore.
    public struct Options: Sendable {
        /// Spec files or folders.
        public var paths: [String]
        /// Only these specs; nil for every machine.
        public var specs: Set<String>?
        /// The most transitions one machine's tour fires.
        public var maximumTransitions: Int
        /// Whether the transition tour runs.
        public var tour: Bool
        /// The random walks per machine, or nil for none.
        public var walks: RandomWalks.Options?

        /// Creates options; by default the tour of every machine of specs/, without random walks.
        public init(paths: [String] = ["specs"], specs: Set<String>? = nil,
                    maximumTransitions: Int = MachineExplorer.defaultMaximumTransitions, tour: Bool = true,
                    walks: RandomWalks.Options? = nil) {
            self.paths = paths.isEmpty ? ["specs"] : paths
            self.specs = specs
            self.maximumTransitions = maximumTransitions
            self.tour = tour
            self.walks = walks
        }
    }

    /// What to explore.
    public var options: Options
    /// The fixtures' vocabularies, to compile against.
    public var catalog: any FixtureCatalog
    /// The fixtures, by name.
    public var fixtures: [String: any Fixture.Type]

    /// Creates an exploration over the fixtures of `registry` (AppLockFixtures gives `FixtureRegistry.standard`).
    public init(_ options: Options, registry: FixtureRegistry) {
        self.init(options, catalog: registry, fixtures: registry.fixtureTypes)
    }

    /// Creates an exploration over the given fixtures.
    public init(_ options: Options, catalog: any FixtureCatalog, fixtures: [String: any Fixture.Type]) {
        self.options = options
        self.catalog = catalog
        self.fixtures = fixtures
    }

    /// Does the exploration. A spec that is neither a machine nor a decision table is skipped; a selected spec that does
    /// not exist stops it.
    public func run() -> ExplorationOutcome {
        let compilation: SpecCompiler.Compilation
        do {
            compilation = try SpecCompiler(catalog: catalog).compile(paths: options.paths)
        } catch {
            return ExplorationOutcome(result: nil, stop: .unreadableInput, diagnostics: error.diagnostics)
        }
        if compilation.failed(strict: false) {
            return ExplorationOutcome(result: nil, stop: .specsDoNotCompile, diagnostics: compilation.diagnostics.filter { $0.severity == .error })
        }
        let ids = Set(compilation.specs.map(\.id))
        for id in (options.specs ?? []).sorted() where !ids.contains(id) {
            return ExplorationOutcome(result: nil, stop: .unknownSelection(UnknownSelection.spec(id, known: ids)), diagnostics: [])
        }
        var result = options.tour
            ? Self.explore(compilation, specs: options.specs, maximumTransitions: options.maximumTransitions,
                           fixtures: fixtures)
            : ExplorationResult(machines: [])
        if let walks = options.walks {
            result.walks = Self.walk(compilation, specs: options.specs, options: walks, paths: options.paths, fixtures: fixtures)
        }
        return ExplorationOutcome(result: result, stop: nil, diagnostics: [])
    }

    /// Explores the machine specs of a compilation (only `specs` when given): the model of each, its transition tour on
    /// the fixtures, and its coverage by the rows' own cases and by the tour.
    public static func explore(_ compilation: SpecCompiler.Compilation, specs: Set<String>?, maximumTransitions: Int,
                               fixtures: [String: any Fixture.Type]) -> ExplorationResult {
        let models = models(compilation, maximumTransitions: maximumTransitions).filter { specs?.contains($0.spec) ?? true }
        return explore(models, compilation: compilation, fixtures: fixtures)
    }

    /// The seeded random walks of each machine spec of a compilation (only `specs` when given), sorted by spec id.
    /// `paths` go into each counterexample's replay command.
    public static func walk(_ compilation: SpecCompiler.Compilation, specs: Set<String>?, options: RandomWalks.Options,
                            paths: [String], fixtures: [String: any Fixture.Type]) -> [MachineWalkResult] {
        let walks = RandomWalks(runner: Runner(fixtures: fixtures), options: options, paths: paths)
        return compilation.specs.filter { specs?.contains($0.id) ?? true }.compactMap { spec in
            walks.run(spec, analysis: compilation.machineAnalyses[spec.id], scenarios: scenarioCases(using: spec.id, in: compilation))
        }.sorted { $0.spec < $1.spec }
    }

    /// The compiled cases of the scenario specs that use machine `id`, in suite order.
    static func scenarioCases(using id: String, in compilation: SpecCompiler.Compilation) -> [TestCase] {
        let users = Set(compilation.specs.compactMap { spec -> String? in
            guard case .scenarios(let set) = spec.body, set.uses == id else { return nil }
            return spec.id
        })
        return compilation.suite.cases.filter { users.contains($0.spec) }
    }

    /// The model of every machine and decision spec of a compilation (only of `specs` when given), in spec order (no
    /// core is driven); a machine's is read from the analysis the compilation carries, not searched again.
    public static func models(_ compilation: SpecCompiler.Compilation, specs: Set<String>? = nil,
                              maximumTransitions: Int) -> [MachineExploration] {
        compilation.specs.filter { specs?.contains($0.id) ?? true }.compactMap {
            MachineExplorer.explore($0, analysis: compilation.machineAnalyses[$0.id], maximumTransitions: maximumTransitions)
                ?? DecisionExplorer.explore($0, maximumTransitions: maximumTransitions)
        }
    }

    /// Drives the tour of each model on the fixtures and measures its coverage against the compilation's cases.
    /// `ConformanceRun` explores through it. The machines are toured side by side on the cores (each on fixtures of its
    /// own), and the results taken in model order. With `stop`, the tours run one after another: the tour that finds a
    /// divergence `stop` accepts (by transition id) ends there, and the models after it are not toured.
    public static func explore(_ models: [MachineExploration], compilation: SpecCompiler.Compilation,
                               fixtures: [String: any Fixture.Type],
                               stop: ((_ transitionID: String) -> Bool)? = nil) -> ExplorationResult {
        let tour = TransitionTour(runner: Runner(fixtures: fixtures))
        let toured = stop == nil ? models.concurrentMap { tour.run($0) } : nil
        var machines: [MachineTourResult] = [], coverage: [ExplorationCoverage] = []
        for (index, exploration) in models.enumerated() {
            let result = toured?[index] ?? tour.run(exploration, stop: stop)
            machines.append(result)
            var rows: [String] = []
            switch compilation.specs.first(where: { $0.id == exploration.spec })?.body {
            case .machine(let machine)?: rows = machine.rows.map(\.identity.id)
            case .decision(let table)?: rows = table.rows.map(\.identity.id)
            default: break
            }
            coverage.append(ExplorationCoverage(exploration, rows: rows, cases: compilation.suite.cases, tour: result.reach))
            if let stop, result.divergences.contains(where: { stop($0.id) }) { break }
        }
        return ExplorationResult(machines: machines, coverage: coverage)
    }
}
