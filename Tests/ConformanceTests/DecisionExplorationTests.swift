import Foundation
import Testing
import AppLockFixtures
@testable import Conformance
@testable import SpecKit

/// A stand-in decision core: a discount by customer tier and item count, with faults only where no row's checked point
/// looks (a tier inside a row's list of members, an item count inside a row's range) or that depend on an earlier
/// evaluation.
final class DiscountFixture: Fixture {
    enum Bug: String, CaseIterable { case none, goldSevenItems, remembersGold }

    static var vocabulary: FixtureVocabulary {
        FixtureVocabulary(observations: ["discount": .domain(.int(0...20))], tableOutputs: ["discount"],
                          product: ["bug": .enumeration(Bug.allCases.map(\.rawValue))],
                          decisions: ["toy.discount": ["tier": .domain(.enumeration(["bronze", "silver", "gold", "platinum"])), "items": .domain(.int(1...1000))]])
    }

    private let bug: Bug
    private var discount = 0
    private var sawGold = false

    init(product: [NamedValue]) throws(FixtureError) {
        self.bug = try standInBug(product)
    }

    func perform(_ action: TestAction) throws(FixtureError) -> [Effect] {
        guard case .decide("toy.discount", let inputs) = action else { throw FixtureError("unsupported \(action)") }
        let tier = inputs.first { $0.name == "tier" }?.value.description ?? ""
        guard case .int(let items)? = inputs.first(where: { $0.name == "items" })?.value else { throw FixtureError("no items") }
        discount = tier == "bronze" ? 0 : (items < 5 ? 5 : 10)
        if bug == .goldSevenItems && tier == "gold" && items == 7 { discount = 9 }
        if bug == .remembersGold && tier == "platinum" && sawGold { discount = 9 }
        if tier == "gold" { sawGold = true }
        return []
    }

    func observe(_ name: String) throws(FixtureError) -> Value {
        guard name == "discount" else { throw FixtureError("no observation \(name)") }
        return .int(discount)
    }
}

let discountTable = """
id: toy.discount
kind: decision
title: a discount by tier and items
source: toy.md §2
fixture: discount
product: {bug: BUG}
table: toy.discount
inputs:
  tier: [bronze, silver, gold, platinum]
  items: int 1..ITEMS
outputs:
  discount: int 0..20
rows:
  - {id: D-FREE, source: toy.md §2, when: {tier: bronze}, then: {discount: 0}}
  - {id: D-FEW, source: toy.md §2, when: {tier: [silver, gold, platinum], items: "..4"}, then: {discount: 5}}
  - {id: D-MANY, source: toy.md §2, when: {tier: [silver, gold, platinum], items: "5.."}, then: {discount: 10}}
"""

@Suite("Decision tables explored: every input combination, not only the rows' points")
struct DecisionExplorationTests {
    static var runner: Runner { Runner(fixtures: ["discount": DiscountFixture.self]) }

