import SpecKit

/// Seeded random walks over a machine, the table as the oracle: each walk starts from a fresh fixture and takes up to
/// `length` steps, any event (enabled or not) with any input atom, each predicted by the model and checked by the
/// runner with strict frames (the state, every variable, the exact effects). A walk stops at its first divergence;
/// the first walk of each distinct failing transition is shrunk (`WalkShrinker`) against the model and the core, and
/// printed as a ready-to-paste scenario with the command that replays it.
///
/// Deterministic: walk `w` of spec `s` is drawn from `SplitMix64(seed: walkSeed(seed, s, w))`, so the same seed gives
/// the same walks, the same shrinking and byte-identical reports.
public struct RandomWalks {
    /// How many walks, how long, from which seed, and how much shrinking.
    public struct Options: Hashable, Sendable {
        /// Walks per machine (0: none).
        public var walks: Int
        /// The most steps per walk.
        public var length: Int
        /// The seed every walk is derived from.
        public var seed: UInt64
        /// The most distinct divergences shrunk per machine; the rest are listed by id.
        public var maximumShrinks: Int
        /// The most candidates run while shrinking one divergence.
        public var shrinkBudget: Int

        /// The default number of walks per machine for `lockspec explore`.
        public static let defaultWalks = 1000
        /// The default walk length.
        public static let defaultLength = 50
        /// The default seed.
        public static let defaultSeed: UInt64 = 1

        /// A smaller fixed-seed set for a conformance gate (`lockspec run`): 100 walks of 30 steps from seed 1, every
        /// distinct failing transition shrunk (at most 300 candidates each), so each is a finding the expected-failures
        /// file can list.
        public static let gate = Options(walks: 100, length: 30, seed: defaultSeed, maximumShrinks: .max, shrinkBudget: 300)

        /// Creates options; by default 1,000 walks of 50 steps from seed 1, at most 5 divergences shrunk per
        /// machine with at most 1,000 candidates each.
        public init(walks: Int = defaultWalks, length: Int = defaultLength, seed: UInt64 = defaultSeed,
                    maximumShrinks: Int = 5, shrinkBudget: Int = 1000) {
            self.walks = walks
            self.length = length
            self.seed = seed
            self.maximumShrinks = maximumShrinks
            self.shrinkBudget = shrinkBudget
        }
    }

    /// Drives the walks.
    public var runner: Runner
    /// How many walks and how long.
    public var options: Options
    /// The spec paths the replay command names.
    public var paths: [String]

    /// Creates walks over the runner's fixtures.
    public init(runner: Runner, options: Options = Options(), paths: [String] = ["specs"]) {
        self.runner = runner
        self.options = options
        self.paths = paths
    }

    /// Walks one machine spec; nil for other kinds of spec. `scenarios` are the compiled cases of the scenario specs that
    /// use it: each one run with the machine's own product values gives an opening (`MachineWalkModel.opening(of:)`, at
    /// most its first `MachineWalkModel.maximumOpening` moves), and walk `w` starts with opening `w mod (openings + 1)`,
    /// the 0th being none, so the walks go on from where each scenario's set-up leads as well as from the initial
    /// situation. A walk checks at most `maximumOpening + length` steps, so the walks at most `walks` times that, however
    /// long the scenarios. `analysis` is the machine's, as the compilation carries it; without it the machine is
    /// analysed here.
    public func run(_ spec: Spec, analysis: MachineAnalysis? = nil, scenarios: [TestCase] = []) -> MachineWalkResult? {
        guard let model = MachineWalkModel(spec: spec, analysis: analysis) else { return nil }
        let openings = Self.openings(scenarios, of: spec, model: model)
        var steps = 0, clockMoves = 0
        var failing = 0
        var digest: [UInt8] = []
        var firsts: [(walk: Int, predictions: [WalkPrediction], divergence: Divergence)] = []
        var seen: Set<String> = []
        for w in 0..<max(0, options.walks) {
            let opening = w % (openings.count + 1) == 0 ? [] : openings[w % (openings.count + 1) - 1]
            let walk = model.walk(seed: SplitMix64.walkSeed(options.seed, spec: spec.id, walk: w), length: options.length, from: opening)
            digest += Array((walk.map(\.step.action.description).joined(separator: ";") + "\n").utf8)
            let outcome = runner.run(testCase(spec, walk.map(\.step)))
            steps += outcome.steps
            clockMoves += walk.prefix(outcome.steps).filter(\.step.action.isClockMove).count
            guard let divergence = outcome.divergence, walk.indices.contains(divergence.step) else { continue }
            failing += 1
            if seen.insert(walk[divergence.step].transition).inserted {
                firsts.append((w, Array(walk.prefix(divergence.step + 1)), divergence))
            }
        }
        var divergences: [WalkDivergence] = []
        for first in firsts.prefix(max(0, options.maximumShrinks)) {
            let shrunk = shrink(first.predictions, divergence: first.divergence, model: model, walk: first.walk)
            if let shrunk, !divergences.contains(where: { $0.divergence.id == shrunk.divergence.id }) { divergences.append(shrunk) }
        }
        return MachineWalkResult(
            spec: spec.id, fixture: spec.fixture, seed: options.seed, walks: max(0, options.walks), length: options.length,
            steps: steps, fingerprint: String(SHA256.hex(digest).prefix(16)), failingWalks: failing,
            divergences: divergences.sorted { $0.divergence.id < $1.divergence.id },
            unshrunk: firsts.dropFirst(max(0, options.maximumShrinks)).map { $0.predictions[$0.predictions.count - 1].transition }.sorted(),
            limit: model.complete ? nil : "the model's search stopped before every situation: shrinking splices shortest paths only to those it found",
            clockMoves: spec.machineClockMoves.isEmpty ? nil : clockMoves)
    }

    /// The distinct non-empty openings of the scenarios run with the machine's own product values, in case order.
    static func openings(_ scenarios: [TestCase], of spec: Spec, model: MachineWalkModel) -> [[WalkMove]] {
        var seen: Set<[WalkMove]> = []
        return scenarios.compactMap { scenario in
            guard spec.runsWithOwnProduct(scenario) else { return nil }
            let opening = model.opening(of: scenario.steps)
            return !opening.isEmpty && seen.insert(opening).inserted ? opening : nil
        }
    }

    /// A walk as a one-off test case on a fresh fixture.
    func testCase(_ spec: Spec, _ steps: [TestStep]) -> TestCase {
        TestCase(id: "WALK-\(spec.id)", spec: spec.id, row: "walk", fixture: spec.fixture,
                 product: spec.effectiveProduct.namedValues, steps: steps, target: 0,
                 file: spec.file, line: spec.location.line, column: spec.location.column)
    }

    /// What makes two divergences the same fault for the shrinker: the event, the cells that differ, and whether the
    /// fixture failed.
    static func signature(_ divergence: Divergence, event: TestAction) -> String {
        let name: String = if case .event(let n, _) = event { n } else { event.description }
        return name + "|" + divergence.cells.filter { !$0.ok }.map(\.name).sorted().joined(separator: ",") + "|" + (divergence.error == nil ? "" : "error")
    }
}
