import Foundation
import Testing
import AppLockFixtures
@testable import Conformance
@testable import SpecKit

/// Lint's `check.contradicts-machine` trusts `MachineWalkModel.replay` to predict what the table says of a scenario's
/// steps. On specs/, where every table and every scenario agree with the core, the replay of each scenario on its
/// machine, run on the core as a case of its own (every step checking the table's full frame and exact effects), must
/// pass: a replay that predicted something the table does not say would fail here before it gave a false finding.
@Suite("Scenario replays agree with the core")
struct ScenarioReplayTests {
    @Test("specs/: every scenario's replay on the machine it uses passes on the core, step for step")
    func replaysPassOnTheCore() throws {
        let compiled = try ConformanceRun.compile([SearchOnceTests.specs], registry: .standard)
        let specs = compiled.specs.firstByKey { ($0.id, $0) }
        let runner = Runner(fixtures: FixtureRegistry.standard.fixtureTypes)
        var replayedSteps = 0, scenarios = 0, beyondOpenings = 0, allSteps = 0, considered = 0, longestOpening = 0
        for testCase in compiled.suite.cases {
            guard let spec = specs[testCase.spec], case .scenarios(let set) = spec.body, let uses = set.uses,
                  let machine = specs[uses], machine.runsWithOwnProduct(testCase),
                  let model = MachineWalkModel(spec: machine, analysis: compiled.machineAnalyses[uses]) else { continue }
            allSteps += testCase.steps.count
            considered += 1
            let replayed = model.replay(testCase.steps)
            guard !replayed.isEmpty else { continue }
            var replay = testCase
            replay.steps = replayed.map(\.predicted)
            replay.target = 0
            let outcome = runner.run(replay)
            #expect(outcome.passed, "\(testCase.id): \(outcome.divergence.map { "\($0)" } ?? "")")
            scenarios += 1
            replayedSteps += replayed.count
            let moves = replayed.filter { $0.predicted.action != .check }.count
            let opening = model.opening(of: testCase.steps).count
            beyondOpenings += moves - opening
            longestOpening = max(longestOpening, opening)
        }
        // Figures on 2026-12-07: of 282 cases (2,337 steps), 185 replayed in part or whole, 1,275 steps, 36 of them past
        // the walks' openings (inputs between the edges the walks try, the clock moved by other amounts). The bounds are below them, so a replay that
        // stops early fails here.
        #expect(scenarios >= 150, "\(scenarios) of \(considered) scenarios")
        #expect(replayedSteps >= 1000, "\(replayedSteps) of \(allSteps) steps")
        #expect(beyondOpenings > 0, "\(beyondOpenings) steps past the openings")
        // The longest opening (201 moves on 2026-12-07, DP-S-DECOY-100-ERASE-OFF) is not cut: the walks over specs/ take
        // every scenario's opening whole.
        #expect(longestOpening < MachineWalkModel.maximumOpening, "\(longestOpening) moves")
    }
}
