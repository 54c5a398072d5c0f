import Testing
@testable import SpecKit

/// An effect's arguments against what its fixture can report, and lint's finding at an effect the fixture can never
/// report.
@Suite("Effect signatures")
struct EffectSignatureTests {
    static let policies = FixtureType.domain(.enumeration(["deviceOwnerAuthentication", "deviceOwnerAuthenticationWithBiometrics"]))
    static let completion = EffectSignature(positional: [.domain(.bool), .domain(.enumeration(["cancel", "lockout"]))], required: 1)
    static let output = EffectSignature(positional: [.domain(.enumeration(["onPINFail", "onPINSuccess"]))],
                                        labels: ["attempts_remaining": .domain(.int(0...5))])

    @Test("arguments that fit, values not known before the run (nil) checked for their place only")
    func fits() {
        #expect(EffectSignature().problem(with: []) == nil)
        #expect(EffectSignature(positional: [Self.policies]).problem(with: [(nil, .symbol("deviceOwnerAuthentication"))]) == nil)
        #expect(EffectSignature(positional: [Self.policies]).problem(with: [(nil, nil)]) == nil)
        #expect(Self.completion.problem(with: [(nil, .bool(true))]) == nil)
        #expect(Self.completion.problem(with: [(nil, .bool(false)), (nil, .symbol("lockout"))]) == nil)
        #expect(Self.output.problem(with: [(nil, .symbol("onPINFail")), ("attempts_remaining", .int(2))]) == nil)
        #expect(Self.output.problem(with: [(nil, .symbol("onPINSuccess"))]) == nil, "a labelled argument may be absent")
        // A text type takes whatever reads back as text, and open labels take any label.
        let open = EffectSignature(positional: [.domain(.text)], labels: nil)
        #expect(open.problem(with: [(nil, .symbol("pin_failure")), ("attempt_number", .int(1)), ("anything", .text("x"))]) == nil)
    }

    @Test("arguments that do not fit, each told how", arguments: [
        (EffectSignature(positional: [policies]), [(nil, Value.symbol("deviceOwnerAuthenticaton"))] as [(String?, Value?)],
         "its argument 1: 'deviceOwnerAuthenticaton' is not one of [deviceOwnerAuthentication, deviceOwnerAuthenticationWithBiometrics]",
         "did you mean 'deviceOwnerAuthentication'?" as String?),
        (EffectSignature(), [(nil, Value.int(1))], "it takes no argument without a label, not 1", nil),
        (EffectSignature(positional: [policies]), [], "it takes 1 argument without a label, not 0", nil),
        (completion, [(nil, .bool(false)), (nil, .symbol("cancel")), (nil, .int(3))], "it takes 1 to 2 arguments without a label, not 3", nil),
        (output, [(nil, .symbol("onPINFail")), ("atempts_remaining", .int(1))],
         "it has no argument 'atempts_remaining' (its labels: attempts_remaining)", "did you mean 'attempts_remaining'?"),
        (output, [(nil, .symbol("onPINFail")), ("attempts_remaining", .int(9))], "its argument 'attempts_remaining': 9 is outside int 0..5", nil),
        (EffectSignature(positional: [policies]), [(nil, .symbol("deviceOwnerAuthentication")), ("when", .int(1))],
         "it has no argument 'when' (it takes no labelled arguments)", nil),
    ] as [(EffectSignature, [(String?, Value?)], String, String?)])
    func misfits(_ signature: EffectSignature, _ arguments: [(String?, Value?)], _ message: String, _ hint: String?) {
        let problem = signature.problem(with: arguments.map { (label: $0.0, value: $0.1) })
        #expect(problem?.message == message)
        #expect(problem?.hint == hint)
    }

    @Test("how a signature is written in a note")
    func written() {
        #expect(EffectSignature().written("passcodeFlow") == "passcodeFlow")
        #expect(Self.completion.written("completion") == "completion(bool, [cancel, lockout]?)")
        #expect(Self.output.written("output") == "output([onPINFail, onPINSuccess], attempts_remaining=int 0..5)")
        #expect(EffectSignature(positional: [.domain(.text)], labels: nil).written("analytics") == "analytics(text, …)")
    }

