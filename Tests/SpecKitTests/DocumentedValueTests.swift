import Foundation
import Testing
@testable import SpecKit

/// `documented:` in a product file: what a design document says of a product value, held against the value the specs
/// run with, and (with the documents at hand) against the document's words.
@Suite("Documented product values")
struct DocumentedValueTests {
    typealias Catalog = ProductParameterTests.Catalog

    /// A product file of `fx` with `product:` (grace, attempts) and `documented:` entries (lines 9 on).
    static func productFile(grace: String = "60s", documented: String) -> String {
        "id: fx.product\nkind: product\ntitle: P\nsource: doc.md §1\nfixture: fx\nproduct:\n  grace: \(grace)\n  attempts: 5\ndocumented:\n\(documented)\n"
    }

    static let graceSaid = "  grace: {value: 60s, source: doc.md §2, quote: \"back after 60 s\"}"

    static func compile(_ product: String) -> SpecCompiler.Compilation {
        ProductParameterTests.compile([("specs/fx.product.yaml", product), ("specs/t.yaml", ProductParameterTests.machine(when: "\"> grace\""))])
    }

    @Test("a documented value is read typed, with its source, quote and locations; agreeing, it says nothing")
    func read() throws {
        let compilation = Self.compile(Self.productFile(documented: Self.graceSaid))
        #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics)")
        let said = try #require(compilation.products.first?.documented.first)
        #expect(said.name == "grace" && said.value == .duration(milliseconds: 60_000) && said.written == "60s")
        #expect(said.source == "doc.md §2" && said.quote == "back after 60 s")
        #expect(said.location.line == 10 && said.quoteLocation.line == 10)
    }

    @Test("product.differs-from-document: a value that differs with no decision is a warning at the value, naming the document's")
    func differs() throws {
        let compilation = Self.compile(Self.productFile(grace: "30s", documented: Self.graceSaid))
        #expect(compilation.diagnostics.map(\.id) == ["product.differs-from-document"], "\(compilation.diagnostics)")
        let d = try #require(compilation.diagnostics.first)
        #expect(d.severity == .warning)
        #expect(d.location == SpecKit.SourceLocation(file: "specs/fx.product.yaml", line: 7, column: 10))
        #expect(d.message == "product value 'grace' is 30s, but doc.md §2 says 60s (\"back after 60 s\"), written at specs/fx.product.yaml:10:3")
        #expect(d.hint?.contains("grace: {value: 30s, decision: \"D-…") == true)
        // The specs still run with the product's value.
        #expect(compilation.suite.cases.contains { ProductParameterTests.away(compilation, $0.id) == .duration(milliseconds: 30_001) })
    }

    @Test("a decision says why the product differs: no warning; a decision on a value that agrees is a warning")
    func decisions() {
        let decided = Self.compile(Self.productFile(grace: "{value: 30s, decision: \"D-SHORT: the product shortened it\"}", documented: Self.graceSaid))
        #expect(decided.diagnostics.isEmpty, "\(decided.diagnostics)")
        let needless = Self.compile(Self.productFile(grace: "{value: 60s, decision: \"D-SHORT: the product shortened it\"}", documented: Self.graceSaid))
        #expect(needless.diagnostics.map(\.id) == ["product.decision-without-difference"], "\(needless.diagnostics)")
    }

