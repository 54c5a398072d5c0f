import Foundation
import Testing
@testable import SpecKit

/// `check.contradicts-machine`: lint replays a scenario on the machine it `uses:` and reports the first step whose
/// expectations the table contradicts after the same steps, naming the row; a scenario the table cannot follow (its own
/// events, other product values, a forward clock) is not compared past that point.
@Suite("Scenarios checked against their machine")
struct ScenarioPredictionTests {
    /// A PIN lock: two wrong PINs count, the third blocks; a wait of 30s or more in Blocked unblocks. `rows:` is on
    /// line 16, P-WRONG on line 24.
    static let machine = """
        id: t.pin
        kind: machine
        title: PIN
        source: doc.md §1
        fixture: fx
        states: [Locked, Open, Blocked]
        initial: Locked
        variables:
          failures: int 0..3
        events:
          unlock: {pin: [right, wrong]}
          wait: {elapsed: duration 0s..1h}
        effects: [haptic, showBlocked, countdown]
        otherwise: ignore
        hit: unique
        rows:
          - id: P-OK
            source: doc.md §1
            from: Locked
            on: unlock
            when: {pin: right}
            to: Open
            then: {failures: 0}
          - id: P-WRONG
            source: doc.md §1
            from: Locked
            on: unlock
            when: {pin: wrong, failures: "< 2"}
            then: {failures: "+1"}
            effects: [haptic]
          - id: P-BLOCK
            source: doc.md §1
            from: Locked
            on: unlock
            when: {pin: wrong, failures: 2}
            to: Blocked
            then: {failures: 3}
            effects: [showBlocked, "countdown(${failures})"]
          - id: P-WAIT
            source: doc.md §1
            from: Blocked
            on: wait
            when: {elapsed: ">= 30s"}
            to: Locked
            then: {failures: 0}

        """

    /// A scenario set using t.pin with one scenario S1 of these steps (its first step on line 13), and `given` if any.
    static func scenarios(_ steps: String, given: String? = nil, header: String = "") -> String {
        """
        id: t.s
        kind: scenarios
        title: S
        source: doc.md §1
        fixture: fx
        uses: t.pin
        \(header.isEmpty ? "notes: none" : header)
        scenarios:
          - id: S1
            source: doc.md §1
            \(given.map { "given: {\($0)}" } ?? "notes: no given")
            steps:
        \(steps)
        """
    }

    /// The fixture's product file: one value, and a variant every case runs under.
    static let product = """
        id: fx.product
        kind: product
        title: P
        source: doc.md §1
        fixture: fx
        product: {limit: 3}
        variants:
          mode: [fast, slow]
        """

    static let wrong = "      - event: unlock\n        with: {pin: wrong}\n"

    static func findings(_ steps: String, given: String? = nil, header: String = "") -> [Diagnostic] {
        let c = SpecSources.compile([("fx.product.yaml", product), ("m.yaml", machine), ("s.yaml", scenarios(steps, given: given, header: header))])
        #expect(!c.diagnostics.contains { $0.severity == .error && $0.id != "check.contradicts-machine" }, "\(c.diagnostics.map { "\($0)" })")
        return c.findings("check.contradicts-machine")
    }