    /// The stand-in's table compiled with a bug and a top item count: the spec, and whether every row's case passed.
    static func compile(_ bug: DiscountFixture.Bug, items: Int = 10) throws -> (spec: Spec, rowsPass: Bool, cases: Int) {
        let text = discountTable.replacingOccurrences(of: "BUG", with: bug.rawValue).replacingOccurrences(of: "ITEMS", with: String(items))
        let compilation = SpecCompiler(catalog: FixtureRegistry { ["discount": DiscountFixture.self] })
            .compile(sources: [(path: "discount.yaml", bytes: Array(text.utf8))])
        #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics)")
        let passed = compilation.suite.cases.allSatisfy { runner.run($0).passed }
        return (try #require(compilation.specs.first), passed, compilation.suite.cases.count)
    }

    @Test("every member of the tier and every item count is one transition, each predicted by the row that decides it")
    func everyCombination() throws {
        let exploration = try #require(DecisionExplorer.explore(try Self.compile(.none).spec))
        #expect(exploration.table == "toy.discount")
        #expect(exploration.situations.count == 1 && exploration.situations[0].path.isEmpty)
        let transitions = exploration.situations[0].transitions
        #expect(transitions.count == 40)
        let gold7 = try #require(transitions.first { $0.step.action.description == "decide(tier=gold, items=7)" })
        #expect(gold7.step.row == "D-MANY" && gold7.step.expect == [NamedValue("discount", .int(10))])
        #expect(gold7.id.hasPrefix("EX-toy.discount-decide-") && gold7.id.count == "EX-toy.discount-decide-".count + 8)
        #expect(Set(transitions.map(\.id)).count == 40)
        #expect(transitions.first { $0.step.action.description == "decide(tier=bronze, items=4)" }?.step.row == "D-FREE")
    }

    @Test("a wide integer input is tried at the first two and last two values of each region its rows cut")
    func wideInputAtRegionEdges() throws {
        let exploration = try #require(DecisionExplorer.explore(try Self.compile(.none, items: 1000).spec))
        let items = Set(exploration.situations[0].transitions.compactMap { t -> Int? in
            guard case .decide(_, let inputs) = t.step.action, case .int(let n)? = inputs.last?.value else { return nil }
            return n
        })
        #expect(items.sorted() == [1, 2, 3, 4, 5, 6, 999, 1000])
        #expect(exploration.transitionCount == 4 * 8)
    }

    @Test("a clean stand-in holds on every combination")
    func cleanHolds() throws {
        let (spec, rowsPass, _) = try Self.compile(.none)
        #expect(rowsPass)
        let result = TransitionTour(runner: Self.runner).run(try #require(DecisionExplorer.explore(spec)))
        #expect(result.divergences.isEmpty, "\(result.divergences)")
        #expect((result.checked, result.transitions, result.table) == (40, 40, "toy.discount"))
    }

    @Test("wrong on one combination no row names: every row passes, the exploration names the inputs, the row and the cell")
    func faultOffTheRowsPoints() throws {
        let (spec, rowsPass, cases) = try Self.compile(.goldSevenItems)
        #expect(rowsPass && cases == 3)
        let result = TransitionTour(runner: Self.runner).run(try #require(DecisionExplorer.explore(spec)))
        #expect(result.divergences.count == 1)
        let d = try #require(result.divergences.first)
        #expect(d.event == "decide(tier=gold, items=7)" && d.row == "D-MANY" && !d.longerHistory)
        #expect(d.divergence.path.isEmpty && d.situation == "the table")
        #expect(d.divergence.cells.filter { !$0.ok }.map { "\($0.name) \($0.expected) \($0.actual)" } == ["discount 10 9"])
        let text = renderExploration(ExplorationResult(machines: [result]))
        #expect(text.contains("toy.discount: decision table, 40/40 input combinations checked, 1 divergence\n"))
        #expect(text.contains("explore: 1 decision table, 40 transitions checked (40 of them input combinations), 1 divergence\n"))
        #expect(text.contains("situation: the table\n"))
    }

    @Test("an evaluation that depends on an earlier one is found: it holds alone, and diverges after the longer history")
    func historyDependence() throws {
        let (spec, rowsPass, _) = try Self.compile(.remembersGold)
        #expect(rowsPass)
        let result = TransitionTour(runner: Self.runner).run(try #require(DecisionExplorer.explore(spec)))
        #expect(!result.divergences.isEmpty)
        #expect(result.divergences.allSatisfy { $0.longerHistory && $0.event.hasPrefix("decide(tier=platinum") })
    }

    @Test("specs/: every decision table is explored and holds, and launch-lock's evaluations no longer depend on the one before")
    func realTablesHold() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let compilation = try ConformanceRun.compile([root.appendingPathComponent("Tests/Samples/specs").path], registry: .standard)
        let tables = compilation.specs.filter { $0.kind == .decision }
        let models = ConformanceExploration.models(compilation, maximumTransitions: MachineExplorer.defaultMaximumTransitions).filter { $0.table != nil }
        #expect(models.map(\.spec) == tables.map(\.id))
        let result = ConformanceExploration.explore(models, compilation: compilation, fixtures: FixtureRegistry.standard.fixtureTypes)
        #expect(result.divergences.isEmpty, "\(result.divergences.map(\.id))")
        #expect(result.machines.allSatisfy { $0.checked == $0.transitions && $0.limit == nil })
        // More combinations than the rows' own points: the toggle's 12 and the availability's 12 are every combination.
        #expect(result.machines.first { $0.spec == "launch-lock.toggle" }?.checked == 12)
    }
}
