import Foundation
import Testing
@testable import SpecKit

/// Product parameters: typed by the fixture's domains, written once in a product file, named by rows and steps.
/// Each finding id has a small failing input here that pins its message and location.
@Suite("Product parameters")
struct ProductParameterTests {
    private typealias Location = SpecKit.SourceLocation

    /// A catalog with one fixture, `fx`, whose product parameters are typed.
    struct Catalog: FixtureCatalog {
        func vocabulary(of fixture: String) -> FixtureVocabulary? {
            guard fixture == "fx" else { return nil }
            return FixtureVocabulary(
                events: ["appear": [:], "active": ["away": .domain(.duration(0...7_200_000))]],
                observations: ["state": .domain(.enumeration(["Open", "Locked"])), "enabled": .domain(.bool),
                               "failures": .domain(.int(0...3))],
                effects: ["startAuth"],
                product: ["grace": .duration(0...3_600_000), "attempts": .int(1...10), "policy": .enumeration(["strict", "lenient"])],
                setsClock: true)
        }
        var fixtureNames: [String] { ["fx"] }
    }

    static func compile(_ files: [(String, String)]) -> SpecCompiler.Compilation {
        SpecCompiler(catalog: Catalog()).compile(sources: files.map { (path: $0.0, bytes: Array($0.1.utf8)) })
    }

    /// A product file for `fx`; `product:` is on line 6, so its first value is on line 7, column 10 (after `  grace: `).
    static func productFile(_ values: String = "  grace: 60s\n  attempts: 5") -> String {
        "id: fx.product\nkind: product\ntitle: P\nsource: doc.md §1\nfixture: fx\nproduct:\n\(values)\n"
    }

    /// A machine of `fx` (the standard one of `SpecSources`), with one row on `active` tested by `when`.
    static func machine(id: String = "t.machine", when: String, product: String? = nil) -> String {
        var text = SpecSources.machine(id: id, rows: "  - id: R-\(id)\n    source: doc.md §1\n    from: Open\n    on: active\n    when: {away: \(when)}\n    to: Locked\n")
        if let product { text = text.replacingOccurrences(of: "fixture: fx\n", with: "fixture: fx\nproduct:\n\(product)\n") }
        return text
    }

    /// The value of input `away` in a case's target step.
    static func away(_ compilation: SpecCompiler.Compilation, _ caseID: String) -> Value? {
        guard let c = compilation.suite.cases.first(where: { $0.id == caseID }), case .event(_, let inputs) = c.steps[c.target].action else { return nil }
        return inputs.first { $0.name == "away" }?.value
    }

    private func only(_ id: String, in compilation: SpecCompiler.Compilation) throws -> Diagnostic {
        #expect(compilation.diagnostics.map(\.id) == [id], "\(compilation.diagnostics)")
        return try #require(compilation.findings(id).first)
    }

    // MARK: Typed values

    @Test("product.bad-value: a value outside its parameter's domain is an error at its own line",
          arguments: [("60 sec", "product value 'grace': '60 sec' is not a duration (its domain is duration 0s..1h)"),
                      ("banana", "product value 'grace': 'banana' is not a duration (its domain is duration 0s..1h)"),
                      ("2h", "product value 'grace': 2h is outside duration 0s..1h")])
    func badValue(text: String, message: String) throws {
        // The specs that name the grace (a condition, a scenario's input) are not compiled, and say nothing more.
        let scenarios = "id: t.scenarios\nkind: scenarios\ntitle: S\nsource: doc.md §1\nfixture: fx\nuses: t.machine\nscenarios:\n"
            + "  - id: S1\n    source: doc.md §1\n    steps:\n      - event: active\n        with: {away: grace + 1ms}\n"
        let c = Self.compile([("p.yaml", Self.productFile("  grace: \(text)\n  attempts: 5")), ("m.yaml", Self.machine(when: "\"> grace\"")),
                              ("s.yaml", scenarios)])
        #expect(c.suite.cases.isEmpty)
        let d = try only("product.bad-value", in: c)
        #expect(d.severity == .error)
        #expect(d.location == Location(file: "p.yaml", line: 7, column: 10))
        #expect(d.message == message)
    }

