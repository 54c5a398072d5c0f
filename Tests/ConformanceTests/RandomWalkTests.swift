import Foundation
import SpecKit
import Testing
@testable import Conformance

/// A stand-in PIN lock that blocks after six wrong PINs, whose fault sits six steps deep where no row looks: with
/// `activeUnblocks`, an `active` (which the table ignores) while blocked drops the block.
final class BlockFixture: Fixture {
    enum Bug: String, CaseIterable { case none, activeUnblocks }

    static var vocabulary: FixtureVocabulary {
        FixtureVocabulary(events: ["unlock": ["pin": .domain(.enumeration(["correct", "wrong"]))], "lock": [:], "active": [:], "wait": [:]],
                          observations: ["state": .domain(.enumeration(["Locked", "Unlocked", "Blocked"])), "failures": .domain(.int(0...6))],
                          effects: ["unlocked", "blocked"], product: ["bug": .enumeration(Bug.allCases.map(\.rawValue))])
    }

    private var state = "Locked"
    private var failures = 0
    private let bug: Bug

    init(product: [NamedValue]) throws(FixtureError) {
        self.bug = try standInBug(product)
    }

    func perform(_ action: TestAction) throws(FixtureError) -> [Effect] {
        switch action {
        case .event("unlock", let inputs):
            guard state == "Locked" else { return [] }
            if inputs.first?.value == .symbol("correct") {
                (state, failures) = ("Unlocked", 0)
                return [Effect("unlocked")]
            }
            failures += 1
            guard failures == 6 else { return [] }
            state = "Blocked"
            return [Effect("blocked")]
        case .event("lock", _):
            if state == "Unlocked" { state = "Locked" }
            return []
        case .event("active", _):
            if state == "Blocked" && bug == .activeUnblocks { state = "Locked" }
            return []
        case .event("wait", _):
            if state == "Blocked" { (state, failures) = ("Locked", 0) }
            return []
        default:
            throw FixtureError("unsupported \(action)")
        }
    }

    func observe(_ name: String) throws(FixtureError) -> Value {
        switch name {
        case "state": .symbol(state)
        case "failures": .int(failures)
        default: throw FixtureError("no observation \(name)")
        }
    }
}

/// The compiler's catalog for the stand-in: a registry over it alone.
let blockCatalog = FixtureRegistry { ["block": BlockFixture.self] }

let blockMachine = """
id: toy.block
kind: machine
title: a PIN lock that blocks after six wrong PINs
source: toy.md §4
fixture: block
product: {bug: BUG}
states: [Locked, Unlocked, Blocked]
initial: Locked
variables:
  failures: int 0..6
events:
  unlock:
    pin: [correct, wrong]
  lock:
  active:
  wait:
effects: [unlocked, blocked]
otherwise: ignore
rows:
  - {id: B-UNLOCK, source: toy.md §4, from: Locked, on: unlock, when: {pin: correct}, then: {failures: 0}, effects: [unlocked], to: Unlocked}
  - {id: B-WRONG, source: toy.md §4, from: Locked, on: unlock, when: {pin: wrong, failures: "0..4"}, then: {failures: "+1"}}
  - {id: B-BLOCK, source: toy.md §4, from: Locked, on: unlock, when: {pin: wrong, failures: "5..6"}, then: {failures: 6}, effects: [blocked], to: Blocked}
  - {id: B-LOCK, source: toy.md §4, from: Unlocked, on: lock, to: Locked}
  - {id: B-WAIT, source: toy.md §4, from: Blocked, on: wait, then: {failures: 0}, to: Locked}

"""

/// A runner over the stand-in.
var blockRunner: Runner { Runner(fixtures: ["block": BlockFixture.self]) }