    @Test("a step expecting another value than the row that fires gives: the finding names both values, the row and where it is")
    func observation() throws {
        let found = Self.findings(Self.wrong + Self.wrong + "        expect: {failures: 1, state: Locked}\n")
        let d = try #require(found.first)
        #expect(found.count == 1)
        #expect(d.message == "scenario S1 expects failures 1 after unlock(pin=wrong), but machine t.pin has failures 2 after the same steps (its row P-WRONG fired last)")
        // At the value that differs, not at the step's first line (a product owner's trial).
        #expect(d.location == SourceLocation(file: "s.yaml", line: 17, column: 28))
        #expect(d.rows == ["P-WRONG", "S1"])
        // The rows on the way as related places: links in the editor (LSP) and in code scanning (SARIF), fields in the JSON.
        #expect(d.related == [.init(SourceLocation(file: "m.yaml", line: 24, column: 5), "row P-WRONG, taken on unlock(pin=wrong)"),
                              .init(SourceLocation(file: "m.yaml", line: 24, column: 5), "row P-WRONG, taken on unlock(pin=wrong)")])
        let json = DiagnosticFormatter.render([d], format: .json)
        #expect(json.contains(#""related" : ["#) && json.contains(#""message" : "row P-WRONG, taken on unlock(pin=wrong)""#), "\(json)")
        #expect(!DiagnosticFormatter.render([Diagnostic(.warning, id: "x", "m", at: d.location)], format: .json).contains("related"))
        let sarif = DiagnosticFormatter.render([d], format: .sarif)
        #expect(sarif.contains(#""relatedLocations" : ["#) && sarif.contains(#""startLine" : 24"#), "\(sarif)")
        #expect(d.notes.first == "the rows machine t.pin (m.yaml) took on the way: unlock(pin=wrong) → P-WRONG (line 24), unlock(pin=wrong) → P-WRONG (line 24)")
        #expect(d.severity == .warning)
        #expect(d.hint == "`lockspec run` shows which of the two the core agrees with; decide from the design document which is right. If the machine is, write failures: 2 in this step's expect:; if the scenario is, correct row P-WRONG, or a row before it (the note lists them)")
    }

    @Test("effects: another list, or one effect fewer, contradicts; a wildcard that matches does not")
    func effects() throws {
        let blocked = Self.wrong + Self.wrong + Self.wrong
        let d = try #require(Self.findings(blocked + "        expect: {effects: [showBlocked]}\n").first)
        #expect(d.message == "scenario S1 expects effects [showBlocked] after unlock(pin=wrong), but machine t.pin emits [showBlocked, countdown(3)] after the same steps (its row P-BLOCK fired last)")
        #expect(d.hint?.contains("If the machine is, write effects: [showBlocked, countdown(3)] in this step's expect:") == true)
        #expect(Self.findings(blocked + "        expect: {effects: [showBlocked, \"countdown(2)\"]}\n").count == 1)
        #expect(Self.findings(blocked + "        expect: {effects: [showBlocked, \"countdown(*)\"], state: Blocked}\n").isEmpty)
        #expect(Self.findings(blocked + "        expect: {effects: [\"countdown(3)\", showBlocked]}\n").isEmpty)
    }

    @Test("an event no row matches is ignored: the machine keeps its values, and the message says so")
    func ignored() throws {
        let d = try #require(Self.findings("      - event: wait\n        with: {elapsed: 1h}\n        expect: {state: Open}\n").first)
        #expect(d.message == "scenario S1 expects state Open after wait(elapsed=1h), but machine t.pin has state Locked after the same steps (no row matches wait(elapsed=1h) in Locked: it ignores the event)")
        #expect(d.rows == ["S1"])
        #expect(d.hint?.hasSuffix("write state: Locked in this step's expect:; if the scenario is, add a row for wait(elapsed=1h) in Locked") == true, "\(d.hint ?? "")")
    }

    @Test("a step that only checks is compared with the frame the steps before it left, or the initial one")
    func checks() throws {
        let d = try #require(Self.findings("      - expect: {failures: 1}\n").first)
        #expect(d.message == "scenario S1 expects failures 1 at the start, but machine t.pin starts with failures 0")
        #expect(d.hint?.hasSuffix("correct the machine's initial: state or its variables' initial values") == true)
        let later = try #require(Self.findings(Self.wrong + "      - expect: {state: Blocked}\n").first)
        #expect(later.message == "scenario S1 expects state Blocked after unlock(pin=wrong), but machine t.pin has state Locked after the same steps (its row P-WRONG fired last)")
    }

    @Test("inputs between the walks' edges are replayed too: a wait of 45s unblocks as a wait of 30s does")
    func anyInput() throws {
        let blocked = Self.wrong + Self.wrong + Self.wrong
        let wait = "      - event: wait\n        with: {elapsed: 45s}\n"
        #expect(Self.findings(blocked + wait + "        expect: {state: Locked, failures: 0}\n").isEmpty)
        let d = try #require(Self.findings(blocked + wait + "        expect: {state: Blocked}\n").first)
        #expect(d.message.hasSuffix("but machine t.pin has state Locked after the same steps (its row P-WAIT fired last)"))
    }

    @Test("effects lists of several: a note names the effects only one side has; an expected empty list reads 'no effects'")
    func effectsDiffer() throws {
        let blocked = Self.wrong + Self.wrong + Self.wrong
        let d = try #require(Self.findings(blocked + "        expect: {effects: [showBlocked, \"countdown(2)\"]}\n").first)
        #expect(d.notes.contains("of these effects, only the scenario names countdown(2); only the machine, countdown(3)"))
        let none = try #require(Self.findings(blocked + "        expect: {effects: []}\n").first)
        #expect(none.message.hasPrefix("scenario S1 expects no effects after unlock(pin=wrong), but machine t.pin emits [showBlocked, countdown(3)]"))
    }

    @Test("a repeated step says which of its runs the table contradicts; a block's expect-last is found at its value")
    func repeated() throws {
        let d = try #require(Self.findings("      - event: unlock\n        with: {pin: wrong}\n        repeat: 3\n        expect-each: {state: Locked}\n").first)
        #expect(d.message == "scenario S1 expects state Locked after the 3rd of 3 runs of unlock(pin=wrong), but machine t.pin has state Blocked after the same steps (its row P-BLOCK fired last)")
        #expect(d.location == SourceLocation(file: "s.yaml", line: 16, column: 30))
        let block = "      - repeat: 2\n        steps:\n" + Self.wrong.split(separator: "\n").map { "    " + $0 + "\n" }.joined() + "        expect-last: {failures: 3}\n"
        let b = try #require(Self.findings(block).first)
        #expect(b.location == SourceLocation(file: "s.yaml", line: 17, column: 33))
        #expect(b.message.hasPrefix("scenario S1 expects failures 3 after unlock(pin=wrong), but machine t.pin has failures 2"))
    }

    @Test("the device clock set by any amount changes nothing in the model, where the fixture can set it; without a fixture that can, the replay stops there")
    func clockMoves() throws {
        let blocked = Self.wrong + Self.wrong + Self.wrong
        let steps = blocked + "      - setClock: -37s\n        expect: {state: Locked}\n"
        let c = SpecCompiler(catalog: ClockCatalog()).compile(sources: [("fx.product.yaml", Self.product), ("m.yaml", Self.machine), ("s.yaml", Self.scenarios(steps))]
            .map { (path: $0.0, bytes: Array($0.1.utf8)) })
        let d = try #require(c.findings("check.contradicts-machine").first, "\(c.diagnostics.map { "\($0)" })")
        #expect(d.message == "scenario S1 expects state Locked after setClock -37s, but machine t.pin has state Blocked after the same steps (moving the device clock changes nothing in a machine)")
        #expect(d.hint?.hasSuffix("know that a machine cannot say so: in its model, moving the device clock changes nothing (D-CLOCK, D-MT-CLOCK)") == true)
        // No catalog: nothing says the fixture can set the clock, so the table predicts nothing past the step.
        #expect(Self.findings(steps).isEmpty)
    }

    @Test("a machine with an error of its own (an effect its fixture does not know) is not compared: its hint would copy the error")
    func brokenMachine() throws {
        let steps = Self.wrong + "        expect: {failures: 2}\n"
        let compile = { (machine: String) in
            SpecCompiler(catalog: ClockCatalog()).compile(sources: [("fx.product.yaml", Self.product), ("m.yaml", machine), ("s.yaml", Self.scenarios(steps))]
                .map { (path: $0.0, bytes: Array($0.1.utf8)) })
        }
        #expect(compile(Self.machine).findings("check.contradicts-machine").count == 1)
        let broken = compile(Self.machine.replacingOccurrences(of: "effects: [haptic, showBlocked, countdown]", with: "effects: [haptic, showBlocked, countdown, buzz]")
            .replacingOccurrences(of: "effects: [haptic]", with: "effects: [buzz]"))
        #expect(broken.diagnostics.contains { $0.severity == .error && $0.location.file == "m.yaml" }, "\(broken.diagnostics.map { "\($0)" })")
        #expect(broken.findings("check.contradicts-machine").isEmpty)
    }

    /// The catalog of a fixture `fx` that can set its clock, with the machine's names.
    struct ClockCatalog: FixtureCatalog {
        func vocabulary(of fixture: String) -> FixtureVocabulary? {
            guard fixture == "fx" else { return nil }
            return FixtureVocabulary(
                events: ["unlock": ["pin": .domain(.enumeration(["right", "wrong"]))], "wait": ["elapsed": .domain(.duration(0...3_600_000))]],
                observations: ["state": .domain(.enumeration(["Locked", "Open", "Blocked"])), "failures": .domain(.int(0...3))],
                effects: ["haptic", "showBlocked", "countdown"],
                product: ["limit": .int(0...9), "mode": .enumeration(["fast", "slow"])], setsClock: true)
        }
        var fixtureNames: [String] { ["fx"] }
    }

    @Test("effects on a step that only checks can never be seen: a reader error at the effects, whatever the machine")
    func effectsOnCheck() throws {
        let c = SpecSources.compile([("fx.product.yaml", Self.product), ("m.yaml", Self.machine), ("s.yaml", Self.scenarios(Self.wrong + "      - expect: {effects: [haptic]}\n"))])
        let d = try #require(c.findings("spec.effects-on-check").first)
        #expect(d.message == "scenario S1 expects effects [haptic] on a step that only checks, which emits none, so they can never be seen")
        #expect(d.location == SourceLocation(file: "s.yaml", line: 15, column: 27))
        #expect(c.findings("check.contradicts-machine").isEmpty)
        #expect(Self.findings(Self.wrong + "      - expect: {effects: [], state: Locked}\n").isEmpty)
    }

    @Test("one finding per scenario: the first step that contradicts; the steps after it are not compared")
    func firstOnly() {
        let found = Self.findings(Self.wrong + "        expect: {failures: 2}\n" + Self.wrong + "        expect: {failures: 3}\n")
        // Both steps contradict the table (one wrong PIN counts 1, two count 2): the first is reported, at its expect: line.
        #expect(found.map(\.location.line) == [15])
    }

    @Test("the table predicts nothing past a step it cannot follow, or for a scenario with other product values", arguments: [
        // An event of the scenario set's own.
        ("      - event: shake\n" + ScenarioPredictionTests.wrong + "        expect: {failures: 3}\n", nil, "events: {shake: }"),
        // Time the fixture moves forward, which the table does not model.
        ("      - advance: 1m\n" + ScenarioPredictionTests.wrong + "        expect: {failures: 3}\n", nil, ""),
        // A kill without a relaunch, in a machine that models none.
        ("      - kill\n      - relaunch\n      - expect: {failures: 3}\n", nil, ""),
        // Another product value than the machine's.
        (ScenarioPredictionTests.wrong + "        expect: {failures: 3}\n", "limit: 4", ""),
    ] as [(String, String?, String)])
    func notPredicted(_ steps: String, _ given: String?, _ header: String) {
        #expect(Self.findings(steps, given: given, header: header).isEmpty)
    }

    @Test("a scenario that agrees with its machine, and one with the machine's own given: values, lint clean")
    func agreeing() {
        let steps = Self.wrong + "        expect: {failures: 1, state: Locked, effects: [haptic]}\n"
            + "      - event: unlock\n        with: {pin: right}\n        expect: {state: Open, failures: 0, effects: []}\n"
        #expect(Self.findings(steps).isEmpty)
        #expect(Self.findings(steps, given: "limit: 3").isEmpty)
        #expect(Self.findings(steps.replacingOccurrences(of: "failures: 0, effects", with: "failures: 1, effects"), given: "limit: 3").count == 1)
    }
}
