import Foundation
@testable import SpecKit
import Testing
@testable import Conformance

/// A stand-in screen that dims after a minute idle and locks after more than five; a tap wakes a dimmed screen. With
/// `locksAtFive`, once woken it locks at exactly five minutes: the upper edge of the middle region moved down by one
/// millisecond, in a situation the rows' own cases do not start from.
final class IdleScreenFixture: Fixture {
    enum Bug: String, CaseIterable { case none, locksAtFive }

    static var vocabulary: FixtureVocabulary {
        FixtureVocabulary(events: ["idle": ["elapsed": .domain(.duration(0...7_200_000))], "tap": [:]],
                          observations: ["state": .domain(.enumeration(["Active", "Dimmed", "Locked"])), "wakes": .domain(.int(0...2))],
                          product: ["bug": .enumeration(Bug.allCases.map(\.rawValue))])
    }

    private var state = "Active"
    private var wakes = 0
    private let bug: Bug

    init(product: [NamedValue]) throws(FixtureError) {
        self.bug = try standInBug(product)
    }

    func perform(_ action: TestAction) throws(FixtureError) -> [Effect] {
        if case .event("tap", _) = action {
            if state == "Dimmed", wakes < 2 { (state, wakes) = ("Active", wakes + 1) }
            return []
        }
        guard case .event("idle", let inputs) = action, case .duration(let ms)? = inputs.first?.value else {
            throw FixtureError("unsupported \(action)")
        }
        guard state == "Active" else { return [] }
        let locks = bug == .locksAtFive && wakes > 0 ? ms >= 300_000 : ms > 300_000
        state = locks ? "Locked" : ms >= 60_000 ? "Dimmed" : "Active"
        return []
    }

    func observe(_ name: String) throws(FixtureError) -> Value {
        switch name {
        case "state": return .symbol(state)
        case "wakes": return .int(wakes)
        default: throw FixtureError("no observation \(name)")
        }
    }
}

let idleScreenMachine = """
id: toy.idle
kind: machine
title: a screen that dims, then locks, when left idle
source: toy.md §6
fixture: idle
product: {bug: BUG}
states: [Active, Dimmed, Locked]
initial: Active
variables:
  wakes: int 0..2
events:
  idle:
    elapsed: duration 0s..2h
  tap:
otherwise: ignore
rows:
  - {id: I-STAY, source: toy.md §6, from: Active, on: idle, when: {elapsed: "< 1m"}}
  - {id: I-DIM, source: toy.md §6, from: Active, on: idle, when: {elapsed: "1m..5m"}, to: Dimmed}
  - {id: I-LOCK, source: toy.md §6, from: Active, on: idle, when: {elapsed: "> 5m"}, to: Locked}
  - {id: I-WAKE, source: toy.md §6, from: Dimmed, on: tap, when: {wakes: "0..1"}, then: {wakes: "+1"}, to: Active}

"""

@Suite("Time inputs are tried on both sides of every edge")
struct EdgeValueTests {
    static let catalog = FixtureRegistry { ["idle": IdleScreenFixture.self] }
    static var runner: Runner { Runner(fixtures: ["idle": IdleScreenFixture.self]) }

    static func compile(_ bug: IdleScreenFixture.Bug) throws -> (spec: Spec, rowsPass: Bool) {
        let source = (path: "toy.idle.yaml", bytes: Array(idleScreenMachine.replacingOccurrences(of: "BUG", with: bug.rawValue).utf8))
        let compilation = SpecCompiler(catalog: catalog).compile(sources: [source])
        #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics)")
        return (try #require(compilation.specs.first), compilation.suite.cases.allSatisfy { runner.run($0).passed })
    }

    @Test("the values either side of each cut, ascending and once each")
    func edgeOrdinals() {
        #expect(MachineModel.edgeOrdinals([0...59_999, 60_000...300_000, 300_001...7_200_000]) == [59_999, 60_000, 300_000, 300_001])
        #expect(MachineModel.edgeOrdinals([0...4, 5...5, 6...9]) == [4, 5, 6])
        #expect(MachineModel.edgeOrdinals([0...9]) == [])
    }

    @Test("the tour tries the idle time at both sides of both edges")
    func tourValues() throws {
        let exploration = try #require(MachineExplorer.explore(try Self.compile(.none).spec))
        let active = try #require(exploration.situations.first { $0.state == "Active" })
        #expect(active.transitions.map(\.step.action.description)
            == ["idle(elapsed=59999ms)", "idle(elapsed=1m)", "idle(elapsed=5m)", "idle(elapsed=300001ms)", "tap"])
    }

    @Test("a lock one millisecond early at the middle region's upper edge passes every row and fails the tour there")
    func upperEdgeOfAMiddleRegion() throws {
        let (correct, correctRows) = try Self.compile(.none)
        #expect(correctRows)
        #expect(TransitionTour(runner: Self.runner).run(try #require(MachineExplorer.explore(correct))).divergences.isEmpty)
        let (faulty, faultyRows) = try Self.compile(.locksAtFive)
        #expect(faultyRows)
        let tour = TransitionTour(runner: Self.runner).run(try #require(MachineExplorer.explore(faulty)))
        #expect(tour.divergences.map(\.event) == ["idle(elapsed=5m)", "idle(elapsed=5m)"])
        #expect(tour.divergences.map(\.situation) == ["Active with wakes=1", "Active with wakes=2"])
        #expect(tour.divergences.allSatisfy { $0.row == "I-DIM" })
    }
}