    struct Catalog: FixtureCatalog {
        func vocabulary(of fixture: String) -> FixtureVocabulary? {
            var v = FixtureVocabulary(events: ["appear": [:]], observations: ["state": .domain(.enumeration(["Locked", "Open"]))],
                                      effects: ["startAuth", "output"])
            v.effectSignatures = ["startAuth": EffectSignature(positional: [EffectSignatureTests.policies]), "output": EffectSignatureTests.output]
            return v
        }
        var fixtureNames: [String] { ["fx"] }
    }

    static func machine(effects: String) -> String {
        """
        id: t.fx
        kind: machine
        title: T
        source: doc.md §1
        fixture: fx
        states: [Locked, Open]
        initial: Locked
        events: {appear: {}}
        effects: [startAuth, output]
        rows:
          - {id: R1, source: doc.md §1, from: Locked, on: appear, effects: \(effects), to: Open}
        """
    }

    func compile(_ effects: String) -> SpecCompiler.Compilation {
        SpecCompiler(catalog: Catalog()).compile(sources: [(path: "x.yaml", bytes: Array(Self.machine(effects: effects).utf8))])
    }

    @Test("lint: effects the fixture can report, wildcards and templates included, have no findings")
    func lintFits() {
        #expect(compile("['startAuth(deviceOwnerAuthentication)', 'output(onPINFail, attempts_remaining=*)']").diagnostics.isEmpty)
        #expect(compile("['startAuth(*)']").diagnostics.isEmpty)
    }

    @Test("lint: in a spec of thousands of rows, the first 100 values the fixture cannot take are listed and the rest counted")
    func lintManyMisfits() throws {
        var yaml = Self.machine(effects: "['startAuth(nope)']")
        for i in 0..<149 { yaml += "\n  - {id: R\(i + 2), source: doc.md §1, from: Locked, on: appear, effects: ['startAuth(nope)'], to: Open}" }
        let c = SpecCompiler(catalog: Catalog()).compile(sources: [(path: "x.yaml", bytes: Array(yaml.utf8))])
        let values = c.findings("fixture.unknown-value")
        #expect(values.count == 101, "\(values.count)")
        #expect(values.last?.message == "50 more values in this spec, the first of them here, are ones fixture 'fx' cannot translate or report")
        #expect(values.last?.rows == ["R101"])
    }

    @Test("lint: an effect the fixture can never report is an error at the effect, with a did-you-mean and what the fixture reports")
    func lintMisfit() throws {
        let c = compile("['startAuth(deviceOwnerAuthenticaton)']")
        let d = try #require(c.findings("fixture.unknown-value").first)
        #expect(c.diagnostics.count == 1, "\(c.diagnostics)")
        #expect(d.message == "row R1 expects effect 'startAuth(deviceOwnerAuthenticaton)', which fixture 'fx' cannot report: its argument 1: "
                + "'deviceOwnerAuthenticaton' is not one of [deviceOwnerAuthentication, deviceOwnerAuthenticationWithBiometrics]")
        #expect(d.hint == "did you mean 'deviceOwnerAuthentication'?")
        #expect(d.notes == ["the fixture reports: startAuth([deviceOwnerAuthentication, deviceOwnerAuthenticationWithBiometrics])"])
        #expect(d.location == SpecKit.SourceLocation(file: "x.yaml", line: 11, column: 69))
        #expect(d.rows == ["R1"])
        #expect(c.failed(strict: false))
    }

    @Test("lint: a value the fixture cannot report, in a scenario's expect: and a machine row's to:, says expects for the scenario and gives for the row")
    func expectedValueWording() throws {
        let machine = Self.machine(effects: "[]").replacingOccurrences(of: "states: [Locked, Open]", with: "states: [Locked, Open, Closed]")
            .replacingOccurrences(of: "to: Open}", with: "to: Closed}")
        let scenarios = """
            id: t.fx-scenarios
            kind: scenarios
            title: S
            source: doc.md §1
            fixture: fx
            uses: t.fx
            scenarios:
              - id: S1
                source: doc.md §1
                steps:
                  - event: appear
                    expect: {state: Closed}
            """
        let c = SpecCompiler(catalog: Catalog()).compile(sources: [(path: "x.yaml", bytes: Array(machine.utf8)), (path: "s.yaml", bytes: Array(scenarios.utf8))])
        let found = c.findings("fixture.unknown-value").map(\.message)
        #expect(found.contains { $0.hasPrefix("scenario S1 expects 'state' to be 'Closed', which fixture 'fx' cannot translate") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("row R1 gives the state the value 'Closed', which fixture 'fx' cannot translate") }, "\(found)")
    }
}
