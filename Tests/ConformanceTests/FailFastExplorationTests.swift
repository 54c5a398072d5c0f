import Foundation
import SpecKit
import Testing
@testable import Conformance

/// `--fail-fast` in the exploration: the tour stops at its first divergence that fails the run (an expected failure
/// does not stop it), the machines after it and the walks are not run.
@Suite("Fail-fast exploration")
struct FailFastExplorationTests {
    static let registry = FixtureRegistry { ["cover": CoverFixture.self] }

    static func run(_ url: URL, failFast: Bool, expected: String? = nil) -> RunOutcome {
        var options = ConformanceRun.Options(paths: [url.appendingPathComponent("cover.yaml").path],
                                             expectedFailures: expected.map { url.appendingPathComponent($0).path },
                                             build: ExplorationRunTests.build, startedAt: ExplorationRunTests.started)
        options.failFast = failFast
        return ConformanceRun(options, registry: registry).run()
    }

    @Test("with a stop, each tour ends at the first divergence it accepts, and says after how many steps", arguments: TransitionTour.Strategy.allCases)
    func tourStops(strategy: TransitionTour.Strategy) throws {
        let (spec, _) = try compileCover(.both)
        let exploration = try #require(MachineExplorer.explore(spec))
        let tour = TransitionTour(runner: Runner(fixtures: ["cover": CoverFixture.self]), strategy: strategy)
        let full = tour.run(exploration)
        #expect(full.divergences.count >= 2 && full.stoppedAfter == nil)
        let stopped = tour.run(exploration, stop: { _ in true })
        #expect(stopped.divergences.count == 1)
        #expect(full.divergences.map(\.id).contains(stopped.divergences[0].id))
        #expect(stopped.checked < full.checked)
        #expect((stopped.stoppedAfter ?? 0) > 0)
        // A stop that accepts nothing changes nothing.
        #expect(tour.run(exploration, stop: { _ in false }) == full)
        // A stop that accepts one divergence only goes on past the others, up to that one.
        let target = try #require(full.divergences.last?.id)
        let upTo = tour.run(exploration, stop: { $0 == target })
        #expect(upTo.divergences.map(\.id).contains(target))
        #expect(Set(upTo.divergences.map(\.id)).isSubset(of: Set(full.divergences.map(\.id))))
    }

    @Test("a fail-fast run explores up to its first failing divergence and walks no more; without it, every divergence and the walks")
    func runStops() throws {
        let url = try ExplorationRunTests.folder(.both)
        defer { try? FileManager.default.removeItem(at: url) }
        let full = try #require(Self.run(url, failFast: false).result?.exploration)
        #expect(full.findings.count >= 2 && !full.result.walks.isEmpty)
        let fast = Self.run(url, failFast: true)
        #expect(fast.exitCode == 1)
        let stopped = try #require(fast.result?.exploration)
        #expect(stopped.findings.count == 1 && stopped.findings[0].status == .failed)
        #expect(stopped.result.walks.isEmpty, "the verdict is in: no walk runs")
        #expect(stopped.result.machines.first?.stoppedAfter != nil)
        let cases = try #require(fast.result).cases
        #expect(!cases.isEmpty && cases.allSatisfy { $0.status == .passed }, "the rows ran first and passed")
    }

    @Test("a listed divergence does not stop a fail-fast tour: it goes on to the first one that fails the run")
    func expectedFailureDoesNotStop() throws {
        let url = try ExplorationRunTests.folder(.both)
        defer { try? FileManager.default.removeItem(at: url) }
        let first = try #require(Self.run(url, failFast: true).result?.exploration?.findings.first?.id)
        try "- row: \(first)\n  reason: known\n  expires: 2099-12-31\n"
            .write(to: url.appendingPathComponent("expected.yaml"), atomically: true, encoding: .utf8)
        let outcome = Self.run(url, failFast: true, expected: "expected.yaml")
        let findings = try #require(outcome.result?.exploration?.findings)
        #expect(findings.first { $0.id == first }?.status == .expectedFailure)
        #expect(findings.filter(\.failsRun).count == 1 && outcome.exitCode == 1)
    }

    @Test("the models of the selected specs only")
    func selectedModels() throws {
        let url = try ExplorationRunTests.folder(.both)
        defer { try? FileManager.default.removeItem(at: url) }
        let compilation = try ConformanceRun.compile([url.appendingPathComponent("cover.yaml").path], registry: coverCatalog)
        let limit = MachineExplorer.defaultMaximumTransitions
        #expect(ConformanceExploration.models(compilation, maximumTransitions: limit).map(\.spec) == ["toy.cover"])
        #expect(ConformanceExploration.models(compilation, specs: ["toy.cover"], maximumTransitions: limit).map(\.spec) == ["toy.cover"])
        #expect(ConformanceExploration.models(compilation, specs: ["other"], maximumTransitions: limit).isEmpty)
    }
}
