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
        let all = DocumentFingerprints.take(citedBy: compilation.suite, in: DocumentFolder(folder))
        #expect(all.diagnostics.map { "\($0.id) \($0.location.file) \($0.rows)" } == ["run.document-missing a.yaml [\"A-1\"]"])
        let chosen = DocumentFingerprints.take(citedBy: compilation.suite, in: DocumentFolder(folder), selected: ["b"])
        #expect(chosen.diagnostics.map { "\($0.id) \($0.location.file) \($0.rows)" } == ["run.document-missing b.yaml [\"B-1\"]"])
    }

    /// Found by a product owner's trial: a free-text source (`source: the face id doc, grace part`) gave
    /// run.document-missing at the row's id line, and its spec.source-without-section warning at the `source:` line.
    @Test("a missing document is located at the citing row's source: line, with the source's own finding, when the specs as read are given")
    func locatedAtSourceLine() throws {
        let yaml = """
            id: a
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
              - id: A-1
                when: {level: low}
                source: the doc, grace part
                then: {allow: true}
              - id: A-2
                source: doc.md §2
                when: {level: high}
                then: {allow: false}
            """
        let compilation = SpecCompiler(catalog: nil).compile(sources: [("a.yaml", Array(yaml.utf8))])
        #expect(!compilation.failed(strict: false), "\(compilation.diagnostics)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fingerprints-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "# D\n## 1. One\n## 2. Two\n".write(toFile: folder + "/doc.md", atomically: true, encoding: .utf8)
        let source = SpecKit.SourceLocation(file: "a.yaml", line: 14, column: 13)
        #expect(compilation.diagnostics.filter { $0.id == "spec.source-without-section" }.map(\.location) == [source])
        let read = DocumentFingerprints.take(citedBy: compilation.suite, specs: compilation.specs,
                                             in: DocumentFolder(folder))
        #expect(read.diagnostics.map(\.id) == ["run.document-missing"], "\(read.diagnostics)")
        #expect(read.diagnostics.first?.location == source)
        #expect(read.diagnostics.first?.rows == ["A-1"])
        // Without the specs as read (a suite alone), the row is where its id is.
        let alone = DocumentFingerprints.take(citedBy: compilation.suite, in: DocumentFolder(folder))
        #expect(alone.diagnostics.first?.location == SpecKit.SourceLocation(file: "a.yaml", line: 12, column: 5))
        // A document only the spec's own source: cites is missing at that line (it was the file's start).
        let header = yaml.replacingOccurrences(of: "source: doc.md §1\nfixture", with: "source: other.md §1\nfixture")
            .replacingOccurrences(of: "source: the doc, grace part", with: "source: doc.md §1")
        let own = SpecCompiler(catalog: nil).compile(sources: [("a.yaml", Array(header.utf8))])
        let missing = DocumentFingerprints.take(citedBy: own.suite, specs: own.specs,
                                                in: DocumentFolder(folder)).diagnostics
        #expect(missing.map(\.location) == [SpecKit.SourceLocation(file: "a.yaml", line: 4, column: 9)], "\(missing)")
    }

    /// Found by a product owner's trial: `source: face-id-launch-lock.zh.md 2` (the § left out) gave run.document-missing
    /// for a document 'face-id-launch-lock.zh.md 2' besides the source's own warning.
    @Test("a source with its § left out cites the document it names: it is fingerprinted, not reported missing")
    func sectionMarkLeftOut() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fingerprints-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "# D\n## 1. One\n## 2. Two\n".write(toFile: folder + "/doc.md", atomically: true, encoding: .utf8)
        let yaml = Self.spec("a", row: "A-1").replacingOccurrences(of: "source: doc.md §2, when: {level: low}", with: "source: doc.md 2, when: {level: low}")
        try #require(yaml != Self.spec("a", row: "A-1"))
        let written = SpecCompiler(catalog: nil).compile(sources: [("a.yaml", Array(yaml.utf8))])
        #expect(written.diagnostics.map(\.hint) == ["write 'doc.md §2'"], "\(written.diagnostics)")
        let read = DocumentFingerprints.take(citedBy: written.suite, specs: written.specs, in: DocumentFolder(folder))
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics)")
        #expect(read.documents.map(\.name) == ["doc.md"])
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
        let missing = DocumentFingerprints.take(citedBy: compilation.suite, products: [product],
                                                in: DocumentFolder(folder))
        #expect(missing.diagnostics.map(\.id) == ["run.document-missing"] && missing.diagnostics.first?.location == at)
        #expect(missing.diagnostics.first?.hint == "did you mean 'other.md'?")
        product.documented[0].citation = Citation(document: "other.md", section: "2")
        let found = DocumentFingerprints.take(citedBy: compilation.suite, products: [product],
                                              in: DocumentFolder(folder))
        #expect(found.diagnostics.isEmpty && found.documents.map(\.name) == ["doc.md", "other.md"])
    }

    /// A decision spec over the dual-password fixture's failure delay whose rows cite `doc.md §4`.
    static let delaySpec = """
        id: once.failure-delay
        kind: decision
        title: The failure delay, citing doc.md
        source: doc.md §4
        fixture: dual-password
        table: decoy.failure-delay
        hit: first
        inputs:
          failures: int 0..20
        outputs:
          delay: duration 0s..5m
        rows:
          - {id: ONCE-3, source: doc.md §4, when: {failures: 3}, then: {delay: 1s}}
          - {id: ONCE-REST, source: doc.md §4, when: {failures: "0..20"}, then: {}}
        """

    /// What the reader gives the first time it reads a path, what it gives every later time (the document as edited
    /// meanwhile), and what is on disk (which neither should see).
    /// (An outline needs three headings.)
    static let firstRead = Array("# Doc\n## 2. Two\n## 3. Three\n## 4. Four\n".utf8)
    static let laterRead = Array("# Doc\n## 2. Two\n## 3. Three\n## 4. Four\n## 5. Five\n".utf8)
    static let onDisk = "# Doc\n## 2. Two\n## 3. Three\n## 4. Four\n## 6. Six\n"

    /// A temporary folder holding `files` (the caller removes it).
    static func folder(_ files: [String: String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fingerprints-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8) }
        return folder
    }

    /// Found by a review: a run read each document twice, once for its SHA-256 and once for its outline, so a
    /// document edited between the two reads gave one version's fingerprint beside the other's headings.
    @Test("a run reads each cited document once: its SHA-256 and its sections in the report are of the same bytes")
    func runReadsEachDocumentOnce() throws {
        let specs = try Self.folder(["once.yaml": Self.delaySpec])
        let documents = try Self.folder(["doc.md": Self.onDisk])
        defer { try? FileManager.default.removeItem(atPath: specs); try? FileManager.default.removeItem(atPath: documents) }
        let reader = EditedBetweenReads(first: Self.firstRead, later: Self.laterRead)
        var run = ConformanceRun(.init(paths: [specs], documents: documents), registry: .standard)
        run.readDocument = { path, _ in reader.read(path) }
        let outcome = run.run()
        let result = try #require(outcome.result, "\(outcome.diagnostics)")
        #expect(reader.paths == [(documents as NSString).appendingPathComponent("doc.md")])
        #expect(result.identity.documents.map(\.sha256) == [SHA256.hex(Self.firstRead)])
        let headings = result.sections?.documents.first { $0.name == "doc.md" }?.sections.filter { $0.line != nil }.map(\.id)
        #expect(headings == ["2", "3", "4"])
    }

    @Test("lint's order, the coverage then the fingerprints, over one folder reads each cited document once")
    func lintReadsEachDocumentOnce() throws {
        let compilation = SpecCompiler(catalog: nil).compile(sources: [("a.yaml", Array(Self.spec("a", row: "A-1").utf8))])
        let documents = try Self.folder(["doc.md": Self.onDisk])
        defer { try? FileManager.default.removeItem(atPath: documents) }
        let reader = EditedBetweenReads(first: Self.firstRead, later: Self.laterRead)
        let folder = DocumentFolder(documents, readBytes: { path, _ in reader.read(path) })
        let sections = DesignDocuments.coverage(specs: compilation.suite.specs, specPaths: [documents], documents: folder, specsMissing: false)
        let fingerprints = DocumentFingerprints.take(citedBy: compilation.suite, in: folder)
        #expect(reader.paths == [folder.path(of: "doc.md")])
        #expect(fingerprints.diagnostics.isEmpty && fingerprints.documents.map(\.sha256) == [SHA256.hex(Self.firstRead)])
        #expect(sections.coverage.documents.first?.sections.filter { $0.line != nil }.map(\.id) == ["2", "3", "4"])
    }
}

/// A reader standing in for `readFile` that records each path it reads and gives `first` the first time a path is
/// read and `later` after: a document edited between two reads.
final class EditedBetweenReads: @unchecked Sendable {
    private let lock = NSLock()
    private var log: [String] = []
    let first: [UInt8], later: [UInt8]

    init(first: [UInt8], later: [UInt8]) {
        (self.first, self.later) = (first, later)
    }

    /// Every path read, in order.
    var paths: [String] { lock.withLock { log } }

    func read(_ path: String) -> [UInt8] {
        lock.withLock {
            log.append(path)
            return log.filter { $0 == path }.count == 1 ? first : later
        }
    }
}
