import Foundation
import SpecKit
import Testing
@testable import Conformance
import AppLockFixtures

/// A deliberately breakable stand-in core: a PIN lock that locks after three failures and keeps the lock across a
/// kill. Each `Bug` breaks one rule the way a real regression would; the runner must catch every one on the right row.
final class ToyFixture: Fixture {
    enum Bug: String { case none, wrongNextState, changesUnnamedVariable, extraEffect, missingEffect, wrongIntermediate, lockoutNotPersisted,
        wrongEffectArgument, beepsOnSecondWrongUnlock }

    static var vocabulary: FixtureVocabulary {
        FixtureVocabulary(events: ["fail": [:], "unlock": ["pin": .domain(.enumeration(["correct", "wrong"]))]],
                          observations: ["state": .domain(.enumeration(["Idle", "Locked"])), "failures": .domain(.int(0...10)),
                                         "cover": .domain(.bool)],
                          effects: ["announce", "lockout", "unlocked", "beep"], product: ["bug": .enumeration(["none", "wrongNextState", "changesUnnamedVariable", "extraEffect", "missingEffect",
                                                     "wrongIntermediate", "lockoutNotPersisted", "wrongEffectArgument",
                                                     "beepsOnSecondWrongUnlock"])],
                          // It kills and relaunches (the persistence scenario), so it says so: lint refuses those steps otherwise.
                          supportsRelaunch: true)
    }

    /// What survives a kill, keyed by the fixture's own instance.
    private var persistedLocked = false
    private var locked = false
    private var failures = 0
    private var cover = false
    private var wrongUnlocks = 0
    private let bug: Bug

    init(product: [NamedValue]) throws(FixtureError) {
        self.bug = try standInBug(product)
    }

    func perform(_ action: TestAction) throws(FixtureError) -> [Effect] {
        switch action {
        case .event("fail", _):
            guard !locked else { return [] }
            failures += (bug == .wrongIntermediate && failures == 0) ? 2 : 1
            var effects = [Effect("announce", [.init(.int(bug == .wrongEffectArgument ? failures + 1 : failures))])]
            if bug == .extraEffect { effects.append(Effect("beep")) }
            if failures >= 3 {
                locked = bug != .wrongNextState
                persistedLocked = bug == .lockoutNotPersisted ? false : locked
                effects = bug == .missingEffect ? [] : [Effect("lockout")]
            }
            return effects
        case .event("unlock", let inputs):
            guard locked else { return [] }
            if inputs.first?.value == .symbol("correct") {
                locked = false
                persistedLocked = false
                failures = 0
                return [Effect("unlocked")]
            }
            if bug == .changesUnnamedVariable { cover = true }
            wrongUnlocks += 1
            return bug == .beepsOnSecondWrongUnlock && wrongUnlocks == 2 ? [Effect("beep")] : []
        case .kill:
            locked = false
            failures = 0
            return []
        case .relaunch:
            locked = persistedLocked
            failures = locked ? 3 : 0
            return []
        case .check, .advance:
            return []
        default:
            throw FixtureError("unsupported \(action)")
        }
    }

    func observe(_ name: String) throws(FixtureError) -> Value {
        switch name {
        case "state": .symbol(locked ? "Locked" : "Idle")
        case "failures": .int(failures)
        case "cover": .bool(cover)
        default: throw FixtureError("no observation \(name)")
        }
    }
}

/// The compiler's catalog for the stand-in: a registry over it alone.
let toyCatalog = FixtureRegistry { ["toy": ToyFixture.self] }

let toyMachine = """
id: toy.lock
kind: machine
title: toy lock
source: toy.md §1
fixture: toy
product: {bug: BUG}
states: [Idle, Locked]
initial: Idle
variables:
  failures: int 0..3
  cover: bool
events:
  fail:
  unlock:
    pin: [correct, wrong]
effects: [announce, lockout, unlocked, beep]
rows:
  - {id: T-FAIL, source: toy.md §1, from: Idle, on: fail, when: {failures: "<2"}, then: {failures: "+1"}, effects: ["announce(${failures})"]}
  - {id: T-FAIL-LOCK, source: toy.md §1, from: Idle, on: fail, when: {failures: 2}, then: {failures: 3}, effects: [lockout], to: Locked}
  - {id: T-UNLOCK, source: toy.md §1, from: Locked, on: unlock, when: {pin: correct}, then: {failures: 0}, effects: [unlocked], to: Idle}
  - {id: T-UNLOCK-WRONG, source: toy.md §1, from: Locked, on: unlock, when: {pin: wrong}}
  - {id: T-RELAUNCH-LOCKED, source: toy.md §2, from: Locked, on: relaunch, then: {failures: 3}, to: Locked}
"""

