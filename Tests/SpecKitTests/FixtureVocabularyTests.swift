import Foundation
import Testing
@testable import SpecKit

/// The typed fixture vocabulary: declared domains must fit the fixture's, and every value a spec writes must be one
/// the fixture can translate, reported at the value itself.
@Suite("Fixture vocabulary")
struct FixtureVocabularyTests {
    struct Catalog: FixtureCatalog {
        func vocabulary(of fixture: String) -> FixtureVocabulary? {
            guard fixture == "fx" else { return nil }
            return FixtureVocabulary(
                events: [
                    "submit": ["password": .textExpression(operands: ["main", "decoy"]), "outcome": .domain(.enumeration(["success", "cancel"]))],
                    "update": ["version": .textExpression(operands: [])],
                ],
                observations: ["state": .domain(.enumeration(["Locked", "Open"])), "failures": .domain(.int(0...10))])
        }
        var fixtureNames: [String] { ["fx"] }
    }

    /// A machine whose `submit` event declares `password` on line 11 and `outcome` on line 12; its row is on line 15.
    static func machine(password: String = "[main, 'main + \" \"']", outcome: String = "[success, cancel]",
                        failures: String = "int 0..10", when: String = "{password: 'main + \" \"'}") -> String {
        """
        id: t.fx
        kind: machine
        title: T
        source: doc.md §1
        fixture: fx
        states: [Locked, Open]
        initial: Locked
        variables: {failures: \(failures)}
        events:
          submit:
            password: \(password)
            outcome: \(outcome)
        effects: []
        rows:
          - {id: R1, source: doc.md §1, from: Locked, on: submit, when: \(when), to: Open}
        """
    }

    func compile(_ yaml: String) -> SpecCompiler.Compilation {
        SpecCompiler(catalog: Catalog()).compile(sources: [(path: "x.yaml", bytes: Array(yaml.utf8))])
    }

    /// Found by the sixth product-owner trial: renaming a state or an event in a machine's declaration got 19 "not a
    /// state" errors whose did-you-mean pointed at another name (`toggleOff` → `toggleOn`); that the fixture's names
    /// cannot be changed came only once every use was renamed too.
    @Test("a row naming a state or event its spec no longer declares but its fixture has: the hint says the fixture's names are fixed")
    func renamedDeclaration() throws {
        let fixed = { (kind: String, name: String, list: String) in
            "fixture 'fx' has the \(kind) '\(name)', and its names cannot be changed in a spec: if '\(list)' renamed it, give it back its name there "
                + "('lockspec lint --fixtures fx' lists the fixture's names)"
        }
        let state = compile(Self.machine().replacingOccurrences(of: "states: [Locked, Open]", with: "states: [Locked, Unlocked]"))
        let to = try #require(state.diagnostics.first { $0.message.contains("goes to 'Open'") }, "\(state.diagnostics)")
        #expect(to.hint == fixed("state", "Open", "states:"))
        let event = compile(Self.machine().replacingOccurrences(of: "  submit:\n", with: "  send:\n"))
        let on = try #require(event.diagnostics.first { $0.id == "spec.unknown-event" }, "\(event.diagnostics)")
        #expect(on.hint == fixed("event", "submit", "events:"))
        // A name the fixture does not have either keeps its did-you-mean.
        let typo = compile(Self.machine().replacingOccurrences(of: "to: Open}", with: "to: Opne}"))
        #expect(typo.diagnostics.first { $0.id == "spec.unknown-state" }?.hint == "did you mean 'Open'?")
    }

    @Test("a spec whose values all fit the fixture's has no findings")
    func fits() {
        #expect(compile(Self.machine()).diagnostics.isEmpty)
    }

    @Test("an event input declared with a value the fixture cannot translate is one finding, at the declaration, with a did-you-mean; the rows that use the value follow from it")
    func unknownValue() throws {
        let c = compile(Self.machine(outcome: "[success, cancle]", when: "{outcome: cancle}"))
        #expect(c.diagnostics.map(\.id) == ["fixture.domain-mismatch"], "\(c.diagnostics)")
        let declared = try #require(c.findings("fixture.domain-mismatch").first)
        #expect(declared.location == SpecKit.SourceLocation(file: "x.yaml", line: 12, column: 5))
        #expect(declared.message == "input 'outcome' of event 'submit' is declared as [success, cancle], but fixture 'fx' cannot translate it: 'cancle' is not one of [success, cancel]")
        #expect(declared.hint == "did you mean 'cancel'?")
        #expect(c.failed(strict: false))
        // A row whose value is not in the (wrong) declaration is not reported either: the declaration is the mistake.
        let other = compile(Self.machine(outcome: "[success, cancle]", when: "{outcome: cancel}"))
        #expect(other.diagnostics.map(\.id) == ["fixture.domain-mismatch"], "\(other.diagnostics)")
    }

    @Test("a password expression naming a password the fixture does not configure: one finding, at the declaration")
    func unknownOperand() throws {
        let c = compile(Self.machine(password: "[main, 'mainn + \" \"']", when: "{password: 'mainn + \" \"'}"))
        #expect(c.diagnostics.map(\.id) == ["fixture.domain-mismatch"], "\(c.diagnostics)")
        let declared = try #require(c.diagnostics.first)
        #expect(declared.location == SpecKit.SourceLocation(file: "x.yaml", line: 11, column: 5))
        #expect(declared.message.hasSuffix("'mainn + \" \"' uses 'mainn', which the fixture does not configure: its operands are main, decoy"))
        #expect(declared.hint == "did you mean 'main'?")
    }

