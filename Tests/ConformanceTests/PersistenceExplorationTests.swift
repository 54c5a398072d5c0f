import Foundation
import SpecKit
import Testing
@testable import Conformance

/// A stand-in PIN screen with a lockout: two wrong PINs block it, `expire` ends the block, a right PIN unlocks. The
/// failure count and the block persist (a store that outlives the core), so a relaunch comes back to the PIN entry
/// with them; with `lockoutInMemory` they are kept in the core only, and a relaunch forgets them. Nothing else differs.
final class LockoutFixture: Fixture {
    enum Bug: String, CaseIterable { case none, lockoutInMemory }

    static var vocabulary: FixtureVocabulary {
        FixtureVocabulary(events: ["pin": ["pin": .domain(.enumeration(["right", "wrong"]))], "expire": [:]],
                          observations: ["state": .domain(.enumeration(["Entry", "Unlocked"])), "failures": .domain(.int(0...2)),
                                         "blocked": .domain(.bool), "typed": .domain(.bool)],
                          effects: ["blockedNotice"], product: ["bug": .enumeration(Bug.allCases.map(\.rawValue))],
                          supportsRelaunch: true)
    }

    private struct Core { var failures = 0, blocked = false, typed = false, unlocked = false }

    private let bug: Bug
    /// What outlives a kill: the failure count and the block.
    private var store = (failures: 0, blocked: false)
    /// The running core: nil after a kill.
    private var core: Core? = Core()

    init(product: [NamedValue]) throws(FixtureError) {
        let name = product.first { $0.name == "bug" }?.value.description ?? "none"
        guard let bug = Bug(rawValue: name) else { throw FixtureError("unknown bug \(name)") }
        self.bug = bug
    }

    func perform(_ action: TestAction) throws(FixtureError) -> [Effect] {
        switch action {
        case .kill:
            core = nil
            return []
        case .relaunch:
            core = Core(failures: store.failures, blocked: store.blocked)
            return []
        case .event(let name, let inputs):
            guard var c = core else { throw FixtureError("the app is killed") }
            let effects = try Self.handle(name, inputs.first?.value.description, &c)
            core = c
            if bug != .lockoutInMemory { store = (c.failures, c.blocked) }
            return effects
        default:
            throw FixtureError("unsupported \(action)")
        }
    }

    private static func handle(_ name: String, _ input: String?, _ c: inout Core) throws(FixtureError) -> [Effect] {
        switch (name, input) {
        case ("pin", _) where c.blocked || c.unlocked:
            return []
        case ("pin", "right"):
            (c.failures, c.typed, c.unlocked) = (0, true, true)
            return []
        case ("pin", "wrong"):
            (c.failures, c.typed) = (c.failures + 1, true)
            guard c.failures == 2 else { return [] }
            c.blocked = true
            return [Effect("blockedNotice")]
        case ("expire", _):
            if c.blocked { (c.blocked, c.failures) = (false, 0) }
            return []
        default:
            throw FixtureError("unsupported \(name)")
        }
    }

    func observe(_ name: String) throws(FixtureError) -> Value {
        guard let c = core else { throw FixtureError("the app is killed") }
        switch name {
        case "state": return .symbol(c.unlocked ? "Unlocked" : "Entry")
        case "failures": return .int(c.failures)
        case "blocked": return .bool(c.blocked)
        case "typed": return .bool(c.typed)
        default: throw FixtureError("no observation \(name)")
        }
    }
}

/// The compiler's catalog for the stand-in: a registry over it alone.
let lockoutCatalog = FixtureRegistry { ["lockout": LockoutFixture.self] }

/// The stand-in's table: nothing in it names a kill or a relaunch; it only says what persists.
let lockoutMachine = """
id: toy.lockout
kind: machine
title: a PIN lockout that survives a kill
source: toy.md §6
fixture: lockout
product: {bug: BUG}
states: [Entry, Unlocked]
initial: Entry
variables:
  failures: {type: int 0..2, persist: true}
  blocked: {type: bool, persist: true}
  typed: bool
events:
  pin:
    pin: [right, wrong]
  expire:
effects: [blockedNotice]
rows:
  - {id: L-WRONG, source: toy.md §6, from: Entry, on: pin, when: {pin: wrong, failures: 0, blocked: false}, then: {failures: "+1", typed: true}}
  - {id: L-BLOCK, source: toy.md §6, from: Entry, on: pin, when: {pin: wrong, failures: 1, blocked: false}, then: {failures: "+1", blocked: true, typed: true}, effects: [blockedNotice]}
  - {id: L-RIGHT, source: toy.md §6, from: Entry, on: pin, when: {pin: right, blocked: false}, then: {failures: 0, typed: true}, to: Unlocked}
  - {id: L-EXPIRE, source: toy.md §6, from: Entry, on: expire, when: {blocked: true}, then: {failures: 0, blocked: false}}
"""