    @Test("product.bad-value also checks a spec's own product: and a scenario's given:")
    func badValueInSpecAndGiven() throws {
        let spec = Self.machine(when: "\"> 1s\"", product: "  policy: strcit")
        let d = try only("product.bad-value", in: Self.compile([("m.yaml", spec)]))
        #expect(d.location == Location(file: "m.yaml", line: 7, column: 11))
        #expect(d.message == "product value 'policy': 'strcit' is not one of [strict, lenient]")
        #expect(d.hint == "did you mean 'strict'?")
        let scenarios = """
        id: t.scenarios
        kind: scenarios
        title: S
        source: doc.md §1
        fixture: fx
        uses: t.machine
        scenarios:
          - id: S1
            source: doc.md §1
            given: {attempts: 0}
            steps:
              - event: appear
        """
        let g = try only("product.bad-value", in: Self.compile([("m.yaml", Self.machine(when: "\"> 1s\"")), ("s.yaml", scenarios)]))
        #expect(g.location == Location(file: "s.yaml", line: 10, column: 23))
        #expect(g.message == "product value 'attempts': 0 is outside int 1..10")
    }

    // MARK: References

    @Test("a condition's bound names the grace: the edge input is the grace plus 1 ms, and moves with it")
    func edgeFollowsGrace() throws {
        let at60 = Self.compile([("p.yaml", Self.productFile()), ("m.yaml", Self.machine(when: "\"> grace\""))])
        #expect(at60.diagnostics.isEmpty, "\(at60.diagnostics)")
        #expect(Self.away(at60, "R-t.machine") == .duration(milliseconds: 60_001))
        let at30 = Self.compile([("p.yaml", Self.productFile("  grace: 30s")), ("m.yaml", Self.machine(when: "\"> grace\""))])
        #expect(Self.away(at30, "R-t.machine") == .duration(milliseconds: 30_001))
        // The condition keeps the author's text beside the resolved set.
        let spec = try #require(at30.specs.first)
        guard case .machine(let m) = spec.body else { Issue.record("not a machine"); return }
        #expect(m.rows[0].when.map(\.written) == ["> grace"])
        #expect(m.rows[0].when.map(\.set) == [ValueSet([30_001...7_200_000])])
        // Each test case carries the values in force: the product file's.
        #expect(at30.suite.cases.first?.product == [NamedValue("grace", .duration(milliseconds: 30_000))])
    }

    @Test("expressions: sums of names and literals in conditions, inputs, advance and repeat", arguments: [
        ("\"grace - 1s..grace + 1s\"", 59_000),
        ("\"<= grace + 1ms\"", 60_001),
        ("grace", 60_000),
    ])
    func expressions(when: String, lowEdge: Int) throws {
        let c = Self.compile([("p.yaml", Self.productFile()), ("m.yaml", Self.machine(when: when))])
        #expect(c.diagnostics.isEmpty, "\(c.diagnostics)")
        #expect(Self.away(c, "R-t.machine") == .duration(milliseconds: lowEdge))
    }

