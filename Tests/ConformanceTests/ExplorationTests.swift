import Foundation
import SpecKit
import Testing
@testable import Conformance

/// A stand-in core with a cover, a lock and an unlock, whose faults sit only where no row looks: combinations the table
/// ignores (`otherwise: ignore`).
final class CoverFixture: Fixture {
    /// The faults; `both` has the two at once, so a tour diverges at two transitions or more.
    enum Bug: String, CaseIterable { case none, coverDroppedOnActiveWhileLocked, effectOnIgnoredLock, both }

    static var vocabulary: FixtureVocabulary {
        FixtureVocabulary(events: ["lock": [:], "active": [:], "unlock": ["pin": .domain(.enumeration(["correct", "wrong"]))]],
                          observations: ["state": .domain(.enumeration(["Unlocked", "Locked"])), "cover": .domain(.bool)],
                          effects: ["locked", "unlocked"], product: ["bug": .enumeration(Bug.allCases.map(\.rawValue))])
    }

    private var locked = false
    private var cover = false
    private let bug: Bug

    init(product: [NamedValue]) throws(FixtureError) {
        self.bug = try standInBug(product)
    }

    func perform(_ action: TestAction) throws(FixtureError) -> [Effect] {
        switch action {
        case .event("lock", _):
            guard !locked else { return bug == .effectOnIgnoredLock || bug == .both ? [Effect("locked")] : [] }
            (locked, cover) = (true, true)
            return [Effect("locked")]
        case .event("active", _):
            if locked && (bug == .coverDroppedOnActiveWhileLocked || bug == .both) { cover = false }
            return []
        case .event("unlock", let inputs):
            guard locked, inputs.first?.value == .symbol("correct") else { return [] }
            (locked, cover) = (false, false)
            return [Effect("unlocked")]
        default:
            throw FixtureError("unsupported \(action)")
        }
    }

    func observe(_ name: String) throws(FixtureError) -> Value {
        switch name {
        case "state": .symbol(locked ? "Locked" : "Unlocked")
        case "cover": .bool(cover)
        default: throw FixtureError("no observation \(name)")
        }
    }
}

/// The compiler's catalog for the stand-in: a registry over it alone.
let coverCatalog = FixtureRegistry { ["cover": CoverFixture.self] }

let coverMachine = """
id: toy.cover
kind: machine
title: a cover while locked
source: toy.md §3
fixture: cover
product: {bug: BUG}
states: [Unlocked, Locked]
initial: Unlocked
variables:
  cover: bool
events:
  lock:
  active:
  unlock:
    pin: [correct, wrong]
effects: [locked, unlocked]
rows:
  - {id: C-LOCK, source: toy.md §3, from: Unlocked, on: lock, then: {cover: true}, effects: [locked], to: Locked}
  - {id: C-UNLOCK, source: toy.md §3, from: Locked, on: unlock, when: {pin: correct}, then: {cover: false}, effects: [unlocked], to: Unlocked}
  - {id: C-UNLOCK-WRONG, source: toy.md §3, from: Locked, on: unlock, when: {pin: wrong}}
  - {id: C-ACTIVE, source: toy.md §3, from: Unlocked, on: active}
"""

