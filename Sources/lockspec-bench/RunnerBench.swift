import Foundation
import SpecKit
import Conformance
import AppLockFixtures

/// The runner's throughput on the rows that run no key derivation, against its floor: the same steps sent to the
/// same fixtures in a bare loop, with nothing compared or recorded. Prints rows per second for both and the ratio
/// (goal: the runner within 3x of the bare loop). The swift-testing rate of the same rows is measured by Scripts/bench
/// around `swift test`, since it needs the test runner.
///
/// Arguments: the specs folder (default specs) and, optionally, how many passes (default 5).
func runRunnerBench(_ arguments: [String]) {
    let path = arguments.first { !$0.allSatisfy(\.isNumber) } ?? "specs"
    let passes = arguments.compactMap(Int.init).first ?? 5
    guard let compilation = try? SpecCompiler(catalog: FixtureRegistry.standard).compile(paths: [path]),
          !compilation.failed(strict: false) else {
        print("runner: the specs in \(path) do not compile; run 'lockspec lint \(path)'")
        return
    }
    // Rows whose fixtures derive no Argon2id key: their cost is the harness, not the KDF.
    let cryptoFree: Set<String> = ["launch-lock", "capability", "launch-gates"]
    let cases = compilation.suite.cases.filter { cryptoFree.contains($0.fixture) }
    let runner = FixtureRegistry.standard.runner
    let fixtures = FixtureRegistry.standard.fixtureTypes
    let clock = ContinuousClock()

    var bareTimes: [Double] = [], runnerTimes: [Double] = []
    var failures = 0
    for _ in 0..<passes {
        bareTimes.append(benchSeconds(clock.measure {
            for testCase in cases {
                guard let type = fixtures[testCase.fixture], let fixture = try? type.init(product: testCase.product) else { continue }
                for step in testCase.steps {
                    _ = try? fixture.perform(step.action)
                    for expected in step.expect { _ = try? fixture.observe(expected.name) }
                }
            }
        }))
        runnerTimes.append(benchSeconds(clock.measure {
            failures = 0
            for testCase in cases where !runner.run(testCase).passed { failures += 1 }
        }))
    }
    let bare = bareTimes.sorted()[passes / 2], run = runnerTimes.sorted()[passes / 2]
    let steps = cases.reduce(0) { $0 + $1.steps.count }
    func rate(_ t: Double) -> String { String(Int((Double(cases.count) / max(t, 1e-9)).rounded())) }
    print("runner: \(cases.count) rows without key derivation (\(steps) steps; \(failures) diverging), median of \(passes) passes")
    print("runner:   bare loop (fixtures only, nothing compared): \(rate(bare)) rows/s")
    print("runner:   runner (compare, strict frames, record):     \(rate(run)) rows/s")
    print("runner:   ratio runner/bare time: \(String(format: "%.2f", run / max(bare, 1e-9)))x (goal ≤ 3x)")
    print("runner-rate: \(Double(cases.count) / max(run, 1e-9))")
}