    @Test("fixture.domain-mismatch: a declared range wider than the fixture's, or another kind of value")
    func domainMismatch() throws {
        let wide = try #require(compile(Self.machine(failures: "int 0..20")).findings("fixture.domain-mismatch").first)
        #expect(wide.location == SpecKit.SourceLocation(file: "x.yaml", line: 8, column: 13))
        #expect(wide.message == "observation 'failures' is declared as int 0..20, but fixture 'fx' cannot translate it: int 0..20 is not inside the fixture's int 0..10")
        let kind = try #require(compile(Self.machine(failures: "bool")).findings("fixture.domain-mismatch").first)
        #expect(kind.message.hasSuffix("bool is not the fixture's kind of value, int 0..10"))
    }

    @Test("spec.bad-expression: an enumeration member that is neither a name nor a text expression")
    func badExpression() throws {
        let c = compile(Self.machine(password: "[main, 'uper(main)']", when: "{password: main}"))
        let d = try #require(c.findings("spec.bad-expression").first)
        #expect(d.location == SpecKit.SourceLocation(file: "x.yaml", line: 11, column: 22))
        #expect(d.message == "a value of the type of 'password' 'uper(main)' is neither a name nor a text expression: 'uper' is not a function of text expressions (lower, prefix, suffix, upper)")
        #expect(d.hint == "did you mean 'upper'?")
        // A row that names the refused member follows from the declaration: one finding, not also out of domain.
        let used = compile(Self.machine(password: "[main, 'prefix(main, -1)']", when: "{password: 'prefix(main, -1)'}"))
        #expect(used.diagnostics.filter { $0.severity == .error }.map(\.id) == ["spec.bad-expression"], "\(used.diagnostics)")
        #expect(used.diagnostics.first?.message.hasSuffix("the count of prefix must be a whole number, 0 or more, such as prefix(main, 3)") == true)
    }

    @Test("text expressions read, print canonically and evaluate", arguments: [
        ("main", "main", "orchard"),
        ("main + \" \"", "main + \" \"", "orchard "),
        ("\" \"+main", "\" \" + main", " orchard"),
        ("upper(main)", "upper(main)", "ORCHARD"),
        ("prefix(decoy,3)", "prefix(decoy, 3)", "har"),
        ("suffix(main, 2) + lower(\"X\")", "suffix(main, 2) + lower(\"X\")", "rdx"),
        ("2026-05-01", "2026-05-01", "2026-05-01"),
    ])
    func expressions(text: String, canonical: String, value: String) throws {
        let e = try TextExpression.parse(text).get()
        #expect(e.description == canonical)
        #expect(e.evaluate { ["main": "orchard", "decoy": "harbor"][$0] } == value)
    }

    @Test("malformed text expressions explain themselves", arguments: [
        ("main +", "a text expression ends where a term is expected: write a name, \"text\" or a call"),
        ("prefix(main)", "prefix(text, n) needs a count after a comma"),
        ("\"open", "a quoted text has no closing '\"'"),
        ("main main", "unexpected 'm' in a text expression: join terms with +"),
    ])
    func malformed(text: String, message: String) {
        guard case .failure(let e) = TextExpression.parse(text) else { Issue.record("\(text) parsed"); return }
        #expect(e.message == message)
    }
}

/// A scenarios spec inherits its machine's variable bounds; it may widen one in its own `observe:`.
@Suite("Scenario observation bounds")
struct ScenarioObservationBoundTests {
    static let machine = """
        id: t.m
        kind: machine
        title: M
        source: doc.md §1
        fixture: fx
        states: [Locked, Open]
        initial: Locked
        variables: {failures: int 0..10}
        events: {fail: }
        effects: []
        rows:
          - {id: M1, source: doc.md §1, on: fail, when: {failures: "..9"}, then: {failures: "+1"}}
        """

    static func scenarios(observe: String) -> String {
        """
        id: t.s
        kind: scenarios
        title: S
        source: doc.md §1
        fixture: fx
        uses: t.m
        observe: {\(observe)}
        scenarios:
          - id: S1
            source: doc.md §1
            steps:
              - expect: {failures: 11}
        """
    }

    func compile(observe: String) -> SpecCompiler.Compilation {
        SpecSources.compile([("m.yaml", Self.machine), ("s.yaml", Self.scenarios(observe: observe))])
    }

    @Test("spec.observation-bound: a value past the inherited bound names the bound and how to widen it")
    func bound() throws {
        let c = compile(observe: "")
        let d = try #require(c.findings("spec.observation-bound").first)
        #expect(d.location == SpecKit.SourceLocation(file: "s.yaml", line: 12, column: 28))
        #expect(d.message == "scenario S1 expects 'failures' to be 11, outside int 0..10, the bound it inherits from 't.m'")
        #expect(d.hint == "widen it in this spec's observe: failures: int 0..11")
    }

    @Test("widening the observation in the scenarios' observe: lets the scenario expect the value")
    func widened() {
        #expect(compile(observe: "failures: int 0..20").diagnostics.filter { $0.severity == .error }.isEmpty)
    }

    @Test("narrowing or changing the kind of an inherited observation is still a duplicate")
    func narrowed() throws {
        let d = try #require(compile(observe: "failures: int 0..5").findings("spec.duplicate-name").first)
        #expect(d.message == "observation 'failures' is already declared by 't.m' as int 0..10; a scenarios spec may only widen its range")
    }
}
