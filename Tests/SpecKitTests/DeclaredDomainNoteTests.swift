import Foundation
import Testing
@testable import SpecKit

/// A value outside a declared domain names where that domain is declared: the limit of a scenario's input or
/// observation is often another file's (the machine it uses), and the finding's own line does not show it.
@Suite("Declared domain notes")
struct DeclaredDomainNoteTests {
    /// A scenario set using `SpecSources.machine`'s `t.machine` (in m.yaml), with one step (line 10).
    static func scenarios(_ step: String) -> String {
        """
        id: t.scenarios
        kind: scenarios
        title: S
        source: doc.md §3
        fixture: fx
        uses: t.machine
        scenarios:
          - id: S1
            source: doc.md §3
            steps:
        \(step)
        """
    }

    static let machine = SpecSources.machine(rows: """
          - id: R-LOCK
            source: doc.md §1
            on: active
            when: {away: "> 60s"}
            to: Locked

        """)

    static func only(_ c: SpecCompiler.Compilation, _ id: String = "spec.out-of-domain") throws -> Diagnostic {
        let found = c.findings(id)
        #expect(found.count == 1, "\(c.diagnostics.map { "\($0)" })")
        return try #require(found.first)
    }

    @Test("a scenario's input or expectation outside the used machine's domain: the note names the machine file's line", arguments: [
        ("      - event: active\n        with: {away: 3h}\n", "spec.out-of-domain", "'away' in scenario S1: 3h is outside duration 0s..2h",
         "'away' is declared as duration 0s..2h at m.yaml:13:12"),
        ("      - expect: {state: Closed}\n", "spec.out-of-domain", "'state' in scenario S1: 'Closed' is not one of [Open, Locked]",
         "'state' is declared as [Open, Locked] at m.yaml:6:10"),
        ("      - expect: {enabled: maybe}\n", "spec.out-of-domain", "'enabled' in scenario S1: 'maybe' is not a boolean: write true or false",
         "'enabled' is declared as bool at m.yaml:9:3"),
        // Past an inherited bound: its own finding, whose hint says how to widen it here, and whose note says where it is.
        ("      - expect: {failures: 5}\n", "spec.observation-bound",
         "scenario S1 expects 'failures' to be 5, outside int 0..3, the bound it inherits from 't.machine'",
         "'failures' is declared as int 0..3 at m.yaml:10:3"),
    ])
    func scenario(_ step: String, _ id: String, _ message: String, _ note: String) throws {
        let d = try Self.only(SpecSources.compile([("m.yaml", Self.machine), ("s.yaml", Self.scenarios(step))]), id)
        #expect(d.message == message)
        #expect(d.notes == [note])
        #expect(d.location.file == "s.yaml")
    }

    @Test("a finding about a scenario calls it a scenario, not a row", arguments: [
        ("      - expect: {effects: [stopAuth]}\n", "spec.unknown-effect", "scenario S1 names effect 'stopAuth', which is not declared in 'effects'"),
        ("      - expect: {effects: [\"startAuth(\"]}\n", "spec.bad-effect", "effect 'startAuth(' of scenario S1 does not parse"),
        ("      - expect: {effects: {a: 1}}\n", "spec.wrong-type", "the effects of scenario S1"),
    ])
    func scenarioNoun(_ step: String, _ id: String, _ message: String) throws {
        let d = try Self.only(SpecSources.compile([("m.yaml", Self.machine), ("s.yaml", Self.scenarios(step))]), id)
        #expect(d.message.hasPrefix(message) || d.message.contains(message), "\(d.message)")
        #expect(!d.message.contains("row S1"), "\(d.message)")
    }

    @Test("a scenario with no steps, or a repeated block with none, is a warning: it checks (or repeats) nothing")
    func noSteps() throws {
        let empty = Self.scenarios("").replacingOccurrences(of: "    steps:\n", with: "    steps: []\n")
        try #require(empty != Self.scenarios(""))
        let d = try Self.only(SpecSources.compile([("m.yaml", Self.machine), ("s.yaml", empty)]), "spec.no-steps")
        #expect(d.severity == .warning && d.message == "scenario S1 has no steps, so it checks nothing, and a run would count it passed")
        let block = try Self.only(SpecSources.compile([("m.yaml", Self.machine), ("s.yaml", Self.scenarios("      - repeat: 3\n        steps: []\n"))]), "spec.no-steps")
        #expect(block.message == "the repeated block of scenario S1 has no steps, so it repeats nothing" && block.location.line == 12)
    }

    @Test("an untraced scenario, and one whose source names no section, are called scenarios")
    func untracedScenarioNoun() throws {
        let step = "      - expect: {state: Open}\n"
        let untraced = Self.scenarios(step).replacingOccurrences(of: "  - id: S1\n    source: doc.md §3\n", with: "  - id: S1\n")
        try #require(untraced != Self.scenarios(step))
        let d = try Self.only(SpecSources.compile([("m.yaml", Self.machine), ("s.yaml", untraced)]), "spec.untraced-row")
        #expect(d.message.hasPrefix("scenario S1 says neither where it comes from nor why"), "\(d.message)")
        let sectionless = Self.scenarios(step).replacingOccurrences(of: "  - id: S1\n    source: doc.md §3\n", with: "  - id: S1\n    source: doc.md\n")
        let w = try Self.only(SpecSources.compile([("m.yaml", Self.machine), ("s.yaml", sectionless)]), "spec.source-without-section")
        #expect(w.message == "the source of scenario S1 names no section: write '<document> §<section>'")
    }

