import Foundation
import Testing
@testable import SpecKit

/// Persistence in a machine: `persist: true` on variables, the built-in `relaunch` event, rows on it, the findings
/// for their misuse, and the compiler's checks and cases across a relaunch.
@Suite("Persistence: persist and relaunch")
struct PersistenceTests {
    private typealias Location = SpecKit.SourceLocation

    /// A fixture `fx` that can relaunch its core, and `nr` that cannot.
    struct Catalog: FixtureCatalog {
        func vocabulary(of fixture: String) -> FixtureVocabulary? {
            guard fixture == "fx" || fixture == "nr" else { return nil }
            return FixtureVocabulary(
                events: ["pin": ["pin": .domain(.enumeration(["right", "wrong"]))]],
                observations: ["state": .domain(.enumeration(["Open", "Blocked"])), "failures": .domain(.int(0...2)), "typed": .domain(.bool)],
                effects: ["notice"], supportsRelaunch: fixture == "fx")
        }
        var fixtureNames: [String] { ["fx", "nr"] }
    }

    /// A machine whose variables are on lines 9 (`failures`) and 10 (`typed`), its events on 11–12, and whose first
    /// row starts on line 16, column 5.
    static func machine(fixture: String = "fx", failures: String = "{type: int 0..2, persist: true}", events: String = "  pin: {pin: [right, wrong]}",
                        otherwise: String = "ignore", rows: String) -> String {
        """
        id: p.machine
        kind: machine
        title: P
        source: doc.md §1
        fixture: \(fixture)
        states: [Open, Blocked]
        initial: Open
        variables:
          failures: \(failures)
          typed: bool
        events:
        \(events)
        effects: [notice]
        otherwise: \(otherwise)
        rows:
        \(rows)
        """
    }

    /// The rows every test starts from: a wrong PIN counts, the second blocks.
    static let counting = """
          - {id: P-WRONG, source: doc.md §1, from: Open, on: pin, when: {pin: wrong, failures: "..1"}, then: {failures: "+1", typed: true}}
          - {id: P-BLOCK, source: doc.md §1, from: Open, on: pin, when: {pin: wrong, failures: 2}, effects: [notice], to: Blocked}
        """

    func compile(_ yaml: String) -> SpecCompiler.Compilation {
        SpecCompiler(catalog: Catalog()).compile(sources: [(path: "x.yaml", bytes: Array(yaml.utf8))])
    }

    func machine(of compilation: SpecCompiler.Compilation) throws -> Machine {
        guard case .machine(let m)? = compilation.specs.first?.body else { throw Failure() }
        return m
    }

    struct Failure: Error {}

    @Test("persist: true marks the variables that survive; a fixture that can relaunch makes the machine relaunch")
    func reads() throws {
        let c = compile(Self.machine(rows: Self.counting))
        #expect(c.diagnostics.isEmpty, "\(c.diagnostics)")
        let m = try machine(of: c)
        #expect(m.variables.map(\.persists) == [true, false])
        #expect(m.variables[0].persistLocation == Location(file: "x.yaml", line: 9, column: 39))
        #expect(m.relaunches)
        #expect(m.valuesAfterRelaunch([.int(2), .bool(true)]) == [.int(2), .bool(false)])
        // The same table on a fixture that cannot relaunch, saying nothing about persistence, is not modelled across one.
        let plain = compile(Self.machine(fixture: "nr", failures: "int 0..2", rows: Self.counting))
        #expect(plain.diagnostics.isEmpty, "\(plain.diagnostics)")
        #expect(try machine(of: plain).relaunches == false)
    }

    @Test("persist takes true or false only (spec.bad-choice), and only on a machine's variables (spec.unknown-key)")
    func badPersist() throws {
        let c = compile(Self.machine(failures: "{type: int 0..2, persist: yes}", rows: Self.counting))
        let d = try #require(c.findings("spec.bad-choice").first)
        #expect(c.diagnostics.map(\.id) == ["spec.bad-choice"])
        #expect(d.location == Location(file: "x.yaml", line: 9, column: 39))
        #expect(d.message == "'persist' of 'failures' must be true or false, not 'yes'")
        let input = compile(Self.machine(events: "  pin: {pin: {type: [right, wrong], persist: true}}", rows: Self.counting))
        let key = try #require(input.findings("spec.unknown-key").first)
        #expect(key.location == Location(file: "x.yaml", line: 12, column: 37))
        #expect(key.message == "the declaration of 'pin' has no key 'persist'; it takes 'type', 'notes'")
    }

