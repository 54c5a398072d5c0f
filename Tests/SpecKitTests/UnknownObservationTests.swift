import Foundation
import Testing
@testable import SpecKit

/// A scenario expecting a name its spec has not declared: the fixture's observation needs only its declaration (the
/// hint gives the line), anything else lists what the spec can expect, as an unknown event lists the events.
@Suite("Unknown observations")
struct UnknownObservationTests {
    struct Catalog: FixtureCatalog {
        func vocabulary(of fixture: String) -> FixtureVocabulary? {
            guard fixture == "fx" else { return nil }
            return FixtureVocabulary(
                events: ["fail": [:]],
                observations: ["state": .domain(.enumeration(["Locked", "Open"])), "failures": .domain(.int(0...10)),
                               "failedClosed": .domain(.bool), "builtInGrace": .domain(.duration(0...86_400_000)),
                               "label": .textExpression(operands: []), "decided": .domain(.bool)],
                tableOutputs: ["decided"])
        }
        var fixtureNames: [String] { ["fx"] }
    }

    static let machine = ScenarioObservationBoundTests.machine

    /// A scenario set using `t.m`, whose only step (line 12) expects `expect`; `observe` is the spec's observe: line.
    static func scenarios(expect: String, observe: String? = "observe: {countdown: text}") -> String {
        """
        id: t.s
        kind: scenarios
        title: S
        source: doc.md §1
        fixture: fx
        uses: t.m
        \(observe ?? "notes: no observe")
        scenarios:
          - id: S1
            source: doc.md §1
            steps:
              - expect: {\(expect)}
        """
    }

    static func finding(_ expect: String, observe: String? = "observe: {countdown: text}", catalog: Bool) throws -> Diagnostic {
        let sources = [("m.yaml", machine), ("s.yaml", scenarios(expect: expect, observe: observe))].map { (path: $0.0, bytes: Array($0.1.utf8)) }
        let c = (catalog ? SpecCompiler(catalog: Catalog()) : SpecCompiler()).compile(sources: sources)
        // The machine's own warning (an unreachable state) aside, the expectation is the one finding.
        #expect(c.diagnostics.filter { $0.location.file == "s.yaml" }.count == 1, "\(c.diagnostics.map { "\($0)" })")
        return try #require(c.findings("spec.unknown-name").first)
    }

    @Test("an observation the fixture offers but the spec has not declared: the hint is the line to add, with the fixture's type",
          arguments: [
              ("failedClosed: false", "failedClosed: bool"),
              ("builtInGrace: 1m", "builtInGrace: duration 0s..24h"),
              ("label: \"1.2\"", "label: text"),
          ])
    func offeredByTheFixture(_ expect: String, _ line: String) throws {
        let d = try Self.finding(expect, catalog: true)
        let name = String(line.prefix { $0 != ":" })
        #expect(d.message == "scenario S1 expects '\(name)', which this spec does not declare; fixture 'fx' offers it as an observation")
        #expect(d.hint == "add '\(line)' under observe:")
        #expect(d.location == SpecKit.SourceLocation(file: "s.yaml", line: 12, column: 18))
    }

    @Test("without an observe: key, the hint says to add one")
    func offeredWithoutObserve() throws {
        let d = try Self.finding("failedClosed: true", observe: nil, catalog: true)
        #expect(d.hint == "add observe: to the spec, with 'failedClosed: bool' under it")
    }

    @Test("a name nothing offers, or a table's output, or any name without a catalog: not an observation, with what can be expected",
          arguments: [("lockScreenShown: true", true), ("decided: true", true), ("failedClosed: false", false)])
    func notOffered(_ expect: String, _ catalog: Bool) throws {
        let d = try Self.finding(expect, catalog: catalog)
        let name = String(expect.prefix { $0 != ":" })
        #expect(d.message == "scenario S1 expects '\(name)', which is not an observation")
        #expect(d.notes == ["the observations this spec can expect are state, failures (from 't.m'), countdown (under observe:), and effects"])
        #expect(d.hint == nil)
    }

    @Test("the note of a spec that declares no observations and uses no machine says only effects can be expected")
    func nothingToExpect() throws {
        let yaml = Self.scenarios(expect: "failures: 1", observe: nil).replacingOccurrences(of: "uses: t.m\n", with: "")
        let c = SpecSources.compile([("s.yaml", yaml)])
        let d = try #require(c.findings("spec.unknown-name").first)
        #expect(d.notes == ["no observations are declared (declare them under observe:), so only effects can be expected"])
    }

    @Test("a typo still gets its did-you-mean, with the list")
    func typo() throws {
        let d = try Self.finding("failurs: 1", catalog: true)
        #expect(d.hint == "did you mean 'failures'?")
        #expect(d.notes.count == 1)
    }
}
