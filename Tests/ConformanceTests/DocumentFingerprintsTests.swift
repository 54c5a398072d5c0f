import Foundation
import Testing
import SpecKit
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
}