/// The stand-in's machine compiled with a bug: the spec, and whether every row's case passes.
func compileBlock(_ bug: BlockFixture.Bug) throws -> (spec: Spec, rowsPass: Bool) {
    let source = (path: "toy.block.yaml", bytes: Array(blockMachine.replacingOccurrences(of: "BUG", with: bug.rawValue).utf8))
    let compilation = SpecCompiler(catalog: blockCatalog).compile(sources: [source])
    #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics)")
    return (try #require(compilation.specs.first), compilation.suite.cases.allSatisfy { blockRunner.run($0).passed })
}

func walk(_ spec: Spec, walks: Int = 1000, length: Int = 50, seed: UInt64 = 1) throws -> MachineWalkResult {
    try #require(RandomWalks(runner: blockRunner, options: .init(walks: walks, length: length, seed: seed)).run(spec))
}

/// The faulty stand-in walked once with the defaults (1,000 walks of 50 steps, seed 1), shared by the tests that read it.
let faultyBlockWalk: MachineWalkResult? = {
    let source = (path: "toy.block.yaml", bytes: Array(blockMachine.replacingOccurrences(of: "BUG", with: "activeUnblocks").utf8))
    return SpecCompiler(catalog: blockCatalog).compile(sources: [source]).specs.first.flatMap { RandomWalks(runner: blockRunner).run($0) }
}()

@Suite("Random walks with shrinking")
struct RandomWalkTests {
    @Test("the model: an ignored event changes nothing and emits nothing, a move outside the model is not predicted, shortest paths are known")
    func model() throws {
        let (spec, _) = try compileBlock(.none)
        let model = try #require(MachineWalkModel(spec: spec))
        #expect(model.eventCount == 4 && model.atoms(ofEvent: 0) == 2 && model.complete)
        let wrong = WalkMove.event(0, atom: 1), active = WalkMove.event(2, atom: 0)
        let predictions = try #require(model.predict(Array(repeating: wrong, count: 6) + [active]))
        let last = try #require(predictions.last)
        #expect(predictions[5].step.row == "B-BLOCK")
        #expect((last.state, last.depth, last.step.row, last.step.effects) == ("Blocked", 6, nil, []))
        #expect(last.step.expect == [NamedValue("state", .symbol("Blocked")), NamedValue("failures", .int(6))])
        #expect(model.shortestPath(to: last) == Array(repeating: wrong, count: 6))
        #expect(model.predict([wrong, .setClock(milliseconds: -12_345)]) == nil, "a clock move the machine does not imply")
        #expect(model.predict([wrong, .event(99, atom: 0)]) == nil && model.predict([.event(0, atom: 99)]) == nil)
        #expect(model.walk(seed: 3, length: 20) == model.walk(seed: 3, length: 20))
        #expect(model.walk(seed: 3, length: 20).count == 20)
    }

    @Test("a correct stand-in: every walk runs its full length and holds")
    func cleanCorePasses() throws {
        let (spec, rowsPass) = try compileBlock(.none)
        #expect(rowsPass)
        let result = try walk(spec, walks: 200)
        #expect((result.failingWalks, result.steps, result.divergences.count) == (0, 200 * 50, 0))
    }

    @Test("a fault six steps deep: the rows pass, the walks find it and shrink it to the shortest path")
    func findsAndShrinks() throws {
        let (_, rowsPass) = try compileBlock(.activeUnblocks)
        #expect(rowsPass, "the rows see the fault")
        let result = try #require(faultyBlockWalk)
        #expect(result.failingWalks > 0)
        let found = try #require(result.divergences.first)
        #expect(result.divergences.count == 1)
        #expect(found.shortest == 7)  // six wrong PINs, then active
        #expect(found.shrunk <= 7)
        #expect(found.found > found.shrunk)
        let d = found.divergence
        #expect(d.id.hasPrefix("EX-toy.block-Blocked-active-"))
        #expect((d.situation, d.event, d.row) == ("Blocked with failures=6", "active", nil))
        #expect(d.divergence.path == Array(repeating: "unlock(pin=wrong)", count: 6))
        #expect(d.divergence.cells.filter { !$0.ok }.map { "\($0.name): \($0.expected) / \($0.actual)" } == ["state: Blocked / Locked"])
        #expect(found.replay == "lockspec explore specs --spec toy.block --no-tour --seed 1 --walks \(found.walk + 1) --length 50")
        #expect(found.scenarioFile.hasPrefix("toy.block.walk-") && found.scenarioFile.hasSuffix(".yaml"))
        // Saved beside the machine's file, wherever that is (a trial ran a copy in /tmp, and the hint said specs/).
        #expect(found.scenario.contains("# Save it as \(found.savePath) and run it: lockspec run \(found.savePath)\n"), "\(found.scenario)")
        #expect(WalkDivergence.savePath("w.yaml", besideSpecAt: "/tmp/trial/launch-lock.triggers.yaml") == "/tmp/trial/w.yaml")
        #expect(WalkDivergence.savePath("w.yaml", besideSpecAt: "specs/launch-lock.triggers.yaml") == "specs/w.yaml")
        #expect(WalkDivergence.savePath("w.yaml", besideSpecAt: "launch-lock.triggers.yaml") == "w.yaml")
    }

    @Test("the printed scenario lints clean next to the machine, fails against the faulty stand-in and holds on a correct one")
    func scenarioReplays() throws {
        let found = try #require(faultyBlockWalk?.divergences.first)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("walk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for bug in BlockFixture.Bug.allCases {
            try Data(blockMachine.replacingOccurrences(of: "BUG", with: bug.rawValue).utf8).write(to: folder.appendingPathComponent("toy.block.yaml"))
            try Data(found.scenario.replacingOccurrences(of: "bug: activeUnblocks", with: "bug: \(bug.rawValue)").utf8)
                .write(to: folder.appendingPathComponent(found.scenarioFile))
            let compilation = try SpecCompiler(catalog: blockCatalog).compile(paths: [folder.path])
            #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics)\n\(found.scenario)")
            let scenario = try #require(compilation.suite.cases.first { $0.spec == found.scenarioFile.replacingOccurrences(of: ".yaml", with: "") })
            #expect(scenario.steps.count == found.shrunk)
            let outcome = blockRunner.run(scenario)
            if bug == .none {
                #expect(outcome.passed, "\(String(describing: outcome.divergence))")
            } else {
                let divergence = try #require(outcome.divergence)
                #expect(divergence.step == found.shrunk - 1)
                #expect(divergence.cells.filter { !$0.ok }.map(\.name) == ["state"])
            }
        }
        #expect(found.scenario.contains("kind: scenarios\n"))
        #expect(found.scenario.contains("uses: toy.block\n"))
        #expect(found.scenario.contains("    given: {bug: activeUnblocks}\n"))
        #expect(found.scenario.contains("      - event: active\n        expect: {state: Blocked, failures: 6, effects: []}   # the core diverges here\n"))
        #expect(found.scenario.contains("# Replay the walks: \(found.replay)\n"))
    }

    @Test("same seed, byte-identical JSON; another seed, other walks")
    func deterministic() throws {
        let (spec, _) = try compileBlock(.activeUnblocks)
        let a = try walk(spec, walks: 300, seed: 7)
        let first = try renderExplorationJSON(ExplorationResult(machines: [], walks: [a]))
        #expect(try renderExplorationJSON(ExplorationResult(machines: [], walks: [try walk(spec, walks: 300, seed: 7)])) == first)
        #expect(first.contains("\"fingerprint\" : \"\(a.fingerprint)\""))
        let b = try walk(spec, walks: 300, seed: 8)
        #expect(a.fingerprint != b.fingerprint)
    }

    @Test("the exploration entry point runs the walks beside the tour, or alone, and fails with exit 1")
    func entryPoint() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("walk-entry-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(blockMachine.replacingOccurrences(of: "BUG", with: "activeUnblocks").utf8).write(to: folder.appendingPathComponent("toy.block.yaml"))
        let walks = RandomWalks.Options(walks: 300, length: 50, seed: 1)
        for tour in [true, false] {
            let outcome = ConformanceExploration(.init(paths: [folder.path], tour: tour, walks: walks), catalog: blockCatalog,
                                                 fixtures: ["block": BlockFixture.self]).run()
            let result = try #require(outcome.result)
            #expect(result.machines.count == (tour ? 1 : 0))
            #expect(result.walks.map(\.spec) == ["toy.block"])
            #expect(result.walks.first?.divergences.first?.divergence.id.hasPrefix("EX-toy.block-Blocked-active-") == true)
            #expect(result.walks.first?.divergences.first?.replay.contains("lockspec explore \(folder.path) --spec toy.block --no-tour --seed 1") == true)
            #expect(outcome.exitCode == 1)
        }
        let none = ConformanceExploration(.init(paths: [folder.path], tour: false), catalog: blockCatalog, fixtures: ["block": BlockFixture.self]).run()
        #expect(none.result?.walks.isEmpty == true && none.exitCode == 0)
    }

    @Test("the text and github reports name the divergence, the shrinking, the replay and the scenario")
    func reports() throws {
        let result = try #require(faultyBlockWalk)
        let found = try #require(result.divergences.first)
        let text = renderWalks([result], github: true)
        #expect(text.hasPrefix("toy.block: 1000 walks of up to 50 steps (seed 1), \(result.steps) steps checked, \(result.failingWalks) failing walks (at 1 distinct transition) [\(result.fingerprint)]\n"), "\(text.prefix(200))")
        // Every failing walk met the one transition the fault breaks.
        #expect(result.failingWalks > 1 && result.divergences.count == 1 && result.unshrunk.isEmpty)
        #expect(text.contains("  DIVERGES \(found.divergence.id) at toy.block.yaml:1:1\n"))
        #expect(text.contains("    found by walk \(found.walk) after \(found.found) steps, shrunk to \(found.shrunk) (shortest path there: 7) in \(found.runs) runs\n"))
        #expect(text.contains("    replay: \(found.replay)\n"))
        #expect(text.contains("      kind: scenarios\n"))
        #expect(text.contains("::error file=toy.block.yaml,line=1,col=1,title=\(found.divergence.id)::a random walk shrunk to \(found.shrunk) steps"))
        #expect(ExplorationResult(machines: [], walks: [result]).failed)
    }
}