/// The stand-in's machine compiled with a bug: the spec, and every row's outcome on the runner.
func compileLockout(_ bug: LockoutFixture.Bug, machine: String = lockoutMachine) throws -> (spec: Spec, rows: [String: Runner.Outcome]) {
    let source = (path: "lockout.yaml", bytes: Array(machine.replacingOccurrences(of: "BUG", with: bug.rawValue).utf8))
    let compilation = SpecCompiler(catalog: lockoutCatalog).compile(sources: [source])
    #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics)")
    let runner = Runner(fixtures: ["lockout": LockoutFixture.self])
    let rows = Dictionary(uniqueKeysWithValues: compilation.suite.cases.map { ($0.id, runner.run($0)) })
    return (try #require(compilation.specs.first), rows)
}

@Suite("Persistence in the exploration: kill and relaunch in every situation")
struct PersistenceExplorationTests {
    func tour(_ spec: Spec) throws -> MachineTourResult {
        let exploration = try #require(MachineExplorer.explore(spec))
        return TransitionTour(runner: Runner(fixtures: ["lockout": LockoutFixture.self])).run(exploration)
    }

    @Test("the model relaunches in every situation: persisted variables kept, the others back at their initial values")
    func predictions() throws {
        let (spec, _) = try compileLockout(.none)
        let exploration = try #require(MachineExplorer.explore(spec))
        let situations = exploration.situations.map { s in "\(s.state) " + s.variables.map { "\($0.name)=\($0.value)" }.joined(separator: ",") }
        #expect(situations == ["Entry failures=0,blocked=false,typed=false", "Unlocked failures=0,blocked=false,typed=true",
                               "Entry failures=1,blocked=false,typed=true", "Entry failures=2,blocked=true,typed=true",
                               "Entry failures=1,blocked=false,typed=false", "Entry failures=0,blocked=false,typed=true",
                               "Entry failures=2,blocked=true,typed=false"])
        for situation in exploration.situations {
            #expect(situation.transitions.map(\.step.action.description) == ["pin(pin=right)", "pin(pin=wrong)", "expire", "relaunch"])
        }
        let blocked = exploration.situations[3]
        let relaunch = try #require(blocked.transitions.last)
        #expect(relaunch.id.hasPrefix("EX-toy.lockout-Entry-relaunch-"))
        #expect(relaunch.step.row == nil)
        #expect(relaunch.step.effects == [])
        #expect(relaunch.step.expect.map { "\($0.name)=\($0.value)" } == ["state=Entry", "failures=2", "blocked=true", "typed=false"])
        #expect((relaunch.step.line, relaunch.step.column) == (7, 10))  // the initial state, in `states:`
        // From Unlocked too a relaunch starts at the initial state.
        #expect(exploration.situations[1].transitions.last?.step.expect.first == NamedValue("state", .symbol("Entry")))
        // The situations only a relaunch reaches keep their path through it.
        #expect(exploration.situations[6].path.map(\.action.description) == ["pin(pin=wrong)", "pin(pin=wrong)", "relaunch"])
    }

    @Test("a correct stand-in passes its rows and the tour, relaunches included")
    func cleanCorePasses() throws {
        let (spec, rows) = try compileLockout(.none)
        #expect(rows.values.allSatisfy { $0.passed }, "\(rows.filter { !$0.value.passed })")
        let result = try tour(spec)
        #expect(result.divergences.isEmpty, "\(result.divergences)")
        #expect((result.situations, result.transitions, result.checked) == (7, 28, 28))
    }

    @Test("a lockout kept in memory only: the rows pass, the tour fails on a relaunch, named by situation and event")
    func lockoutNotPersisted() throws {
        let (spec, rows) = try compileLockout(.lockoutInMemory)
        #expect(rows.count == 4)
        #expect(rows.values.allSatisfy { $0.passed }, "the rows see the fault: \(rows.filter { !$0.value.passed }.keys.sorted())")
        let result = try tour(spec)
        // Fired from a situation, or met on the path to one that only a relaunch reaches: always the relaunch.
        #expect(result.divergences.allSatisfy { $0.divergence.action == "relaunch" })
        #expect(result.divergences.filter { !$0.divergence.onPath }.map(\.event) == ["relaunch", "relaunch"])
        let blocked = try #require(result.divergences.first { $0.situation == "Entry with failures=2, blocked=true, typed=true" })
        #expect(blocked.id.hasPrefix("EX-toy.lockout-Entry-relaunch-"))
        #expect(blocked.event == "relaunch")
        #expect(blocked.row == nil)
        #expect(blocked.divergence.path == ["pin(pin=wrong)", "pin(pin=wrong)"])
        let cells = blocked.divergence.cells.filter { !$0.ok }.map { [$0.name, $0.expected.description, $0.actual.description] }
        #expect(cells == [["failures", "2", "0"], ["blocked", "true", "false"]])
        let text = renderExploration(ExplorationResult(machines: [result]))
        #expect(text.contains("DIVERGES \(blocked.id) at lockout.yaml:7:10"))
        #expect(text.contains("situation: Entry with failures=2, blocked=true, typed=true"))
        #expect(text.contains("event: relaunch, expected: a fresh start at the initial state, persisted variables kept, the others at their initial values"))
    }
}