let toyScenarios = """
id: toy.persist
kind: scenarios
title: the lock survives a kill
source: toy.md §2
fixture: toy
product: {bug: BUG}
uses: toy.lock
scenarios:
  - id: T-S-PERSIST
    source: toy.md §2
    steps:
      - {event: fail, repeat: 3, expect-last: {state: Locked}}
      - kill
      - relaunch
      - expect: {state: Locked}
"""

func runToy(_ bug: ToyFixture.Bug) throws -> [String: Runner.Outcome] {
    let sources = [(path: "toy.yaml", bytes: Array(toyMachine.replacingOccurrences(of: "BUG", with: bug.rawValue).utf8)),
                   (path: "toy-s.yaml", bytes: Array(toyScenarios.replacingOccurrences(of: "BUG", with: bug.rawValue).utf8))]
    let compilation = SpecCompiler(catalog: toyCatalog).compile(sources: sources)
    #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics)")
    let runner = Runner(fixtures: ["toy": ToyFixture.self])
    return Dictionary(uniqueKeysWithValues: compilation.suite.cases.map { ($0.id, runner.run($0)) })
}

@Suite("Runner against a deliberately broken core")
struct RunnerTests {
    @Test("the correct stand-in conforms on every row")
    func correctCoreConforms() throws {
        let outcomes = try runToy(.none)
        // T-FAIL fires at failures 0 and 1: one case each, the second named by the value it tests.
        #expect(outcomes.keys.sorted() == ["T-FAIL", "T-FAIL-LOCK", "T-FAIL[failures=1]", "T-RELAUNCH-LOCKED", "T-S-PERSIST", "T-UNLOCK", "T-UNLOCK-WRONG"])
        for (id, outcome) in outcomes { #expect(outcome.passed, "\(id): \(String(describing: outcome.divergence))") }
    }

    @Test("a wrong next state is a divergence on the row that sets it")
    func wrongNextState() throws {
        let outcomes = try runToy(.wrongNextState)
        let d = try #require(outcomes["T-FAIL-LOCK"]?.divergence)
        #expect(d.onPath == false)
        #expect(d.cells.contains { $0.name == "state" && !$0.ok && $0.expected == .value(.symbol("Locked")) && $0.actual == .value(.symbol("Idle")) })
        #expect(outcomes["T-FAIL"]?.passed == true)
    }

    @Test("a variable the row does not name must not change (strict frames)")
    func unnamedVariable() throws {
        let outcomes = try runToy(.changesUnnamedVariable)
        let d = try #require(outcomes["T-UNLOCK-WRONG"]?.divergence)
        #expect(d.cells.filter { !$0.ok }.map(\.name) == ["cover"])
        #expect(outcomes["T-UNLOCK"]?.passed == true)
    }

    @Test("an effect the row does not name is a divergence")
    func extraEffect() throws {
        let d = try #require(try runToy(.extraEffect)["T-FAIL"]?.divergence)
        let effects = try #require(d.cells.first { $0.name == "effects" })
        #expect(!effects.ok && effects.actual == .emitted([Effect("announce", [.init(.int(1))]), Effect("beep")]))
    }

    @Test("an effect that differs from the row's in one argument only is a divergence, shown typed")
    func wrongEffectArgument() throws {
        let outcomes = try runToy(.wrongEffectArgument)
        let d = try #require(outcomes["T-FAIL"]?.divergence)
        let effects = try #require(d.cells.first { $0.name == "effects" })
        #expect(!effects.ok)
        #expect(effects.expected == .effects([EffectPattern("announce", [.init(nil, .value(.int(1)))])]))
        #expect(effects.actual == .emitted([Effect("announce", [.init(.int(2))])]))
        #expect(effects.expected.description == "announce(1)" && effects.actual.description == "announce(2)")
        #expect(d.onPath == false && d.cells.filter { !$0.ok }.map(\.name) == ["effects"])
    }

    @Test("a missing effect is a divergence")
    func missingEffect() throws {
        let d = try #require(try runToy(.missingEffect)["T-FAIL-LOCK"]?.divergence)
        #expect(d.cells.contains { $0.name == "effects" && !$0.ok && $0.expected == .effects([EffectPattern("lockout")]) && $0.actual == .emitted([])
            && $0.actual.description == "(none)" })
    }

    @Test("a wrong intermediate step is reported on the path, naming the row it checks")
    func wrongIntermediate() throws {
        let d = try #require(try runToy(.wrongIntermediate)["T-FAIL-LOCK"]?.divergence)
        #expect(d.onPath)
        #expect(d.step == 0 && d.row == "T-FAIL")
        #expect(d.cells.contains { $0.name == "failures" && $0.expected == .value(.int(1)) && $0.actual == .value(.int(2)) })
    }

    @Test("a lockout that does not survive relaunch fails the persistence scenario")
    func lockoutNotPersisted() throws {
        let outcomes = try runToy(.lockoutNotPersisted)
        let d = try #require(outcomes["T-S-PERSIST"]?.divergence)
        #expect(d.action == "check" && d.path.suffix(2) == ["kill", "relaunch"])
        #expect(outcomes["T-FAIL-LOCK"]?.passed == true)
        // The table's relaunch row says the same as the scenario, and fails the same way.
        #expect(outcomes["T-RELAUNCH-LOCKED"]?.divergence?.action == "relaunch")
    }

    /// The toy machine with one scenario: three wrong PINs while locked, with `expectation` on the repeated step.
    private static func wrongPins(_ expectation: String, bug: ToyFixture.Bug) -> SpecCompiler.Compilation {
        let scenarios = """
        id: toy.wrong-pins
        kind: scenarios
        title: wrong PINs while locked
        source: toy.md §2
        fixture: toy
        product: {bug: \(bug.rawValue)}
        uses: toy.lock
        scenarios:
          - id: T-S-WRONG-PINS
            source: toy.md §2
            steps:
              - {event: fail, repeat: 3, expect-last: {state: Locked}}
              - {event: unlock, with: {pin: wrong}, repeat: 3, \(expectation): {state: Locked, effects: []}}
        """
        let sources = [(path: "toy.yaml", bytes: Array(toyMachine.replacingOccurrences(of: "BUG", with: bug.rawValue).utf8)),
                       (path: "toy-w.yaml", bytes: Array(scenarios.utf8))]
        return SpecCompiler(catalog: toyCatalog).compile(sources: sources)
    }

    @Test("expect-each catches a wrong effect on an early repetition only; expect-last, the old meaning, lets it pass")
    func earlyRepetitionFault() throws {
        let runner = Runner(fixtures: ["toy": ToyFixture.self])
        func outcome(_ expectation: String, _ bug: ToyFixture.Bug) throws -> Runner.Outcome {
            let compilation = Self.wrongPins(expectation, bug: bug)
            #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics)")
            return runner.run(try #require(compilation.suite.cases.first { $0.id == "T-S-WRONG-PINS" }))
        }
        #expect(try outcome("expect-each", .none).passed)
        let d = try #require(try outcome("expect-each", .beepsOnSecondWrongUnlock).divergence)
        // Steps 0-2 are the failures; the second wrong PIN is step 4, written at the repeated step's line.
        #expect(d.step == 4 && d.action == "unlock(pin=wrong)" && d.line == 13)
        #expect(d.cells.filter { !$0.ok }.map(\.name) == ["effects"])
        #expect(try outcome("expect-last", .beepsOnSecondWrongUnlock).passed)
    }

    @Test("a plain expect on a repeated step is refused as ambiguous")
    func plainExpectOnRepeat() throws {
        let compilation = Self.wrongPins("expect", bug: .none)
        #expect(compilation.diagnostics.map(\.id) == ["spec.ambiguous-expect"])
        #expect(compilation.diagnostics.first?.location == SpecKit.SourceLocation(file: "toy-w.yaml", line: 13, column: 56))
    }

    @Test("shards split the cases deterministically and cover each exactly once")
    func shards() throws {
        let compilation = SpecCompiler(catalog: toyCatalog).compile(sources: [(path: "toy.yaml", bytes: Array(toyMachine.replacingOccurrences(of: "BUG", with: "none").utf8))])
        let all = compilation.suite.cases.map(\.id)
        let parts = (1...3).map { Runner.Selection(shard: ($0, 3)).apply(to: compilation.suite).map(\.id) }
        #expect(parts.flatMap { $0 }.sorted() == all.sorted())
        #expect(Set(parts[0]).isDisjoint(with: parts[1]))
    }

    @Test("expected failures: a listed failing row is expected, a listed passing row is an unexpected pass, a past date expires")
    func expectations() throws {
        func run(_ bug: ToyFixture.Bug, _ list: ExpectedFailures) -> [String: CaseStatus] {
            let compilation = SpecCompiler(catalog: toyCatalog).compile(sources: [(path: "toy.yaml", bytes: Array(toyMachine.replacingOccurrences(of: "BUG", with: bug.rawValue).utf8))])
            let identity = RunIdentity(tool: "t", build: BuildIdentity(commit: "c", dirty: false, recordedAt: "r"), startedAt: "s", specs: [], shard: nil)
            let result = Runner(fixtures: ["toy": ToyFixture.self]).run(compilation.suite, expectations: list, identity: identity, today: "2026-11-29")
            #expect(result.failed == result.cases.contains { $0.status == .failed || $0.status == .unexpectedPass || $0.status == .expired })
            return Dictionary(uniqueKeysWithValues: result.cases.map { ($0.id, $0.status) })
        }
        let broken = run(.extraEffect, ExpectedFailures(entries: [.init(row: "T-FAIL", reason: "known", expires: "2099-01-01", location: .file("x"))]))
        #expect(broken["T-FAIL"] == .expectedFailure)
        #expect(broken["T-FAIL-LOCK"] == .failed)
        let fixed = run(.none, ExpectedFailures(entries: [
            .init(row: "T-FAIL", reason: "stale", expires: "2099-01-01", location: .file("x")),
            .init(row: "T-UNLOCK", reason: "old", expires: "2000-01-01", location: .file("x")),
        ]))
        #expect(fixed["T-FAIL"] == .unexpectedPass)
        #expect(fixed["T-UNLOCK"] == .expired)
        #expect(fixed["T-UNLOCK-WRONG"] == .passed)
    }

    @Test("expected failures: a misspelt row id gets a did-you-mean among the thousands of ids of specs/, as --row does; a far one gets none")
    func unknownRowDidYouMean() throws {
        let folder = MigrationTests.root.appendingPathComponent("Tests/Samples/specs")
        let sources = try SpecCompiler.discover([folder.path]).map { ($0, Array(try Data(contentsOf: URL(fileURLWithPath: $0)))) }
        let suite = SpecCompiler(catalog: FixtureRegistry.standard).compile(sources: sources).suite
        #expect(Set(suite.cases.flatMap { [$0.id, $0.row] }).count > 300, "a suite this small proves nothing about a large one")
        let at = { (line: Int) in SourceLocation(file: "expected.yaml", line: line, column: 3) }
        let list = ExpectedFailures(entries: [
            .init(row: "MT-RULE-PN-5", reason: "typo", expires: "2099-01-01", location: at(1)),
            .init(row: "MT-RULE-PIN-5", reason: "known", expires: "2099-01-01", location: at(4)),
            .init(row: "NOTHING-LIKE-ANY-ROW-AT-ALL", reason: "far", expires: "2099-01-01", location: at(7)),
        ])
        let found = list.unknownEntries(in: suite)
        #expect(found.map { "\($0.id) \($0.location.line)" } == ["expectations.unknown-row 1", "expectations.unknown-row 7"])
        #expect(found.first?.hint == "did you mean 'MT-RULE-PIN-5'?")
        #expect(found.last?.hint == nil)
    }
}

