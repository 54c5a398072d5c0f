import Testing
@testable import SpecKit

/// `fixture.shipped-value`: an observation of a value the core ships with may only be expected to be the product's.
@Suite("Values the core ships with")
struct ShippedValueTests {
    /// `fx` with an observation `builtInGrace`, the core's own copy of product parameter `grace`.
    struct Catalog: FixtureCatalog {
        var shipping = true
        func vocabulary(of fixture: String) -> FixtureVocabulary? {
            guard fixture == "fx" else { return nil }
            var v = FixtureVocabulary(
                events: ["appear": [:], "active": ["away": .domain(.duration(0...7_200_000))]],
                observations: ["state": .domain(.enumeration(["Open", "Locked"])), "enabled": .domain(.bool),
                               "failures": .domain(.int(0...3)), "builtInGrace": .domain(.duration(0...7_200_000))],
                effects: ["startAuth"], product: ["grace": .duration(0...3_600_000), "attempts": .int(1...10)])
            if shipping { v.shippedValues = ["builtInGrace": .init(parameter: "grace", changedIn: "Core.Configuration.grace")] }
            return v
        }
        var fixtureNames: [String] { ["fx"] }
    }

    static let productFile = "id: fx.product\nkind: product\ntitle: P\nsource: doc.md §1\nfixture: fx\nproduct:\n  grace: 30s\n"

    /// A scenario set with one scenario `S-BUILT-IN` (`given` when set) whose one step expects builtInGrace `expected`,
    /// written at line 13 (14 with a given, 15 as an `expect-each:`).
    static func scenarios(_ expected: String, given: String? = nil, each: Bool = false) -> String {
        "id: t.scenarios\nkind: scenarios\ntitle: S\nsource: doc.md §1\nfixture: fx\nuses: t.machine\nobserve:\n  builtInGrace: duration 0s..2h\nscenarios:\n"
            + "  - id: S-BUILT-IN\n    source: doc.md §2\n" + (given.map { "    given: {\($0)}\n" } ?? "") + "    steps:\n"
            + (each ? "      - event: appear\n        repeat: 2\n        expect-each: {builtInGrace: \(expected)}\n"
                    : "      - expect: {builtInGrace: \(expected)}\n")
    }

    static func compile(_ scenarios: String, catalog: Catalog = Catalog(), product: String = productFile,
                        when: String = "\"> grace\"") -> SpecCompiler.Compilation {
        SpecCompiler(catalog: catalog).compile(sources: [
            ("specs/fx.product.yaml", product), ("specs/t.yaml", ProductParameterTests.machine(when: when)), ("specs/s.yaml", scenarios),
        ].map { (path: $0.0, bytes: Array($0.1.utf8)) })
    }

    @Test("expecting the product's value, by name or as its value, is clean")
    func productValue() {
        for expected in ["grace", "30s", "30000ms"] {
            let c = Self.compile(Self.scenarios(expected))
            #expect(c.diagnostics.isEmpty, "\(expected): \(c.diagnostics)")
        }
    }

    @Test("another value, written or through a scenario's given, is an error at the expectation, saying where the core is changed",
          arguments: [("60s", nil as String?, false), ("grace", "grace: 60s", false), ("1m", nil, true)])
    func otherValue(expected: String, given: String?, each: Bool) throws {
        let c = Self.compile(Self.scenarios(expected, given: given, each: each))
        let d = try #require(c.diagnostics.first { $0.id == "fixture.shipped-value" })
        #expect(c.diagnostics.filter { $0.severity == .error }.count == 1, "\(c.diagnostics)")
        #expect(d.severity == .error && d.rows == ["S-BUILT-IN"])
        #expect(d.location.file == "specs/s.yaml" && d.location.line == (each ? 15 : given == nil ? 13 : 14))
        #expect(d.message.hasPrefix("scenario S-BUILT-IN expects builtInGrace to be 60s, but builtInGrace is the grace the core ships with, and specs/fx.product.yaml sets the product's grace to 30s"))
        #expect(d.hint?.hasPrefix("write builtInGrace: grace") == true)
        #expect(d.hint?.contains("the change is in the core (Core.Configuration.grace)") == true)
        #expect(d.notes == ["fx.product sets grace at specs/fx.product.yaml:7:10"])
    }

    /// The eighth trial: a scenario set given its own grace was told to write `builtInGrace: grace`, which it had.
    @Test("in a spec with its own value of the parameter, the hint writes the product's value, and names the spec's own")
    func ownValue() throws {
        let set = Self.scenarios("grace").replacingOccurrences(of: "uses: t.machine\n",
            with: "uses: t.machine\nproduct:\n  grace: {value: 45s, decision: \"D-LONGER: this set checks a longer grace\"}\n")
        let c = Self.compile(set)
        let d = try #require(c.diagnostics.first { $0.id == "fixture.shipped-value" }, "\(c.diagnostics)")
        #expect(d.message.hasPrefix("scenario S-BUILT-IN expects builtInGrace to be 45s, but"), "\(d.message)")
        #expect(d.hint?.hasPrefix("write builtInGrace: 30s: this spec sets its own grace (45s, at specs/s.yaml:8:") == true, "\(d.hint ?? "")")
        // The fix is in the spec: the hint does not send the reader to the core (the ninth trial found that tail odd here).
        #expect(d.hint?.contains("the change is in the core") == false && d.hint?.hasSuffix("that runs the product's grace") == true, "\(d.hint ?? "")")
    }

    @Test("an observation the fixture does not mark as shipped, or a product file without the parameter, is not held to it")
    func notHeld() {
        #expect(Self.compile(Self.scenarios("60s"), catalog: Catalog(shipping: false)).diagnostics.isEmpty)
        let noGrace = "id: fx.product\nkind: product\ntitle: P\nsource: doc.md §1\nfixture: fx\nproduct:\n  attempts: 5\n"
        let c = Self.compile(Self.scenarios("60s"), product: noGrace, when: "\"> 1s\"")
        #expect(!c.diagnostics.contains { $0.id == "fixture.shipped-value" }, "\(c.diagnostics)")
    }
}
