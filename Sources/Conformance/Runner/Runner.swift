import Foundation
import SpecKit

/// Runs compiled test cases against fixtures, step by step, and compares every observation with the table.
///
/// Each case gets a fresh fixture (a fresh core, store and clock). After every step the runner reads each expected
/// observation; for machine steps the expectation lists the state and every variable (strict frames), and the step's
/// effects are compared as an exact multiset. The first step that disagrees ends the case with a divergence.
public struct Runner: Sendable {
    /// Which cases to run.
    public struct Selection: Sendable {
        /// Only cases of these rows (row or case ids); nil for all.
        public var rows: Set<String>?
        /// Only cases of these specs; nil for all.
        public var specs: Set<String>?
        /// Only shard `index` (1-based) of `count`: cases whose position in the suite is index-1 modulo count.
        public var shard: (index: Int, count: Int)?

        /// Creates a selection.
        public init(rows: Set<String>? = nil, specs: Set<String>? = nil, shard: (index: Int, count: Int)? = nil) {
            self.rows = rows
            self.specs = specs
            self.shard = shard
        }

        /// The selected cases, in suite order.
        public func apply(to suite: CompiledSuite) -> [TestCase] {
            suite.cases.enumerated().filter { i, c in
                if let rows, !rows.contains(c.row) && !rows.contains(c.id) { return false }
                if let specs, !specs.contains(c.spec) { return false }
                if let shard, i % shard.count != shard.index - 1 { return false }
                return true
            }.map(\.element)
        }
    }

    /// The fixtures, by name.
    public var fixtures: [String: any Fixture.Type]

    /// Creates a runner over the given fixture types.
    public init(fixtures: [String: any Fixture.Type]) { self.fixtures = fixtures }

    /// The outcome of one case before expectations are applied.
    public struct Outcome: Sendable {
        /// Whether every step held.
        public var passed: Bool
        /// How many steps ran.
        public var steps: Int
        /// The first divergence.
        public var divergence: Divergence?
        /// The rows whose transitions were exercised.
        public var exercised: [String]
    }

    /// How many cases run side by side before their results are taken (and `progress` told): enough to keep the cores
    /// busy, few enough that the progress line moves.
    static let batchSize = 32

    /// Runs one case on a fresh fixture.
    public func run(_ testCase: TestCase) -> Outcome {
        guard let type = fixtures[testCase.fixture] else {
            return Outcome(passed: false, steps: 0, divergence: Divergence(
                step: 0, action: "setup", path: [], onPath: false, row: testCase.row, line: testCase.line, column: testCase.column,
                cells: [], error: "there is no fixture '\(testCase.fixture)'"), exercised: [])
        }
        let fixture: any Fixture
        do {
            fixture = try type.init(product: testCase.product)
        } catch {
            return Outcome(passed: false, steps: 0, divergence: Divergence(
                step: 0, action: "setup", path: [], onPath: false, row: testCase.row, line: testCase.line, column: testCase.column,
                cells: [], error: error.message), exercised: [])
        }
        var exercised: [String] = []
        for (i, step) in testCase.steps.enumerated() {
            func diverge(_ cells: [CellResult], _ error: String?) -> Outcome {
                Outcome(passed: false, steps: i + 1, divergence: Divergence(
                    step: i, action: step.action.description, path: testCase.steps[..<i].map(\.action.description),
                    onPath: i < testCase.target, row: step.row, line: step.line, column: step.column, cells: cells, error: error),
                    exercised: exercised)
            }
            let checked = Self.perform(step, on: fixture)
            if let error = checked.error { return diverge([], error) }
            let cells = checked.cells
            if cells.contains(where: { !$0.ok }) { return diverge(cells, nil) }
            if let row = step.row, !exercised.contains(row) { exercised.append(row) }
        }
        if exercised.isEmpty { exercised = [testCase.row] }
        return Outcome(passed: true, steps: testCase.steps.count, divergence: nil, exercised: exercised)
    }

    /// Whether an observed value agrees with the expected one, compared as values: equal values, or a symbol and a
    /// text with the same characters (an observation declared as text may come back as a symbol and the reverse).
    static func agree(_ expected: Value, _ actual: Value) -> Bool { expected.agrees(with: actual) }

    /// Whether the emitted effects are exactly the expected ones, compared structurally as multisets: each expected
    /// pattern matches a different emitted effect by name and typed arguments (`*` matches any value of its argument),
    /// and nothing is left over.
    static func effectsAgree(expected: [EffectPattern], actual: [Effect]) -> Bool {
        EffectPattern.multisetMatches(expected, actual)
    }

    /// Runs the selected cases and applies the expected-failures list (`today` as YYYY-MM-DD decides expiry).
    /// `progress` is called after each case with (done, total). The cases run side by side on the cores, a batch at a
    /// time (each on a fixture of its own), and are taken in suite order. With `stopAtFirstFailure` they run one after
    /// another, and no case runs after the first one that fails the run (the result then holds the cases run so far, and
    /// how many it did not reach).
    public func run(_ suite: CompiledSuite, selection: Selection = Selection(), expectations: ExpectedFailures? = nil,
                    identity: RunIdentity, today: String, stopAtFirstFailure: Bool = false,
                    progress: ((Int, Int) -> Void)? = nil) -> RunResult {
        let cases = selection.apply(to: suite)
        var rowInfo: [String: RowRecord] = [:]
        for spec in suite.specs { for row in spec.rows { rowInfo[row.id] = row } }
        var machineStarts: [String: String] = [:]
        for spec in suite.specs where spec.kind == .machine { machineStarts[spec.id] = spec.graph?.initial }
        var results: [CaseResult] = []
        results.reserveCapacity(cases.count)
        let batch = stopAtFirstFailure ? 1 : Self.batchSize
        var outcomes: [Outcome] = []
        for (n, testCase) in cases.enumerated() {
            if n % batch == 0 { outcomes = Array(cases[n..<min(n + batch, cases.count)]).concurrentMap { self.run($0) } }
            let outcome = outcomes[n % batch]
            var status: CaseStatus = outcome.passed ? .passed : .failed
            let entry = expectations?.entry(for: testCase)
            if let entry {
                if entry.expires < today { status = .expired } else { status = outcome.passed ? .unexpectedPass : .expectedFailure }
            }
            let info = rowInfo[testCase.row]
            results.append(CaseResult(
                id: testCase.id, spec: testCase.spec, row: testCase.row, source: info?.source, decision: info?.decision,
                file: testCase.file, line: testCase.line, column: testCase.column, status: status, steps: outcome.steps,
                divergence: outcome.divergence, expectedReason: entry?.reason, exercised: outcome.exercised,
                checks: CheckedStep.checks(of: testCase, machineStart: machineStarts[testCase.spec])))
            progress?(n + 1, cases.count)
            if stopAtFirstFailure, results[results.count - 1].failsRun { break }
        }
        return RunResult(identity: identity, specs: suite.specs, cases: results,
                         notReached: results.count < cases.count ? cases.count - results.count : nil)
    }
}
