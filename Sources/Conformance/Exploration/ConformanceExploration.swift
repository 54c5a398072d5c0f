import SpecKit

/// One exploration, from spec paths to a result: compile the specs against the fixtures, explore every machine spec
/// (or the selected ones) with the table as the oracle, and drive each through the transition tour. `lockspec
/// explore` goes through it.
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
                    maximumTransitions: Int = MachineExplorer.defaultMaximumTransitions,
                    tour: Bool = true, walks: RandomWalks.Options? = nil) {
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

    /// Does the exploration. A spec that is not a machine is skipped; a selected spec that does not exist stops it.
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
            let guess = Suggest.closest(to: id, in: ids).map { " (did you mean '\($0)'?)" } ?? ""
            return ExplorationOutcome(result: nil, stop: .unknownSelection("no spec '\(id)'\(guess)"), diagnostics: [])
        }
        let tour = TransitionTour(runner: Runner(fixtures: fixtures))
        let selected = compilation.specs.filter { options.specs?.contains($0.id) ?? true }
        let machines = !options.tour ? [] : selected.compactMap { spec in
            MachineExplorer.explore(spec, maximumTransitions: options.maximumTransitions).map(tour.run)
        }
        let walks = options.walks.map { RandomWalks(runner: Runner(fixtures: fixtures), options: $0, paths: options.paths) }
        return ExplorationOutcome(result: ExplorationResult(machines: machines, walks: selected.compactMap { spec in walks?.run(spec) }),
                                  stop: nil, diagnostics: [])
    }
}
