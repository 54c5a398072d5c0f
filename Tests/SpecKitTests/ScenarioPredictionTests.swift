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
        #expect(d.message == "scenario S1 expects failures 1 after unlock(pin=wrong), but row P-WRONG of machine t.pin gives failures 2 after the same steps")
        #expect(d.location == SourceLocation(file: "s.yaml", line: 15, column: 9))
        #expect(d.rows == ["P-WRONG", "S1"])
        #expect(d.notes.first == "row P-WRONG is at m.yaml:24:5")
        #expect(d.severity == .warning)
        #expect(d.hint == "the run shows which of the two the core agrees with; decide from the design document which is right. If the machine is, write failures: 2 in this step's expect:; if the scenario is, correct row P-WRONG")
    }

    @Test("effects: another list, or one effect fewer, contradicts; a wildcard that matches does not")
    func effects() throws {
        let blocked = Self.wrong + Self.wrong + Self.wrong
        let d = try #require(Self.findings(blocked + "        expect: {effects: [showBlocked]}\n").first)
        #expect(d.message == "scenario S1 expects effects [showBlocked] after unlock(pin=wrong), but row P-BLOCK of machine t.pin gives effects [showBlocked, countdown(3)] after the same steps")
        #expect(d.hint?.contains("If the machine is, write effects: [showBlocked, countdown(3)] in this step's expect:") == true)
        #expect(Self.findings(blocked + "        expect: {effects: [showBlocked, \"countdown(2)\"]}\n").count == 1)
        #expect(Self.findings(blocked + "        expect: {effects: [showBlocked, \"countdown(*)\"], state: Blocked}\n").isEmpty)
        #expect(Self.findings(blocked + "        expect: {effects: [\"countdown(3)\", showBlocked]}\n").isEmpty)
    }

    @Test("an event no row matches is ignored: the machine keeps its values, and the message says so")
    func ignored() throws {
        let d = try #require(Self.findings("      - event: wait\n        with: {elapsed: 1h}\n        expect: {state: Open}\n").first)
        #expect(d.message == "scenario S1 expects state Open after wait(elapsed=1h), but machine t.pin, where no row matches wait(elapsed=1h) in Locked and the event is ignored, keeps state Locked after the same steps")
        #expect(d.rows == ["S1"])
        #expect(d.hint?.hasSuffix("write state: Locked in this step's expect:; if the scenario is, add a row for wait(elapsed=1h) in Locked") == true, "\(d.hint ?? "")")
    }

    @Test("a step that only checks is compared with the frame the steps before it left, or the initial one")
    func checks() throws {
        let d = try #require(Self.findings("      - expect: {failures: 1}\n").first)
        #expect(d.message == "scenario S1 expects failures 1 at the start, but machine t.pin starts with failures 0")
        #expect(d.hint?.hasSuffix("correct the machine's initial: state or its variables' initial values") == true)
        let later = try #require(Self.findings(Self.wrong + "      - expect: {state: Blocked}\n").first)
        #expect(later.message == "scenario S1 expects state Blocked after unlock(pin=wrong), but row P-WRONG of machine t.pin gives state Locked after the same steps")
    }

    @Test("inputs between the walks' edges are replayed too: a wait of 45s unblocks as a wait of 30s does")
    func anyInput() throws {
        let blocked = Self.wrong + Self.wrong + Self.wrong
        let wait = "      - event: wait\n        with: {elapsed: 45s}\n"
        #expect(Self.findings(blocked + wait + "        expect: {state: Locked, failures: 0}\n").isEmpty)
        let d = try #require(Self.findings(blocked + wait + "        expect: {state: Blocked}\n").first)
        #expect(d.message.contains("row P-WAIT of machine t.pin gives state Locked"))
    }

    @Test("one finding per scenario: the first step that contradicts; the steps after it are not compared")
    func firstOnly() {
        let found = Self.findings(Self.wrong + "        expect: {failures: 2}\n" + Self.wrong + "        expect: {failures: 3}\n")
        // Both steps contradict the table (one wrong PIN counts 1, two count 2): the first is reported, at its line.
        #expect(found.map(\.location.line) == [13])
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