@Suite("Effects as multisets, with * for measured values")
struct EffectMatchingTests {
    /// A pattern from its text, as a row writes it.
    static func p(_ text: String) throws -> EffectPattern {
        let parsed = try EffectSyntax.parse(text)
        return EffectCall(name: parsed.name, arguments: parsed.arguments, text: text, location: .file("t")).resolved { _ in nil }
    }

    @Test("literal effects compare as multisets: order is free, count is not")
    func literal() throws {
        let a = Effect("a"), b = Effect("b")
        #expect(Runner.effectsAgree(expected: [try Self.p("a"), try Self.p("b")], actual: [b, a]))
        #expect(!Runner.effectsAgree(expected: [try Self.p("a"), try Self.p("a")], actual: [a]))
        #expect(!Runner.effectsAgree(expected: [try Self.p("a")], actual: [a, a]))
        #expect(!Runner.effectsAgree(expected: [try Self.p("a(1)")], actual: [Effect("a", [.init(.int(2))])]))
    }

    @Test("a * matches any value of its argument, and each pattern takes a different effect")
    func wildcard() throws {
        let x = { (t: Value, n: Int) in Effect("x", [.init("t", t), .init("n", .int(n))]) }
        #expect(Runner.effectsAgree(expected: [try Self.p("x(t=*, n=1)")], actual: [x(.int(250), 1)]))
        #expect(Runner.effectsAgree(expected: [try Self.p("x(t=*, n=1)")], actual: [x(.text("late"), 1)]))
        #expect(!Runner.effectsAgree(expected: [try Self.p("x(t=*, n=1)")], actual: [x(.int(250), 2)]))
        let xa = Effect("x", [.init(.symbol("a"))]), xb = Effect("x", [.init(.symbol("b"))]), yb = Effect("y", [.init(.symbol("b"))])
        #expect(Runner.effectsAgree(expected: [try Self.p("x(*)"), try Self.p("x(a)")], actual: [xa, xb]))
        #expect(!Runner.effectsAgree(expected: [try Self.p("x(*)"), try Self.p("x(*)")], actual: [xa, yb]))
    }

    @Test("observations compare as values: a symbol and a text with the same characters agree, an int and a text do not")
    func values() {
        #expect(Runner.agree(.symbol("Desbloqueado"), .text("Desbloqueado")))
        #expect(!Runner.agree(.int(1), .text("1")))
        #expect(!Runner.agree(.duration(milliseconds: 1000), .int(1000)))
    }
}
