import Testing
@testable import SpecKit

/// `Citation.anyWithoutSection(in:)` reads a row's source byte by byte instead of building its citations: it must
/// answer exactly as `Citation.all(in:)` does, on plain sources and on the texts where bytes and characters differ.
@Suite("Citation without a section")
struct CitationSectionTests {
    static let sources = [
        "", " ", ";", ";;", "doc.md", "doc.md §", "doc.md § ", "doc.md §1", "doc.md §\t1", "§", "§ §", " § 2 ",
        "a.md §1; b.md", "a.md §1; b.md §2", "a.md §1;", "; a.md §1", "a.md §1 ;  ; b.md §2.3", "a.md §1;b.md§",
        "été.md §1.2", "Ärger §", "doc.md §°", "doc.md ° §", "a\u{3000}§\u{3000}", "a.md §\u{3000}", "\u{3000};a §1",
        "a.md §1\r", "a.md §\r", "a.md \r\n§ 1", "a.md §\r\n", "a.md §\u{301}", "a.md ;\u{301} b.md §1", "a.md §1;\u{301}",
        "設計.md §2.1", "設計.md §", "a.md §1; 設計.md", "doc §\u{200D}", "x;§\t;y §1",
    ]

    @Test("answers as the citations it stands for", arguments: sources)
    func agreesWithAll(_ source: String) {
        let expected = Citation.all(in: source).contains { $0.section.isEmpty }
        #expect(Citation.anyWithoutSection(in: source) == expected, "\(source.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test("a source with and without a section")
    func plainCases() {
        #expect(!Citation.anyWithoutSection(in: "bench.md §12"))
        #expect(Citation.anyWithoutSection(in: "bench.md"))
        #expect(Citation.anyWithoutSection(in: "a.md §1; b.md §"))
        #expect(!Citation.anyWithoutSection(in: " ; "))
    }
}