    @Test("spec.reserved-name: relaunch is built in and cannot be declared as an event")
    func reservedEvent() throws {
        let c = compile(Self.machine(events: "  pin: {pin: [right, wrong]}\n  relaunch:", rows: Self.counting))
        let d = try #require(c.findings("spec.reserved-name").first)
        #expect(c.diagnostics.map(\.id) == ["spec.reserved-name"])
        #expect(d.location == Location(file: "x.yaml", line: 13, column: 3))
        #expect(d.message == "'relaunch' is built in (a kill followed by a relaunch); rows may name it in 'on' without declaring it")
        #expect(d.hint == "remove it from 'events', or give your event another name")
    }

    @Test("spec.relaunch-volatile: a row on relaunch tests a variable that does not persist")
    func volatileCondition() throws {
        let rows = Self.counting + "\n  - {id: P-RELAUNCH, source: doc.md §6, on: relaunch, when: {typed: true}, to: Blocked}"
        let c = compile(Self.machine(rows: rows))
        let d = try #require(c.findings("spec.relaunch-volatile").first)
        #expect(c.diagnostics.map(\.id) == ["spec.relaunch-volatile"])
        #expect(d.severity == .error)
        #expect(d.location == Location(file: "x.yaml", line: 18, column: 69))
        #expect(d.message == "row P-RELAUNCH tests 'typed' on relaunch, but 'typed' does not persist: a relaunched app always finds it at its initial value, false")
        #expect(d.hint == "add 'persist: true' to the declaration of 'typed' if the app keeps it, or drop the condition")
        #expect(d.rows == ["P-RELAUNCH"])
    }

