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
    runTypingBench(specs: path, passes: passes)
}

/// Typing into the dual-password field: one `type` step of N characters, then of 2N, each through the runner on a
/// fresh fixture (median of `passes`), and the ratio of the two times. Linear is about 2x (less with the fixture's
/// fixed set-up); a field copied at every character, as the fixture once did, made it about 4x. Goal ≤ 2.5x.
func runTypingBench(specs path: String, passes: Int) {
    func scenario(_ characters: Int) -> String {
        let text = String(repeating: "a", count: characters)
        return """
        id: bench.typing
        kind: scenarios
        title: typing a long text
        source: dual-password-decoy-space.zh.md §5
        fixture: dual-password
        uses: decoy.unlock
        observe:
          inputLength: int 0..100000000
        events:
          type:
            text: ['"\(text)"']
        scenarios:
          - id: BENCH-TYPING
            source: dual-password-decoy-space.zh.md §5
            given: {derivation: parallel}
            steps:
              - event: type
                with: {text: '"\(text)"'}
                expect: {inputLength: \(characters)}

        """
    }
    let files = ["decoy.unlock.yaml", "decoy.product.yaml"].compactMap { name in
        (try? Data(contentsOf: URL(fileURLWithPath: path).appendingPathComponent(name))).map { ("specs/" + name, [UInt8]($0)) }
    }
    let runner = FixtureRegistry.standard.runner
    let clock = ContinuousClock()
    var medians: [Int: Double] = [:]
    for characters in [20_000, 40_000] {
        let compilation = SpecCompiler(catalog: FixtureRegistry.standard)
            .compile(sources: files.map { (path: $0.0, bytes: $0.1) } + [("specs/bench.typing.yaml", Array(scenario(characters).utf8))])
        guard let testCase = compilation.suite.cases.first(where: { $0.row == "BENCH-TYPING" }), !compilation.failed(strict: false) else {
            print("typing: the bench's scenario does not compile against \(path)")
            return
        }
        let times = (0..<passes).map { _ in benchSeconds(clock.measure { precondition(runner.run(testCase).passed, "typing: the scenario diverged") }) }
        medians[characters] = times.sorted()[passes / 2]
    }
    let (small, large) = (medians[20_000] ?? 0, medians[40_000] ?? 0)
    print("typing: one type step of 20000 characters \(String(format: "%.3f", small)) s, of 40000 \(String(format: "%.3f", large)) s (median of \(passes))")
    print("typing:   ratio 40000/20000: \(String(format: "%.2f", large / max(small, 1e-9)))x (goal ≤ 2.5x: linear in the text's length)")
}