    @Test("scenario steps resolve against the scenario's values: given overrides the product file")
    func scenarioSteps() throws {
        let scenarios = """
        id: t.scenarios
        kind: scenarios
        title: S
        source: doc.md §1
        fixture: fx
        uses: t.machine
        scenarios:
          - id: S1
            source: doc.md §1
            given: {grace: 10s}
            steps:
              - event: active
                with: {away: grace + 1ms}
              - advance: -grace
              - event: appear
                repeat: attempts - 1
        """
        let c = Self.compile([("p.yaml", Self.productFile()), ("m.yaml", Self.machine(when: "\"> grace\"")), ("s.yaml", scenarios)])
        #expect(c.diagnostics.isEmpty, "\(c.diagnostics)")
        let steps = try #require(c.suite.cases.first { $0.id == "S1" }).steps.map(\.action)
        #expect(steps == [.event("active", inputs: [NamedValue("away", .duration(milliseconds: 10_001))]), .advance(milliseconds: -10_000)]
            + Array(repeating: .event("appear", inputs: []), count: 4))
    }

    @Test("a row reads every product value it names: in a step's input and expectation and in a machine row's new value, as in a condition")
    func rowsReadEveryNamedValue() throws {
        let scenarios = "id: t.scenarios\nkind: scenarios\ntitle: S\nsource: doc.md §1\nfixture: fx\nuses: t.machine\nscenarios:\n"
            + "  - id: S-IN\n    source: doc.md §1\n    steps:\n      - event: active\n        with: {away: grace - 1s}\n"
            + "  - id: S-EXPECT\n    source: doc.md §1\n    steps:\n      - event: appear\n        expect: {failures: attempts - 5}\n"
        let machine = SpecSources.machine(rows: "  - id: R-SET\n    source: doc.md §1\n    from: Open\n    on: appear\n    then: {failures: attempts - 5}\n")
        let c = Self.compile([("p.yaml", Self.productFile()), ("m.yaml", machine), ("s.yaml", scenarios)])
        #expect(!c.failed(strict: false), "\(c.diagnostics)")
        let reads = Dictionary(uniqueKeysWithValues: c.specs.flatMap(\.rows).map { ($0.id, $0.productValues.map(\.name)) })
        #expect(reads["S-IN"] == ["grace"])
        #expect(reads["S-EXPECT"] == ["attempts"])
        #expect(reads["R-SET"] == ["attempts"])
    }

    @Test("a misspelt parameter in the product file is one finding, with its did-you-mean; the rows that name the parameter it meant are not reported again")
    func misspeltParameterInProductFile() throws {
        let c = Self.compile([("p.yaml", Self.productFile("  grase: 60s\n  attempts: 5")), ("m.yaml", Self.machine(when: "\"> grace\""))])
        #expect(c.summary == ["7:3 fixture.unknown-name"], "\(c.diagnostics)")
        #expect(c.diagnostics.first?.hint == "did you mean 'grace'?")
        #expect(c.suite.cases.isEmpty, "the spec that names grace is not compiled without its value")
        // Spelt right, the same files compile.
        #expect(Self.compile([("p.yaml", Self.productFile()), ("m.yaml", Self.machine(when: "\"> grace\""))]).diagnostics.isEmpty)
    }

    @Test("product.unknown-parameter: a misspelt name is located, with a did-you-mean")
    func unknownParameter() throws {
        let d = try only("product.unknown-parameter", in: Self.compile([("p.yaml", Self.productFile()), ("m.yaml", Self.machine(when: "\"> grac\""))]))
        #expect(d.location == Location(file: "m.yaml", line: 22, column: 18))
        #expect(d.message == "'grac' is not a product parameter of this spec")
        #expect(d.hint == "did you mean 'grace'?")
        #expect(d.rows == ["R-t.machine"])
    }

    @Test("product.unknown-parameter: a declared parameter that no file or spec sets has no value")
    func unsetParameter() throws {
        let d = try only("product.unknown-parameter", in: Self.compile([("m.yaml", Self.machine(when: "\"> grace\""))]))
        #expect(d.message == "'grace' names product parameter 'grace', which has no value here: set it in the fixture's product file or the spec's product")
    }

    @Test("product.type-mismatch: a whole number where a duration is needed")
    func typeMismatch() throws {
        let d = try only("product.type-mismatch", in: Self.compile([("p.yaml", Self.productFile()), ("m.yaml", Self.machine(when: "\"> attempts\""))]))
        #expect(d.location == Location(file: "m.yaml", line: 22, column: 18))
        #expect(d.message == "'attempts' uses product parameter 'attempts' = 5, which is not a duration as needed here")
        #expect(d.notes == ["'attempts' is set at p.yaml:8:13"])
    }

    @Test("product.bad-expression: a term that is neither a literal nor a name; a duration in words or without its unit is written for the writer", arguments: [
        ("1 s", "write grace + 1s"), ("2 min", "write grace + 2m"), ("90 seconds", "write grace + 90s"), ("2", "add a unit: grace + 2s"),
        ("1,5m", "write names and literals joined by + and -, such as grace + 1ms"),
    ])
    func badExpression(term: String, hint: String) throws {
        let d = try only("product.bad-expression", in: Self.compile([("p.yaml", Self.productFile()), ("m.yaml", Self.machine(when: "\"> grace + \(term)\""))]))
        #expect(d.location == Location(file: "m.yaml", line: 22, column: 18))
        #expect(d.message == "'\(term)' in 'grace + \(term)' is neither a duration with a unit nor a product parameter")
        #expect(d.hint == hint)
    }

    @Test("product.out-of-domain: a result outside the domain, or an overflow, is an error, never a crash", arguments: [
        ("\"> grace + 2h\"", "'grace + 2h' is 121m, outside duration 0s..2h"),
        ("\"> grace + 999999999999h + 999999999999h + 999999999999h\"",
         "'grace + 999999999999h + 999999999999h + 999999999999h' overflows: the result is too large to compute"),
        ("\"grace - 2m\"", "'grace - 2m' is -1m, outside duration 0s..2h"),
    ])
    func outOfDomain(when: String, message: String) throws {
        let d = try only("product.out-of-domain", in: Self.compile([("p.yaml", Self.productFile()), ("m.yaml", Self.machine(when: when))]))
        #expect(d.location == Location(file: "m.yaml", line: 22, column: 18))
        #expect(d.message == message)
        // Out of the domain at the product's values, the hint gives both ways out; an overflow is no such case.
        let hint = "write an expression that stays within duration 0s..2h at these values, or give this spec a grace of its own in its product: block (grace: {value: …, decision: \"D-…: why this spec differs\"})"
        #expect(d.hint == (message.contains("overflows") ? nil : hint))
    }

    @Test("product.out-of-domain: a value the spec sets itself is changed where it stands, and the hint says so")
    func outOfDomainOwnValue() throws {
        let d = try only("product.out-of-domain", in: Self.compile([("m.yaml", Self.machine(when: "\"grace - 2m\"", product: "  grace: 60s"))]))
        #expect(d.message == "'grace - 2m' is -1m, outside duration 0s..2h")
        #expect(d.hint == "write an expression that stays within duration 0s..2h at these values, or change the value this spec sets")
    }

    @Test("a row naming a variant parameter: one error saying it is a variant and the two ways out; the spec's own value (the hint) compiles")
    func variantNamed() throws {
        let product = Self.productFile("  attempts: 5") + "variants:\n  grace: [30s, 60s]\n"
        let d = try only("product.unknown-parameter", in: Self.compile([("p.yaml", product), ("m.yaml", Self.machine(when: "\"> grace\""))]))
        #expect(d.message == "'grace' is a variant of p.yaml (30s, 1m): each case runs once per value of a variant, so a row cannot name one")
        #expect(d.hint == "give this spec its own grace in its product: block (grace: 30s): its cases then run with that value alone, or set grace under product: in p.yaml instead of under variants:")
        let own = Self.compile([("p.yaml", product), ("m.yaml", Self.machine(when: "\"> grace\"", product: "  grace: 30s"))])
        #expect(own.diagnostics.isEmpty, "\(own.diagnostics)")
    }

    @Test("a documented value of a variant parameter: silent when a variant runs it, a warning when none does", arguments: [("[60s, 2m]", false), ("[30s, 2m]", true)])
    func variantDocumented(variants: String, warned: Bool) {
        let product = Self.productFile("  attempts: 5") + "variants:\n  grace: \(variants)\n"
            + "documented:\n  grace: {value: 60s, source: doc.md §1, quote: \"60 s\"}\n"
        let found = Self.compile([("p.yaml", product)]).diagnostics
        #expect(found.map(\.id) == (warned ? ["product.documented-unset"] : []), "\(found)")
        #expect(found.first.map { $0.message.hasPrefix("'grace' is documented as 1m, but its variants (30s, 2m) do not include it") } ?? true, "\(found)")
    }

    @Test("a sum of literals alone out of its domain is the spec's own value (spec.out-of-domain), with no product value to blame")
    func literalSumOutOfDomain() throws {
        let d = try only("spec.out-of-domain", in: Self.compile([("p.yaml", Self.productFile()), ("m.yaml", Self.machine(when: "\"3h - 1m\""))]))
        #expect(d.message == "'3h - 1m' is 179m, outside duration 0s..2h" && d.hint == nil && d.notes.isEmpty)
    }

    // MARK: Written once

    @Test("language 3: two specs of one fixture that set the grace differently, with no product file, each keep their own (no finding, no leak)")
    func specsKeepTheirOwn() throws {
        let a = Self.machine(id: "a.machine", when: "\"> grace\"", product: "  grace: 60s")
        let b = Self.machine(id: "b.machine", when: "\"> grace\"", product: "  grace: 30s")
        let c = Self.compile([("a.yaml", a), ("b.yaml", b)])
        #expect(c.diagnostics.isEmpty, "\(c.diagnostics)")
        #expect(Self.away(c, "R-a.machine") == .duration(milliseconds: 60_001))
        #expect(Self.away(c, "R-b.machine") == .duration(milliseconds: 30_001))
    }

    @Test("product.conflict: an override of the product file without a decision; with one, it is accepted")
    func overrideNeedsDecision() throws {
        let bare = Self.machine(when: "\"> grace\"", product: "  grace: 30s")
        let c = Self.compile([("p.yaml", Self.productFile()), ("m.yaml", bare)])
        let conflict = try only("product.conflict", in: c)
        #expect(conflict.location == Location(file: "m.yaml", line: 7, column: 10))
        #expect(conflict.hint == "write grace: {value: 30s, decision: \"D-…: why this spec differs\"}, or remove this line to use 1m")
        let decided = Self.machine(when: "\"> grace\"", product: "  grace: {value: 30s, decision: \"D-X: this table checks a shorter grace\"}")
        let ok = Self.compile([("p.yaml", Self.productFile()), ("m.yaml", decided)])
        #expect(ok.diagnostics.isEmpty, "\(ok.diagnostics)")
        #expect(Self.away(ok, "R-t.machine") == .duration(milliseconds: 30_001))
    }

    @Test("product.repeated: a spec that repeats the product file's value is told to remove it")
    func repeated() throws {
        let d = try only("product.repeated", in: Self.compile([("p.yaml", Self.productFile()), ("m.yaml", Self.machine(when: "\"> grace\"", product: "  grace: 60s"))]))
        #expect(d.severity == .warning)
        #expect(d.location == Location(file: "m.yaml", line: 7, column: 10))
        #expect(d.message == "t.machine sets grace: 1m, the value p.yaml already gives every 'fx' spec")
    }

    @Test("product.duplicate-file: one product file per fixture")
    func duplicateFile() throws {
        let second = Self.productFile().replacingOccurrences(of: "id: fx.product", with: "id: fx.product-two")
        let d = try only("product.duplicate-file", in: Self.compile([("p.yaml", Self.productFile()), ("q.yaml", second)]))
        #expect(d.location == Location(file: "q.yaml", line: 1, column: 1))
        #expect(d.message == "fixture 'fx' already has a product file, fx.product; its values must be written in one place")
    }

    @Test("a product file's unknown parameter is a fixture finding, and its values reach every spec's test cases")
    func productFileVocabulary() throws {
        let c = Self.compile([("p.yaml", Self.productFile("  grace: 60s\n  gracee: 1s")), ("m.yaml", Self.machine(when: "\"> 1s\""))])
        let d = try only("fixture.unknown-name", in: c)
        #expect(d.location == Location(file: "p.yaml", line: 8, column: 3))  // at the name, not its value
        #expect(d.hint == "did you mean 'grace'?")
        #expect(c.products.map(\.id) == ["fx.product"])
    }

    // MARK: Variants

    /// The product file with `variants:` (line 9; its first entry on line 10) after its values.
    static func variantFile(_ variants: String) -> String {
        productFile() + "variants:\n" + variants + "\n"
    }

    @Test("variants: every case runs once per value, named [name=value], unless it sets the parameter itself")
    func variantsExpandCases() throws {
        let spec = Self.machine(when: "\"> 1s\"")
        let pinned = Self.machine(id: "u.machine", when: "\"> 1s\"", product: "  policy: strict")
        let c = Self.compile([("p.yaml", Self.variantFile("  policy: [lenient, strict]")), ("m.yaml", spec), ("n.yaml", pinned)])
        #expect(c.diagnostics.isEmpty, "\(c.diagnostics)")
        let ids = c.suite.cases.map(\.id)
        #expect(ids.filter { $0.hasPrefix("R-t.machine") } == ["R-t.machine[policy=lenient]", "R-t.machine[policy=strict]"])
        #expect(ids.filter { $0.hasPrefix("R-u.machine") } == ["R-u.machine"])
        let strict = try #require(c.suite.cases.first { $0.id == "R-t.machine[policy=strict]" })
        #expect(strict.row == "R-t.machine" && strict.product.last == NamedValue("policy", .symbol("strict")))
        let lenient = try #require(c.suite.cases.first { $0.id == "R-t.machine[policy=lenient]" })
        #expect(lenient.steps == strict.steps)
    }

    @Test("product.bad-variant: one value, a value twice, or a parameter product: also sets", arguments: [
        ("  policy: [strict]", 10, 11, "variant 'policy' needs at least two values: with one, write it under product:"),
        ("  policy: [strict, lenient, strict]", 10, 29, "variant 'policy' lists strict twice"),
        ("  grace: [1s, 2s]", 10, 3, "'grace' is set under product: and listed under variants: give it one or the other"),
    ] as [(String, Int, Int, String)])
    func badVariant(variants: String, line: Int, column: Int, message: String) throws {
        let d = try only("product.bad-variant", in: Self.compile([("p.yaml", Self.variantFile(variants))]))
        #expect(d.location == Location(file: "p.yaml", line: line, column: column))
        #expect(d.message == message)
    }

    @Test("product.too-many-variants: past 100 combinations the variants are refused at variants:, counted before any case is built")
    func tooManyVariants() throws {
        let graces = (1...60).map { "\($0)s" }.joined(separator: ", ")
        let product = Self.productFile("  attempts: 5") + "variants:\n  grace: [\(graces)]\n  policy: [strict, lenient]\n"
        let c = Self.compile([("p.yaml", product), ("m.yaml", Self.machine(when: "\"> 1s\""))])
        let d = try only("product.too-many-variants", in: c)
        #expect(d.location == Location(file: "p.yaml", line: 8, column: 1))
        #expect(d.message.hasPrefix("variants: gives 120 combinations (grace 60 × policy 2)"), "\(d.message)")
        #expect(c.suite.cases.map(\.id) == ["R-t.machine"])
    }

    @Test("spec.too-many-cases: a spec whose cases, expanded over the variants, pass 100,000 is refused before any copy is made")
    func tooManyCases() throws {
        let node = try YAMLLoader().load(Array(Self.machine(when: "\"> 1s\"").utf8), file: "m.yaml")
        var spec = try #require(SpecReader().read(node, file: "m.yaml").spec)
        let here = Location(file: "p.yaml", line: 10, column: 3)
        spec.sharedVariants = [ProductFile.Variant(name: "grace", values: (1...100).map { Binding(name: "grace", value: .duration(milliseconds: $0), location: here) }, location: here)]
        let one = try #require(Self.compile([("m.yaml", Self.machine(when: "\"> 1s\""))]).suite.cases.first)
        #expect(SpecCompiler.tooManyCases(Array(repeating: one, count: 1_000), of: spec) == nil)
        let d = try #require(SpecCompiler.tooManyCases(Array(repeating: one, count: 1_001), of: spec))
        #expect(d.id == "spec.too-many-cases" && d.location.file == "m.yaml", "\(d)")
    }

    @Test("a variant's values are typed by the parameter's domain, and its name must be the fixture's")
    func variantVocabulary() throws {
        let bad = try only("product.bad-value", in: Self.compile([("p.yaml", Self.variantFile("  policy: [strict, strcit]"))]))
        #expect(bad.location == Location(file: "p.yaml", line: 10, column: 20))
        let unknown = try only("fixture.unknown-name", in: Self.compile([("p.yaml", Self.variantFile("  polcy: [a, b]"))]))
        #expect(unknown.location == Location(file: "p.yaml", line: 10, column: 3) && unknown.hint == "did you mean 'policy'?")
    }
}
