import Foundation
import Testing
@testable import SpecKit
@testable import Conformance

/// Where a run's finding about a cited design document is located.
@Suite("Document fingerprints")
struct DocumentFingerprintsTests {
    /// A decision spec `id` with one row citing `doc.md`.
    static func spec(_ id: String, row: String) -> String {
        """
        id: \(id)
        kind: decision
        title: T
        source: doc.md §1
        fixture: fx
        table: t
        inputs:
          level: [low, high]
        outputs:
          allow: bool
        rows:
          - {id: \(row), source: doc.md §2, when: {level: low}, then: {allow: true}}
          - {id: \(row)-HIGH, source: doc.md §2, when: {level: high}, then: {allow: false}}
        """
    }

    /// Found by a bad-input trial: `run --spec b` with the document missing pointed at a row of spec `a`, which did not run.
    @Test("a missing document is located at a selected spec's row when one cites it, else at the first in the suite")
    func locatedInSelectedSpec() throws {
        let compilation = SpecCompiler(catalog: nil).compile(sources: [("a.yaml", Array(Self.spec("a", row: "A-1").utf8)),
                                                                        ("b.yaml", Array(Self.spec("b", row: "B-1").utf8))])
        #expect(!compilation.failed(strict: false), "\(compilation.diagnostics)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fingerprints-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let all = DocumentFingerprints.take(citedBy: compilation.suite, in: folder)
        #expect(all.diagnostics.map { "\($0.id) \($0.location.file) \($0.rows)" } == ["run.document-missing a.yaml [\"A-1\"]"])
        let chosen = DocumentFingerprints.take(citedBy: compilation.suite, in: folder, selected: ["b"])
        #expect(chosen.diagnostics.map { "\($0.id) \($0.location.file) \($0.rows)" } == ["run.document-missing b.yaml [\"B-1\"]"])
    }

    /// Found by a product owner's trial: a `documented:` source naming a document that is not there passed lint.
    @Test("a document only a documented product value cites is fingerprinted too, and missing is an error at the value's entry")
    func documentedValueCitesADocument() throws {
        let compilation = SpecCompiler(catalog: nil).compile(sources: [("a.yaml", Array(Self.spec("a", row: "A-1").utf8))])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fingerprints-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "# D\n## 2. Two\n".write(toFile: folder + "/doc.md", atomically: true, encoding: .utf8)
        try "# O\n## 2. Two\n".write(toFile: folder + "/other.md", atomically: true, encoding: .utf8)
        var product = ProductFile(id: "fx.product", title: "P", source: "doc.md §1", fixture: "fx", product: [],
                                  file: "p.yaml", location: .init(file: "p.yaml", line: 1, column: 1))
        let at = SpecKit.SourceLocation(file: "p.yaml", line: 9, column: 3)
        product.documented = [DocumentedValue(name: "grace", value: .int(1), written: "1", citation: Citation(document: "othr.md", section: "2"), quote: "q", location: at, quoteLocation: at)]
        let missing = DocumentFingerprints.take(citedBy: compilation.suite, products: [product], in: folder)
        #expect(missing.diagnostics.map(\.id) == ["run.document-missing"] && missing.diagnostics.first?.location == at)
        #expect(missing.diagnostics.first?.hint == "did you mean 'other.md'?")
        product.documented[0].citation = Citation(document: "other.md", section: "2")
        let found = DocumentFingerprints.take(citedBy: compilation.suite, products: [product], in: folder)
        #expect(found.diagnostics.isEmpty && found.documents.map(\.name) == ["doc.md", "other.md"])
    }
}
