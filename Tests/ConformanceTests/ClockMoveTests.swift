import Foundation
import SpecKit
import Testing
@testable import Conformance

/// A stand-in PIN lock that blocks for `block` after three wrong PINs and measures the block on the time it has seen
/// pass: a clock set back or forward is not time passing. With `clockBackEnds`, it measures the block as the distance
/// between the clock and the blocking instant, so a clock set back or forward by the block's length or more ends it
/// (the kind of fault a lockout on a settable clock has). With `forwardEnds`, it measures the time since the blocking
/// instant on the clock it can be set, so only a clock set forward ends it early (a moved-back clock was absorbed, as
/// MedTime's screen did before it read the uptime clock).
final class TimedBlockFixture: Fixture {
    enum Bug: String, CaseIterable { case none, clockBackEnds, forwardEnds }

    static var vocabulary: FixtureVocabulary {
        FixtureVocabulary(events: ["unlock": ["pin": .domain(.enumeration(["correct", "wrong"]))], "wait": ["elapsed": .domain(.duration(0...7_200_000))]],
                          observations: ["state": .domain(.enumeration(["Locked", "Unlocked", "Blocked"])), "failures": .domain(.int(0...3))],
                          effects: ["unlocked", "blocked"],
                          product: ["bug": .enumeration(Bug.allCases.map(\.rawValue)), "block": .duration(1...3_600_000)],
                          setsClock: true)
    }

    private var state = "Locked"
    private var failures = 0
    private var clock = 0
    private var blockedAt = 0
    private var elapsedSinceBlock = 0
    private let bug: Bug
    private let block: Int

    init(product: [NamedValue]) throws(FixtureError) {
        let bug: Bug = try standInBug(product)
        guard case .duration(let block)? = product.first(where: { $0.name == "block" })?.value else { throw FixtureError("no block") }
        (self.bug, self.block) = (bug, block)
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
            guard failures == 3 else { return [] }
            (state, blockedAt, elapsedSinceBlock) = ("Blocked", clock, 0)
            return [Effect("blocked")]
        case .event("wait", let inputs):
            guard case .duration(let ms)? = inputs.first?.value else { throw FixtureError("wait needs elapsed") }
            move(ms)
            return []
        case .advance(let ms):
            move(ms)
            return []
        case .setClock(let ms):
            move(ms, elapsed: false)
            return []
        default:
            throw FixtureError("unsupported \(action)")
        }
    }

    /// The clock moves by `ms` (back when negative), as time passing when `elapsed` and positive, else as the clock
    /// set; then the block is checked, as a screen's refresh would.
    private func move(_ ms: Int, elapsed: Bool = true) {
        clock += ms
        if ms > 0 && elapsed { elapsedSinceBlock += ms }
        if ms < 0 && bug == .forwardEnds { blockedAt += ms }
        guard state == "Blocked" else { return }
        let measured = switch bug {
        case .none: elapsedSinceBlock
        case .clockBackEnds: abs(clock - blockedAt)
        case .forwardEnds: clock - blockedAt
        }
        if measured >= block { (state, failures) = ("Locked", 0) }
    }

    func observe(_ name: String) throws(FixtureError) -> Value {
        switch name {
        case "state": .symbol(state)
        case "failures": .int(failures)
        default: throw FixtureError("no observation \(name)")
        }
    }
}

let timedBlockMachine = """
id: toy.timed
kind: machine
title: a PIN lock that blocks for a while after three wrong PINs
source: toy.md §5
fixture: timed
product: {bug: BUG, block: 1m}
states: [Locked, Unlocked, Blocked]
initial: Locked
variables:
  failures: int 0..3
events:
  unlock:
    pin: [correct, wrong]
  wait:
    elapsed: duration 0s..2h
effects: [unlocked, blocked]
otherwise: ignore
rows:
  - {id: T-UNLOCK, source: toy.md §5, from: Locked, on: unlock, when: {pin: correct}, then: {failures: 0}, effects: [unlocked], to: Unlocked}
  - {id: T-WRONG, source: toy.md §5, from: Locked, on: unlock, when: {pin: wrong, failures: "0..1"}, then: {failures: "+1"}}
  - {id: T-BLOCK, source: toy.md §5, from: Locked, on: unlock, when: {pin: wrong, failures: 2}, then: {failures: 3}, effects: [blocked], to: Blocked}
  - {id: T-END, source: toy.md §5, from: Blocked, on: wait, when: {elapsed: ">= block"}, then: {failures: 0}, to: Locked}
  - {id: T-SHORT-WAIT, source: toy.md §5, from: Blocked, on: wait, when: {elapsed: "< block"}, unmodelled: "time accumulated within the block: two short waits can end it"}

"""