    @Test("a value past an ordered domain's bound: the hint names that bound and how to widen the domain; other hints stay", arguments: [
        ("      - event: active\n        with: {away: 3h}\n", "the most it can be is 2h; to allow more, widen 'away' where it is declared"),
        ("      - event: active\n        with: {away: -1s}\n", "the least it can be is 0s; to allow less, widen 'away' where it is declared"),
        ("      - event: active\n        with: {away: 999999999999d}\n", "the most it can be is 2h; to allow more, widen 'away' where it is declared"),
        ("      - event: active\n        with: {away: 60}\n", "add a unit, e.g. 60s"),
        ("      - expect: {state: Lockd}\n", "did you mean 'Locked'?"),
    ])
    func outOfRangeHint(_ step: String, _ hint: String) throws {
        let d = try Self.only(SpecSources.compile([("m.yaml", Self.machine), ("s.yaml", Self.scenarios(step))]))
        #expect(d.hint == hint, "\(d.message)")
    }

    /// Found by the fifth product-owner trial: a version the list lacked was told where the list is, not what to do.
    @Test("a version (or date) a declared list lacks: the hint says to add it there; other text gets no such hint")
    func newValueHint() throws {
        let machine = Self.machine.replacingOccurrences(of: "  appear:\n", with: "  appear:\n  update: {version: [\"1.2\", \"1.3\"]}\n")
        try #require(machine != Self.machine)
        let compile = { (value: String) in
            try Self.only(SpecSources.compile([("m.yaml", machine), ("s.yaml", Self.scenarios("      - event: update\n        with: {version: \(value)}\n"))]))
        }
        #expect(try compile("\"1.7\"").hint == "if \"1.7\" is a new value, add it to the list of 'version' where it is declared")
        #expect(try compile("banana").hint == nil)
        // A machine's condition gets the same hint.
        let condition = machine.replacingOccurrences(of: "on: active\n    when: {away: \"> 60s\"}", with: "on: update\n    when: {version: \"1.7\"}")
        try #require(condition != machine)
        #expect(try Self.only(SpecSources.compile(condition)).hint == "if \"1.7\" is a new value, add it to the list of 'version' where it is declared")
    }

    @Test("a machine's condition past its domain's bound gets the same hint")
    func conditionOutOfRange() throws {
        let machine = Self.machine.replacingOccurrences(of: "when: {away: \"> 60s\"}", with: "when: {away: 3h}")
        try #require(machine != Self.machine)
        let d = try Self.only(SpecSources.compile(machine))
        #expect(d.hint == "the most it can be is 2h; to allow more, widen 'away' where it is declared")
    }

    @Test("an observation the scenario set declares (or widens) itself is named at its own observe: line")
    func ownObservation() throws {
        let yaml = Self.scenarios("      - expect: {failures: 9}\n").replacingOccurrences(of: "uses: t.machine\n", with: "uses: t.machine\nobserve:\n  failures: int 0..5\n")
        let d = try Self.only(SpecSources.compile([("m.yaml", Self.machine), ("s.yaml", yaml)]))
        #expect(d.notes == ["'failures' is declared as int 0..5 at s.yaml:8:3"])
    }

    @Test("a machine row's new value and a decision row's output name their declarations in the same file")
    func sameFile() throws {
        let machine = SpecSources.machine(rows: """
              - id: R-SET
                source: doc.md §1
                on: appear
                then: {failures: 7}

            """)
        let set = try Self.only(SpecSources.compile(machine))
        #expect(set.message == "the new value of 'failures' in row R-SET: 7 is outside int 0..3")
        #expect(set.notes == ["'failures' is declared as int 0..3 at x.yaml:10:3"])

        let decision = SpecSources.decision(rows: """
              - id: D1
                source: doc.md §2
                when: {failures: 1}
                then: {action: block, remaining: 9}

            """)
        let output = try Self.only(SpecSources.compile(decision))
        #expect(output.message == "'remaining' in row D1: 9 is outside int 0..4")
        #expect(output.notes == ["'remaining' is declared as int 0..4 at x.yaml:10:3"])
    }

    @Test("a machine row's condition on a value outside its domain names the variable's or the input's declaration")
    func condition() throws {
        let input = SpecSources.machine(rows: "  - {id: R1, source: doc.md §1, on: active, when: {away: 3h}, to: Locked}\n")
        let away = try Self.only(SpecSources.compile(input))
        #expect(away.message.hasPrefix("the condition on 'away' in row R1: 3h is outside duration 0s..2h"), "\(away.message)")
        #expect(away.notes == ["'away' is declared as duration 0s..2h at x.yaml:13:12"])
        let variable = SpecSources.machine(rows: "  - {id: R1, source: doc.md §1, on: appear, when: {failures: [1, 7]}, to: Locked}\n")
        #expect(try Self.only(SpecSources.compile(variable)).notes == ["'failures' is declared as int 0..3 at x.yaml:10:3"])
    }

    @Test("an initial value outside its own declaration needs no note: the finding is at the declaration")
    func initialValue() throws {
        let machine = SpecSources.machine(rows: "  - {id: R1, source: doc.md §1, on: appear, to: Locked}\n")
            .replacingOccurrences(of: "  failures: int 0..3", with: "  failures: {type: int 0..3, initial: 4}")
        let d = try Self.only(SpecSources.compile(machine))
        #expect(d.notes.isEmpty)
    }
}