/// The stand-in's machine compiled with a bug: the spec, and every row's outcome on the runner.
func compileCover(_ bug: CoverFixture.Bug) throws -> (spec: Spec, rows: [String: Runner.Outcome]) {
    let source = (path: "cover.yaml", bytes: Array(coverMachine.replacingOccurrences(of: "BUG", with: bug.rawValue).utf8))
    let compilation = SpecCompiler(catalog: coverCatalog).compile(sources: [source])
    #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics)")
    let runner = Runner(fixtures: ["cover": CoverFixture.self])
    let rows = Dictionary(uniqueKeysWithValues: compilation.suite.cases.map { ($0.id, runner.run($0)) })
    return (try #require(compilation.specs.first), rows)
}

func tour(_ spec: Spec, maximumTransitions: Int = MachineExplorer.defaultMaximumTransitions) throws -> MachineTourResult {
    let exploration = try #require(MachineExplorer.explore(spec, maximumTransitions: maximumTransitions))
    return TransitionTour(runner: Runner(fixtures: ["cover": CoverFixture.self])).run(exploration)
}

@Suite("The exhaustive transition tour")
struct ExplorationTests {
    @Test("the model predicts every situation × event × input, and an ignored event changes nothing and emits nothing")
    func predictions() throws {
        let (spec, _) = try compileCover(.none)
        let exploration = try #require(MachineExplorer.explore(spec))
        #expect(exploration.situations.map(\.state) == ["Unlocked", "Locked"])
        #expect(exploration.reachable == 2)
        #expect(exploration.transitionCount == 8)  // lock, active, unlock(correct), unlock(wrong) in each
        let locked = exploration.situations[1]
        #expect(locked.path.map(\.action.description) == ["lock"])
        let active = try #require(locked.transitions.first { $0.step.action.description == "active" })
        #expect(active.step.row == nil)
        #expect(active.step.effects == [])
        #expect(active.step.expect == [NamedValue("state", .symbol("Locked")), NamedValue("cover", .bool(true))])
        #expect(active.id.hasPrefix("EX-toy.cover-Locked-active-"))
        #expect(locked.transitions.first { $0.step.action.description == "unlock(pin=correct)" }?.step.row == "C-UNLOCK")
    }

    @Test("a correct stand-in passes its rows and the whole tour")
    func cleanCorePasses() throws {
        let (spec, rows) = try compileCover(.none)
        #expect(rows.values.allSatisfy { $0.passed })
        let result = try tour(spec)
        #expect(result.divergences.isEmpty, "\(result.divergences)")
        #expect((result.situations, result.transitions, result.checked, result.limit) == (2, 8, 8, nil))
    }

    @Test("a fault where no row looks: every row passes, the tour names the situation and the event", arguments: [
        (CoverFixture.Bug.coverDroppedOnActiveWhileLocked, "active", "cover", "true", "false"),
        (CoverFixture.Bug.effectOnIgnoredLock, "lock", "effects", "(none)", "locked"),
    ])
    func faultOnlyOffTheRows(bug: CoverFixture.Bug, event: String, cell: String, expected: String, actual: String) throws {
        let (spec, rows) = try compileCover(bug)
        #expect(rows.count == 4)
        #expect(rows.values.allSatisfy { $0.passed }, "the rows see the fault: \(rows.filter { !$0.value.passed }.keys.sorted())")
        let result = try tour(spec)
        let divergence = try #require(result.divergences.first)
        #expect(result.divergences.count == 1)
        #expect(divergence.id.hasPrefix("EX-toy.cover-Locked-\(event)-"))
        #expect(divergence.situation == "Locked with cover=true")
        #expect(divergence.event == event)
        #expect(divergence.row == nil)
        #expect(divergence.divergence.path == ["lock"])
        let cells = divergence.divergence.cells.filter { !$0.ok }
        #expect(cells.map { [$0.name, $0.expected.description, $0.actual.description] } == [[cell, expected, actual]])
        let text = renderExploration(ExplorationResult(machines: [result]))
        #expect(text.contains("DIVERGES \(divergence.id) at cover.yaml:1:1"))
        #expect(text.contains("situation: Locked with cover=true"))
        #expect(text.contains("event: \(event), expected: nothing happens (otherwise: ignore)"))
    }

    @Test("two tours give byte-identical JSON")
    func deterministic() throws {
        let (spec, _) = try compileCover(.coverDroppedOnActiveWhileLocked)
        let first = try renderExplorationJSON(ExplorationResult(machines: [try tour(spec)]))
        let second = try renderExplorationJSON(ExplorationResult(machines: [try tour(spec)]))
        #expect(first == second)
        #expect(first.contains("\"id\" : \"EX-toy.cover-Locked-active-"))
    }

    @Test("the transition limit stops the tour between situations and says so")
    func limit() throws {
        let (spec, _) = try compileCover(.coverDroppedOnActiveWhileLocked)
        let result = try tour(spec, maximumTransitions: 4)
        #expect((result.reachable, result.situations, result.checked) == (2, 1, 4))
        #expect(result.divergences.isEmpty)  // the faulty situation is past the limit
        #expect(result.limit == "the machine has 2 reachable situations; the tour stops after 1 of them (4 transitions, the most is 4)")
        #expect(renderExploration(ExplorationResult(machines: [result])).contains("[explore.limit]"))
        // Found by a trial: the run's own reports said "explored 29971/29971 transitions" and nothing of the limit.
        let run = RunResult(identity: ReportFixture.identity(), specs: [], cases: [],
                            exploration: RunExploration(result: ExplorationResult(machines: [result]), findings: []))
        let said = "the machine has 2 reachable situations; the tour stops after 1 of them"
        #expect(renderConsole(run, color: false).contains("warning: toy.cover: \(said)"))
        #expect(renderMarkdown(run).contains("**toy.cover: the tour stopped early.** \(said)"))
        #expect(renderJUnit(run).contains("warning: the tour stopped early: \(said)"))
        var withGraph = run
        withGraph.specs = [CompiledSpec(id: "toy.cover", kind: .machine, title: "t", source: "d §1", fixture: "f", file: "toy.yaml", sha256: "",
                                        product: [], rows: [], graph: MachineGraph(states: ["Open"], initial: "Open", edges: []))]
        #expect(renderHTML(withGraph).contains("The exploration's tour stopped early: \(said)"))
        // Found by a re-trial: GitHub annotations and SARIF did not carry it.
        #expect(renderExplorationAnnotations(withGraph).contains("::warning file=toy.yaml,title=explore.limit::toy.cover: the tour stopped early: \(said)"))
        let sarif = renderSARIF(withGraph)
        #expect(sarif.contains("\"explore.limit\"") && sarif.contains("\"warning\"") && sarif.contains("toy.cover: the tour stopped early: \(said)"))
    }
}