@Suite("The clock set back and forward, as an exploration input")
struct ClockMoveTests {
    static let catalog = FixtureRegistry { ["timed": TimedBlockFixture.self] }
    static var runner: Runner { Runner(fixtures: ["timed": TimedBlockFixture.self]) }

    /// The stand-in's vocabulary with its clock moves turned off.
    struct NoClockCatalog: FixtureCatalog {
        func vocabulary(of fixture: String) -> FixtureVocabulary? {
            guard fixture == "timed" else { return nil }
            var vocabulary = TimedBlockFixture.vocabulary
            vocabulary.setsClock = false
            return vocabulary
        }
        var fixtureNames: [String] { ["timed"] }
    }

    static func compile(_ bug: TimedBlockFixture.Bug, catalog: any FixtureCatalog = catalog) throws -> (spec: Spec, rowsPass: Bool) {
        let source = (path: "toy.timed.yaml", bytes: Array(timedBlockMachine.replacingOccurrences(of: "BUG", with: bug.rawValue).utf8))
        let compilation = SpecCompiler(catalog: catalog).compile(sources: [source])
        #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics)")
        return (try #require(compilation.specs.first), compilation.suite.cases.allSatisfy { runner.run($0).passed })
    }

    @Test("the amounts come from the compiled guards (the block's edge, a product value): just before, at and just after it")
    func amountsFromGuards() throws {
        let spec = try Self.compile(.none).spec
        #expect(spec.machineClockMoves == [59_999, 60_000, 60_001])
        let exploration = try #require(MachineExplorer.explore(spec))
        let blocked = try #require(exploration.situations.first { $0.state == "Blocked" })
        let moves = blocked.transitions.filter { $0.step.action.isClockMove }
        #expect(moves.map(\.step.action.description) == ["advance -59999ms", "advance -1m", "advance -60001ms",
                                                           "setClock +59999ms", "setClock +1m", "setClock +60001ms"])
        #expect(moves.allSatisfy { $0.step.row == nil && $0.step.effects == [] && $0.step.expect.first == NamedValue("state", .symbol("Blocked")) })
        #expect(moves.prefix(3).allSatisfy { $0.id.hasPrefix("EX-toy.timed-Blocked-clockBack-") })
        #expect(moves.suffix(3).allSatisfy { $0.id.hasPrefix("EX-toy.timed-Blocked-clockForward-") })
        #expect(Set(moves.map(\.id)).count == 6)
        // Every situation gets the six moves.
        #expect(exploration.situations.allSatisfy { $0.transitions.filter { $0.step.action.isClockMove }.count == 6 })
    }

    @Test("a fixture that cannot set its clock gets no clock moves")
    func noMovesWithoutTheFixture() throws {
        let spec = try Self.compile(.none, catalog: NoClockCatalog()).spec
        #expect(spec.machineClockMoves.isEmpty)
        #expect(try #require(MachineExplorer.explore(spec)).situations.allSatisfy { !$0.transitions.contains { $0.step.action.isClockMove } })
    }

    @Test("a correct stand-in holds on every clock move, in the tour and the walks")
    func correctHolds() throws {
        let (spec, rowsPass) = try Self.compile(.none)
        #expect(rowsPass)
        let tour = TransitionTour(runner: Self.runner).run(try #require(MachineExplorer.explore(spec)))
        #expect(tour.divergences.isEmpty, "\(tour.divergences)")
        #expect(tour.clockMoves == 6 * tour.situations && tour.checked == tour.transitions)
        let walks = try #require(RandomWalks(runner: Self.runner, options: .init(walks: 300, length: 30, seed: 1)).run(spec))
        #expect(walks.failingWalks == 0, "\(walks.divergences.map(\.scenario))")
        #expect((walks.clockMoves ?? 0) > 0)
    }

    @Test("a block that a clock moved back ends: every row passes, the tour names the situation and the clock move")
    func tourFindsTheClockFault() throws {
        let (spec, rowsPass) = try Self.compile(.clockBackEnds)
        #expect(rowsPass)
        let tour = TransitionTour(runner: Self.runner).run(try #require(MachineExplorer.explore(spec)))
        #expect(Set(tour.divergences.map(\.event)) == ["advance -1m", "advance -60001ms", "setClock +1m", "setClock +60001ms"])
        let d = try #require(tour.divergences.first { $0.event == "advance -1m" })
        #expect(d.situation == "Blocked with failures=3" && d.row == nil && !d.longerHistory)
        #expect(d.divergence.cells.filter { !$0.ok }.map { "\($0.name) \($0.expected) \($0.actual)" } == ["state Blocked Locked", "failures 3 0"])
        let text = renderExploration(ExplorationResult(machines: [tour]))
        #expect(text.contains("    event: advance -1m, expected: nothing happens (otherwise: ignore)\n"))
        #expect(text.contains("transitions checked (\(tour.clockMoves ?? -1) clock moves back and forward), 4 divergences\n"))
    }

    @Test("a block that a clock set forward ends early (one that absorbs a clock moved back): the tour names only the forward moves, and the walks find them")
    func tourFindsTheForwardFault() throws {
        let (spec, rowsPass) = try Self.compile(.forwardEnds)
        #expect(rowsPass)
        let tour = TransitionTour(runner: Self.runner).run(try #require(MachineExplorer.explore(spec)))
        #expect(Set(tour.divergences.map(\.event)) == ["setClock +1m", "setClock +60001ms"])
        #expect(tour.divergences.allSatisfy { $0.situation == "Blocked with failures=3" })
        let walks = try #require(RandomWalks(runner: Self.runner, options: .init(walks: 300, length: 30, seed: 1)).run(spec))
        let found = try #require(walks.divergences.first)
        #expect(found.divergence.event.hasPrefix("setClock +"))
        #expect(found.scenario.contains("      - setClock: \"+"))
    }

    @Test("the walks find it too, and the shrunk walk is a scenario that lints clean and fails where the walk did")
    func walkScenario() throws {
        let (spec, _) = try Self.compile(.clockBackEnds)
        let walks = try #require(RandomWalks(runner: Self.runner, options: .init(walks: 300, length: 30, seed: 1)).run(spec))
        #expect(walks.failingWalks > 0)
        let found = try #require(walks.divergences.first)
        // The first failing walk of seed 1; a clock set either way ends this block.
        #expect(found.divergence.event.hasPrefix("advance -") || found.divergence.event.hasPrefix("setClock +"))
        #expect(found.scenario.contains("      - advance: \"-") || found.scenario.contains("      - setClock: \"+"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for bug in [TimedBlockFixture.Bug.none, .clockBackEnds] {
            try Data(timedBlockMachine.replacingOccurrences(of: "BUG", with: bug.rawValue).utf8).write(to: folder.appendingPathComponent("toy.timed.yaml"))
            try Data(found.scenario.replacingOccurrences(of: "bug: clockBackEnds", with: "bug: \(bug.rawValue)").utf8)
                .write(to: folder.appendingPathComponent(found.scenarioFile))
            let compilation = try SpecCompiler(catalog: Self.catalog).compile(paths: [folder.path])
            #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics)\n\(found.scenario)")
            let scenario = try #require(compilation.suite.cases.first { $0.spec == found.scenarioFile.replacingOccurrences(of: ".yaml", with: "") })
            let outcome = Self.runner.run(scenario)
            if bug == .none {
                #expect(outcome.passed, "\(String(describing: outcome.divergence))")
            } else {
                #expect(try #require(outcome.divergence).step == scenario.steps.count - 1)
            }
        }
    }
}

/// Walks that start from where a scenario's set-up leads (issue 29, part 4).
@Suite("Random walks from scenario openings")
struct ScenarioOpeningTests {
    static let scenario = """
    id: toy.block.deep
    kind: scenarios
    title: six wrong PINs, then the clock
    source: toy.md §4
    fixture: block
    product: {bug: BUG}
    uses: toy.block
    scenarios:
      - id: S-DEEP
        source: toy.md §4
        steps:
          - event: unlock
            with: {pin: wrong}
            repeat: 6
          - expect: {state: Blocked}
      - id: S-THROUGH
        source: toy.md §4
        steps:
          - event: unlock
            with: {pin: wrong}
            repeat: 6
          - expect: {state: Blocked}
          - event: wait
          - event: unlock
            with: {pin: wrong}
    """

    static func compiled(_ bug: BlockFixture.Bug) throws -> (machine: Spec, cases: [TestCase]) {
        let sources = [(path: "toy.block.yaml", bytes: Array(blockMachine.replacingOccurrences(of: "BUG", with: bug.rawValue).utf8)),
                       (path: "toy.block.deep.yaml", bytes: Array(scenario.replacingOccurrences(of: "BUG", with: bug.rawValue).utf8))]
        let compilation = SpecCompiler(catalog: blockCatalog).compile(sources: sources)
        #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics)")
        let machine = try #require(compilation.specs.first { $0.id == "toy.block" })
        return (machine, ConformanceExploration.scenarioCases(using: "toy.block", in: compilation))
    }

    @Test("a scenario's opening is its steps as the table's moves: a check is passed over, every step the table predicts is taken")
    func openingMoves() throws {
        let (machine, cases) = try Self.compiled(.none)
        let model = try #require(MachineWalkModel(spec: machine))
        #expect(cases.map(\.id) == ["S-DEEP", "S-THROUGH"])
        let opening = model.opening(of: cases[1].steps)
        let predicted = try #require(model.predict(opening))
        #expect(predicted.map(\.step.action.description) == Array(repeating: "unlock(pin=wrong)", count: 6) + ["wait", "unlock(pin=wrong)"])
        #expect(predicted[5].step.expect.first == NamedValue("state", .symbol("Blocked")))
        // A step the table does not know ends the opening there.
        let foreign = TestStep(action: .event("shake", inputs: []), expect: [], effects: nil, row: nil, line: 1, column: 1)
        #expect(model.opening(of: [foreign] + cases[1].steps).isEmpty)
        #expect(model.opening(of: cases[1].steps.prefix(6) + [foreign] + cases[1].steps.dropFirst(6)).count == 6)
    }

    @Test("short walks reach a fault six steps deep only from the scenario's opening")
    func openingsReachDeepFaults() throws {
        let (machine, cases) = try Self.compiled(.activeUnblocks)
        let walks = RandomWalks(runner: blockRunner, options: .init(walks: 10, length: 4, seed: 1))
        let alone = try #require(walks.run(machine))
        #expect(alone.failingWalks == 0)
        // Run with other product values, a scenario's set-up is not the machine's: it gives no opening.
        let other = try Self.compiled(.none).cases
        #expect(try #require(walks.run(machine, scenarios: other)).fingerprint == alone.fingerprint)
        let seeded = try #require(walks.run(machine, scenarios: cases))
        #expect(seeded.failingWalks > 0)
        #expect(seeded.divergences.first?.divergence.event == "active")
    }

    /// A scenario of 3,000 ignored events once gave every other walk all 3,000 as its opening (a scenario of 100,000 made
    /// `lockspec run` replay 100,000 steps in each of 50 walks): an opening is now the scenario's first 1,000 moves.
    @Test("a long scenario lends the walks only its first maximumOpening moves: the steps checked stay within walks × (that + length)")
    func longOpeningIsCut() throws {
        let long = Self.scenario.components(separatedBy: "  - id: S-THROUGH")[0]
            .replacingOccurrences(of: "with: {pin: wrong}\n        repeat: 6\n      - expect: {state: Blocked}", with: "repeat: 3000")
            .replacingOccurrences(of: "event: unlock", with: "event: active")
        let sources = [(path: "toy.block.yaml", bytes: Array(blockMachine.replacingOccurrences(of: "BUG", with: "none").utf8)),
                       (path: "toy.block.deep.yaml", bytes: Array(long.replacingOccurrences(of: "BUG", with: "none").utf8))]
        let compilation = SpecCompiler(catalog: blockCatalog).compile(sources: sources)
        #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics)")
        let machine = try #require(compilation.specs.first { $0.id == "toy.block" })
        let cases = ConformanceExploration.scenarioCases(using: "toy.block", in: compilation)
        #expect(cases.map { $0.steps.count } == [3000])
        let model = try #require(MachineWalkModel(spec: machine))
        #expect(model.opening(of: cases[0].steps).count == MachineWalkModel.maximumOpening)
        // Walks 1 and 3 take the opening, 0, 2 and 4 do not; no walk diverges, so each checks all its steps.
        let result = try #require(RandomWalks(runner: blockRunner, options: .init(walks: 5, length: 4, seed: 1)).run(machine, scenarios: cases))
        #expect(result.failingWalks == 0)
        #expect(result.steps == 2 * MachineWalkModel.maximumOpening + 5 * 4, "\(result.steps) steps")
    }
}