    @Test("malformed entries: a name not under product:, a bad value, a source without a section, an empty quote, a missing key",
          arguments: [
            ("  grase: {value: 60s, source: doc.md §2, quote: q}", "product.unknown-documented", 10),
            ("  grace: {value: 60 sec, source: doc.md §2, quote: q}", "product.bad-value", 10),
            ("  grace: {value: 60s, source: doc.md, quote: q}", "product.bad-documented", 10),
            ("  grace: {value: 60s, source: \"doc.md §2; doc.md §3\", quote: q}", "product.bad-documented", 10),
            ("  grace: {value: 60s, source: doc.md §2, quote: \"  \"}", "spec.empty-value", 10),
            ("  grace: {value: 60s, source: doc.md §2}", "spec.missing-key", 10),
            ("  grace: {value: 60s, source: doc.md §2, quote: q, decision: \"D-X: y\"}", "product.bad-documented", 10),
          ])
    func malformed(entry: String, id: String, line: Int) throws {
        let compilation = Self.compile(Self.productFile(documented: entry))
        #expect(compilation.diagnostics.map(\.id) == [id], "\(compilation.diagnostics)")
        #expect(compilation.diagnostics.first?.location.line == line)
        #expect(compilation.products.first?.documented.isEmpty == true)
        if id == "product.unknown-documented" { #expect(compilation.diagnostics.first?.hint == "did you mean 'grace'?") }
    }

    @Test("product.documented-unset: a parameter of the fixture documented but left out of product: is a warning, not a typo's error")
    func documentedButUnset() throws {
        let compilation = Self.compile(Self.productFile(documented: "  policy: {value: strict, source: doc.md §2, quote: q}"))
        #expect(compilation.diagnostics.map(\.id) == ["product.documented-unset"], "\(compilation.diagnostics)")
        let d = try #require(compilation.diagnostics.first)
        #expect(d.severity == .warning && d.location.line == 10)
        #expect(d.message == "'policy' is documented but not set under product:, so no spec runs with the document's strict (where a spec needs it, the findings at that spec say so)")
    }

    @Test("product.quote-without-value: the quote must state the documented value (a number in any unit, a text); a flag or a name is not checked")
    func quoteStatesTheValue() throws {
        // A documented value moved with the product's, while the quote still says the old one.
        let moved = Self.compile(Self.productFile(grace: "90s", documented: "  grace: {value: 90s, source: doc.md §2, quote: \"back after 60 s\"}"))
        #expect(moved.diagnostics.map(\.id) == ["product.quote-without-value"], "\(moved.diagnostics)")
        #expect(moved.diagnostics.first?.location.line == 10 && moved.diagnostics.first?.severity == .warning)
        #expect(SpecReader.quote("Bloqueo 1 minuto", states: .duration(milliseconds: 60_000)) == true)
        #expect(SpecReader.quote("en 0.5s", states: .duration(milliseconds: 500)) == true)
        #expect(SpecReader.quote("后台宽限 | 60 秒", states: .duration(milliseconds: 60_000)) == true)
        #expect(SpecReader.quote("后台宽限 | 60 秒", states: .duration(milliseconds: 30_000)) == false)
        #expect(SpecReader.quote("| 8+ | Bloqueo 1 hora", states: .int(8)) == true)
        #expect(SpecReader.quote("1.5.", states: .int(1)) == false, "1.5 is one number")
        #expect(SpecReader.quote("如 2026-04-30", states: .text("2026-04-30")) == true)
        #expect(SpecReader.quote("默认状态 | 关", states: .bool(false)) == nil && SpecReader.quote("x", states: .symbol("y")) == nil)
    }

    static let document = "# Doc\n## 1. One\ntext\n## 2. Two\nThe lock comes back after\n60 s away.\n### 2.1. Inner\nmore\n## 3. Three\nafter 90 s\n"

    @Test("trace.quote-not-found: the quote must be in its section (its subsections in, white space folded); trace.unknown-section for a section the document lacks")
    func quotes() {
        let product = ProductFile(id: "fx.product", title: "P", source: "doc.md §1", fixture: "fx",
                                  product: [Binding(name: "grace", value: .duration(milliseconds: 60_000), location: .init(file: "p.yaml", line: 7, column: 10))],
                                  file: "p.yaml", location: .init(file: "p.yaml", line: 1, column: 1))
        func found(_ section: String, _ quote: String) -> [String] {
            var p = product
            p.documented = [DocumentedValue(name: "grace", value: .duration(milliseconds: 60_000), written: "60s", citation: Citation(document: "doc.md", section: section), quote: quote,
                                            location: .init(file: "p.yaml", line: 10, column: 3), quoteLocation: .init(file: "p.yaml", line: 10, column: 50))]
            return DocumentQuotes.check([p], document: DocumentOutline(name: "doc.md", text: Self.document), text: Self.document).map(\.id)
        }
        #expect(found("2", "after 60 s") == [], "broken over two lines, folded")
        #expect(found("2", "more") == [], "a subsection's text is the section's")
        #expect(found("2", "after 90 s") == ["trace.quote-not-found"], "the next section's text is not")
        #expect(found("1", "after 60 s") == ["trace.quote-not-found"])
        #expect(found("7", "after 60 s") == ["trace.unknown-section"])
        // A long quote is shown cut in the message.
        #expect(DocumentQuotes.shortened(String(repeating: "秒", count: 100)) == String(repeating: "秒", count: 59) + "…")
        #expect(DocumentQuotes.shortened("60 秒") == "60 秒")
    }

    @Test("the coverage lists a section's documented values: agreeing, differing, and the decision")
    func coverage() throws {
        let compilation = Self.compile(Self.productFile(grace: "{value: 30s, decision: \"D-SHORT: shorter\"}", documented: Self.graceSaid))
        let coverage = SectionCoverage(specs: compilation.suite.specs, outlines: [DocumentOutline(name: "doc.md", text: Self.document)],
                                       reasons: SectionReasons(), products: compilation.products)
        let two = try #require(coverage.documents.first { $0.name == "doc.md" }?.sections.first { $0.id == "2" })
        let value = try #require(two.values?.first)
        #expect(value.fixture == "fx" && value.name == "grace" && value.value == .duration(milliseconds: 30_000) && value.documented == "60s")
        #expect(!value.agrees && value.decision == "D-SHORT: shorter" && value.file == "specs/fx.product.yaml" && value.line == 7)
        #expect(coverage.documents.flatMap(\.sections).filter { $0.id != "2" }.allSatisfy { $0.values == nil })
        // Without the document, and with no row citing the section, the value and its decision are still listed.
        let unread = SectionCoverage(specs: [], outlines: [], reasons: SectionReasons(), products: compilation.products)
        #expect(unread.documents.first { $0.name == "doc.md" }?.sections.first { $0.id == "2" }?.values?.first?.decision == "D-SHORT: shorter")
    }

    @Test("a documented source must name a document and one section")
    func sourceNamesADocument() {
        let compilation = Self.compile(Self.productFile(documented: "  grace: {value: 60s, source: §2, quote: q}"))
        #expect(compilation.diagnostics.map(\.id) == ["product.bad-documented"], "\(compilation.diagnostics)")
    }
}