    @Test("fixture.no-relaunch: persistence in a machine whose fixture cannot relaunch, once, at its first place")
    func fixtureCannotRelaunch() throws {
        let rows = Self.counting + "\n  - {id: P-RELAUNCH, source: doc.md §6, on: relaunch, when: {failures: 2}, to: Blocked}"
        let c = compile(Self.machine(fixture: "nr", rows: rows))
        let d = try #require(c.findings("fixture.no-relaunch").first)
        #expect(c.diagnostics.map(\.id) == ["fixture.no-relaunch"])
        #expect(d.location == Location(file: "x.yaml", line: 9, column: 39))
        #expect(d.message == "fixture 'nr' cannot kill and relaunch its core, so 'persist: true' on 'failures' could never be checked")
        #expect(d.notes == ["also row P-RELAUNCH on relaunch at x.yaml:18:5",
                            "remove what the machine says about persistence, or use a fixture that supports relaunch"])
        #expect(d.rows == ["P-RELAUNCH"])
    }

    /// A scenarios spec for `fixture` whose one scenario sends a wrong PIN, then `kill` (line 14), then a block
    /// (line 15) whose step is `relaunch` (line 17).
    static func killingScenario(fixture: String) -> String {
        """
        id: p.scenarios
        kind: scenarios
        title: P
        source: doc.md §1
        fixture: \(fixture)
        events:
          pin: {pin: [right, wrong]}
        scenarios:
          - id: P-S-KILL
            source: doc.md §6
            steps:
              - event: pin
                with: {pin: wrong}
              - kill
              - repeat: 2
                steps:
                  - relaunch
        """
    }

    @Test("fixture.no-relaunch: a scenario's kill and relaunch steps on a fixture that cannot relaunch, once, at the first step")
    func scenarioOnFixtureThatCannotRelaunch() throws {
        let c = compile(Self.killingScenario(fixture: "nr"))
        let d = try #require(c.findings("fixture.no-relaunch").first, "\(c.diagnostics)")
        #expect(c.diagnostics.map(\.id) == ["fixture.no-relaunch"])
        #expect(d.severity == .error)
        #expect(d.location == Location(file: "x.yaml", line: 14, column: 9))
        #expect(d.message == "fixture 'nr' cannot kill and relaunch its core, so the step 'kill' of scenario P-S-KILL could never be checked")
        #expect(d.notes == ["also the step 'relaunch' of scenario P-S-KILL at x.yaml:17:13",
                            "remove the kill and relaunch steps, or use a fixture that supports relaunch"])
        #expect(d.rows == ["P-S-KILL"])
        // The same scenario on a fixture that can relaunch is clean.
        let fine = compile(Self.killingScenario(fixture: "fx"))
        #expect(fine.diagnostics.isEmpty, "\(fine.diagnostics)")
    }

    @Test("a row on relaunch compiles to a case that reaches its situation and relaunches, with a strict frame")
    func relaunchRowCase() throws {
        let rows = Self.counting + "\n  - {id: P-RELAUNCH, source: doc.md §6, on: relaunch, when: {failures: 2}, to: Blocked}"
        let c = compile(Self.machine(rows: rows))
        #expect(c.diagnostics.isEmpty, "\(c.diagnostics)")
        let testCase = try #require(c.testCase("P-RELAUNCH"))
        #expect(testCase.steps.map(\.action.description) == ["pin(pin=wrong)", "pin(pin=wrong)", "relaunch"])
        let last = try #require(testCase.steps.last)
        #expect(last.action == .relaunch)
        #expect(last.expect == [NamedValue("state", .symbol("Blocked")), NamedValue("failures", .int(2)), NamedValue("typed", .bool(false))])
        #expect(last.effects == [])
        // Only the rows' cases: the default relaunch is no row.
        #expect(c.suite.cases.map(\.row).sorted() == ["P-BLOCK", "P-RELAUNCH", "P-WRONG", "P-WRONG"])
    }

    @Test("the checks understand relaunch: no gap under 'otherwise: forbidden', conflicts, reachability, domains")
    func checks() throws {
        // A relaunch is never a gap: without a row it starts at the initial state.
        let forbidden = compile(Self.machine(otherwise: "forbidden", rows: """
              - {id: P-PIN, source: doc.md §1, on: pin, when: {failures: "..1"}, then: {failures: "+1"}}
              - {id: P-PIN-MAX, source: doc.md §1, on: pin, when: {failures: 2}, to: Blocked}
            """))
        #expect(forbidden.diagnostics.isEmpty, "\(forbidden.diagnostics)")
        // Two rows on relaunch that overlap with different outcomes conflict.
        let conflict = compile(Self.machine(rows: Self.counting + """

              - {id: P-R1, source: doc.md §6, on: relaunch, to: Blocked}
              - {id: P-R2, source: doc.md §6, on: relaunch, when: {failures: 2}}
            """))
        let d = try #require(conflict.findings("check.conflict").first)
        #expect(d.message.hasPrefix("rows P-R1 and P-R2 conflict: both match in state Blocked on 'relaunch' with failures=2"))
        // A state only a relaunch row reaches is reachable; a relaunch row matching nothing reachable is dead.
        let reach = compile(Self.machine(rows: """
              - {id: P-WRONG, source: doc.md §1, from: Open, on: pin, when: {pin: wrong, failures: "..1"}, then: {failures: "+1"}}
              - {id: P-RELAUNCH, source: doc.md §6, on: relaunch, when: {failures: 2}, to: Blocked}
              - {id: P-NEVER, source: doc.md §6, from: Blocked, on: relaunch, when: {failures: 0}}
            """))
        #expect(reach.summary == ["18:5 check.dead-row"], "\(reach.diagnostics)")
        #expect(reach.findings("check.dead-row").first?.message == "row P-NEVER never fires: no reachable situation matches it")
        // A relaunch row that would leave a domain is check.domain at its assignment.
        let domain = compile(Self.machine(rows: Self.counting + "\n  - {id: P-RELAUNCH, source: doc.md §6, on: relaunch, when: {failures: 2}, then: {failures: \"+1\"}}"))
        let overflow = try #require(domain.findings("check.domain").first)
        #expect(overflow.location == Location(file: "x.yaml", line: 18, column: 93))
        #expect(overflow.message == "row P-RELAUNCH would set failures to 3, outside int 0..2, in state Open with failures=2, typed=true")
    }
}
