import Foundation
import Testing
@testable import SpecKit

/// The design documents' outlines, the reasons file, and the per-section coverage with its lint findings.
@Suite("Design documents: outlines and per-section coverage")
struct DocumentsTests {
    @Test("Markdown headings: the number is the id, the single title heading is not a section, code fences are skipped")
    func markdownHeadings() {
        let text = "# Title\n\n## 1. One\ntext\n```\n## 9. not a heading\n```\n## 2. Two\n### 2.1 Sub\n## Appendix\n"
        let outline = DocumentOutline(name: "d.md", text: text)
        #expect(outline.sections.map(\.id) == ["1", "2", "2.1", "Appendix"])
        #expect(outline.sections.map(\.line) == [3, 8, 9, 10])
        #expect(outline.sections[2].level == 2 && outline.sections[2].title == "Sub")
    }

    @Test("numbered lines: a numbered list inside a section is not taken for headings, and skipped numbers are allowed")
    func numberedLines() {
        let text = "Title\n2. First\n2.1. Sub\nbody\n1. item one\n2. item two\n3. item three\n3. Second\n3.2. Skips 3.1\n5. Skips 4\n"
        let outline = DocumentOutline(name: "d.md", text: text)
        #expect(outline.sections.map(\.id) == ["2", "2.1", "3", "3.2", "5"])
        #expect(outline.sections.map(\.line) == [2, 3, 8, 9, 10])
    }

    @Test("a document with no line breaks: numbers inside the running text, not counts or versions")
    func inlineNumbers() {
        let text = "1. 起点说明iOS 11之后5次失败。2. 机制2.1 LAContext的流程2.2 biometryType属性iOS 11.0, x3. 方案"
        let outline = DocumentOutline(name: "d.md", text: text)
        #expect(outline.sections.map(\.id) == ["1", "2", "2.1", "2.2", "3"])
        #expect(outline.sections.allSatisfy { $0.line == 1 })
        #expect(outline.sections[2].title == "LAContext的流程")
    }

    @Test("a document without numbers: short title lines, not sentences, code or list items")
    func titleLines() {
        let text = "应用门控\n启动体验：很多门控。\n门控栈\nErrorBoundary { // x\n}\n错误边界\n- 列表项\n评分（智能触发，非门控）\n正文结束。\n"
        let outline = DocumentOutline(name: "d.md", text: text)
        #expect(outline.sections.map(\.id) == ["门控栈", "错误边界", "评分（智能触发，非门控）"])
    }

    static func spec(rows: [(String, String?)]) -> CompiledSpec {
        CompiledSpec(id: "s", kind: .decision, title: "S", source: "d.md §1", fixture: "fx", file: "specs/s.yaml", sha256: "",
                     product: [], rows: rows.enumerated().map { RowRecord(id: $1.0, source: $1.1, decision: nil, line: 10 + $0, column: 5) },
                     graph: nil)
    }

    static let outline = DocumentOutline(name: "d.md", text: "1. One\n2. Two\n2.1. Two one\n3. Three\n4. Four\n")

    @Test("each heading gets the rows that cite it (a list of sources counts for each), its subsections, or its reason")
    func coverage() {
        let spec = Self.spec(rows: [("R1", "d.md §1; d.md §2.1"), ("R2", "d.md §2.1"), ("R3", "d.md §9")])
        let reasons = SectionReasons(file: "specs/sections.yaml", entries: [.init(document: "d.md", section: "3", reason: "layout only", line: 2, column: 3)])
        let coverage = SectionCoverage(specs: [spec], outlines: [Self.outline], reasons: reasons)
        let sections = coverage.documents[0].sections
        #expect(sections.map(\.id) == ["1", "2", "2.1", "3", "4", "9"])
        #expect(sections.map(\.status) == [.covered, .bySubsections, .covered, .reasoned, .uncovered, .covered])
        #expect(sections[2].rows.map(\.row) == ["R1", "R2"])
        #expect(sections[5].line == nil) // cited, but the document has no such heading
        #expect(sections[3].reason == "layout only")
    }

    @Test("lint: a heading with no rows and no reason, a stale reason, and a reason for a section that does not exist")
    func findings() throws {
        let spec = Self.spec(rows: [("R1", "d.md §1"), ("R2", "d.md §2")])
        let reasons = SectionReasons(file: "specs/sections.yaml", entries: [
            .init(document: "d.md", section: "1", reason: "x", line: 2, column: 3),
            .init(document: "d.md", section: "7", reason: "y", line: 3, column: 3),
        ])
        let found = checkSectionCoverage(SectionCoverage(specs: [spec], outlines: [Self.outline], reasons: reasons), reasons: reasons)
        #expect(found.map(\.id).sorted() == ["trace.reason-for-covered-section", "trace.section-not-covered", "trace.section-not-covered",
                                             "trace.section-not-covered", "trace.unknown-section"])
        let three = try #require(found.first { $0.message.hasPrefix("section §3 ") })
        #expect(three.message == "section §3 'Three' of d.md has no rows and no reason: cite it in a row's source, or say why not in specs/sections.yaml")
        #expect(found.contains { $0.message.hasPrefix("section §2.1 'Two one' of d.md has no rows") })
        // At the document's reasons (a trial found it at the file's line 1, with only the excuse to write as its hint).
        #expect(three.location == SpecKit.SourceLocation(file: "specs/sections.yaml", line: 2, column: 3))
        #expect(three.hint == "cite §3 in the source: of the rows that check it; only if no row can, add '3': <why no row covers it> under 'd.md:'")
        let stale = try #require(found.first { $0.id == "trace.reason-for-covered-section" })
        #expect(stale.message == "section '1' of d.md is covered by rows, so its reason for no coverage is stale: remove it")
        #expect(stale.location == SpecKit.SourceLocation(file: "specs/sections.yaml", line: 2, column: 3))
        let unknown = try #require(found.first { $0.id == "trace.unknown-section" })
        #expect(unknown.message == "d.md has no section '7'" && unknown.location.line == 3)
        #expect(found.allSatisfy { $0.severity == .warning })
    }

    @Test("a cited section the document has no heading for stands where its number would, not after every heading")
    func looseSectionInPlace() {
        let spec = Self.spec(rows: [("R1", "d.md §2.2"), ("R2", "d.md §9")])
        let coverage = SectionCoverage(specs: [spec], outlines: [Self.outline], reasons: SectionReasons())
        #expect(coverage.documents.first?.sections.map(\.id) == ["1", "2", "2.1", "2.2", "3", "4", "9"])
    }

    @Test("lint: a row citing a section the document has no heading for is located at the row (its column too), with the nearest section")
    func rowCitesUnknownSection() {
        let spec = Self.spec(rows: [("R1", "d.md §1"), ("R2", "d.md §2.2; d.md §2"), ("R3", "d.md §2.2"), ("R4", "other.md §5")])
        let found = checkSectionCoverage(SectionCoverage(specs: [spec], outlines: [Self.outline], reasons: SectionReasons()),
                                         reasons: SectionReasons()).filter { $0.id == "trace.unknown-section" }
        // R4's document was not read (no outline): its sections cannot be checked, so it is not reported.
        #expect(found.map(\.rows) == [["R2"], ["R3"]])
        #expect(found.first?.message == "row R2 cites §2.2 of d.md, which has no such section")
        #expect(found.first?.location == SpecKit.SourceLocation(file: "specs/s.yaml", line: 11, column: 5), "at the row, where its id starts")
        #expect(found.first?.hint == "the sections of §2 are §2.1")
        #expect(found.allSatisfy { $0.severity == .warning })
    }

    /// Found by a trial: `§12` of a document of nine sections got "did you mean '§1'?", the nearest text.
    @Test("the hint for a section a document lacks: a number among its would-be siblings, a title by the nearest title")
    func sectionHints() {
        let ids = ["1", "2", "2.1", "2.2", "6", "6.1", "6.1.1", "6.1.2", "Anexo"]
        #expect(SectionHint.hint(for: "12", among: ids) == "its top-level sections are §1, §2, §6")
        #expect(SectionHint.hint(for: "6.1.9", among: ids) == "the sections of §6.1 are §6.1.1, §6.1.2")
        #expect(SectionHint.hint(for: "7.3", among: ids) == "its top-level sections are §1, §2, §6", "no §7: the top level")
        #expect(SectionHint.hint(for: "Anexos", among: ids) == "did you mean '§Anexo'?")
        let many = (1...20).map(String.init)
        #expect(SectionHint.hint(for: "21", among: many) == "its top-level sections are §1 … §20")
        #expect(!SectionHint.isNumbered("6..1") && !SectionHint.isNumbered("6.") && SectionHint.isNumbered("10.2"))
    }

    @Test("a reason for a cited section the document's copy has no heading for says why rows cite it: neither is reported")
    func lostHeadingAcknowledged() {
        let spec = Self.spec(rows: [("R1", "d.md §1"), ("R2", "d.md §2.2")])
        let reasons = SectionReasons(file: "specs/sections.yaml", entries: [.init(document: "d.md", section: "2.2", reason: "heading lost", line: 2, column: 3)])
        let coverage = SectionCoverage(specs: [spec], outlines: [Self.outline], reasons: reasons)
        let found = checkSectionCoverage(coverage, reasons: reasons)
        #expect(!found.contains { $0.id == "trace.unknown-section" || $0.id == "trace.reason-for-covered-section" }, "\(found)")
        #expect(coverage.documents[0].sections.first { $0.id == "2.2" }?.reason == "heading lost")
        // Without the document's headings the reason cannot be told from a stale one: it is not reported either.
        #expect(checkSectionCoverage(SectionCoverage(specs: [spec], outlines: [], reasons: reasons), reasons: reasons).isEmpty)
    }

    @Test("the reasons file: a mapping of documents to sections to texts; anything else is located")
    func reasonsFile() throws {
        let yaml = "d.md:\n  \"3\": layout only\n  4: [no]\n"
        let node = try YAMLLoader().load(Array(yaml.utf8), file: "specs/sections.yaml")
        let (reasons, diagnostics) = SectionReasons.read(node, file: "specs/sections.yaml")
        #expect(reasons.entries.map(\.section) == ["3"])
        #expect(reasons.entries.first?.line == 2)
        #expect(diagnostics.map(\.id) == ["trace.bad-reasons"])
        #expect(diagnostics.first?.message == "the reason for a section must be a text, or 'partly:' and what its rows leave out")
        #expect(diagnostics.first?.location == SpecKit.SourceLocation(file: "specs/sections.yaml", line: 3, column: 6))
    }

    @Test("partly: rows cover a section and the file says what they leave out; with no row at all it is a warning")
    func partlyCovered() {
        let spec = Self.spec(rows: [("R1", "d.md §1"), ("R2", "d.md §2.1")])
        let reasons = SectionReasons(file: "specs/sections.yaml", entries: [
            .init(document: "d.md", section: "1", reason: "the server part", partly: true, line: 2, column: 3),
            .init(document: "d.md", section: "2", reason: "item 3", partly: true, line: 4, column: 3),
            .init(document: "d.md", section: "3", reason: "nothing covers it", partly: true, line: 6, column: 3),
            .init(document: "d.md", section: "2.1", reason: "stale", line: 8, column: 3),
        ])
        let coverage = SectionCoverage(specs: [spec], outlines: [Self.outline], reasons: reasons)
        let sections = coverage.documents[0].sections
        #expect(sections.map(\.status) == [.partly, .partly, .covered, .reasoned, .uncovered])
        #expect(sections[0].reason == "the server part" && sections[1].reason == "item 3")
        let found = checkSectionCoverage(coverage, reasons: reasons)
        // §3 says partly with no row: its own warning, not "no rows and no reason"; §4 has neither.
        #expect(found.map(\.id) == ["trace.section-not-covered", "trace.partly-without-rows", "trace.reason-for-covered-section"])
        #expect(found[0].message.hasPrefix("section §4 'Four'"))
        #expect(found[1].message == "section '3' of d.md is said to be covered in part, but no row cites it or a section below it")
        #expect(found[1].location == SpecKit.SourceLocation(file: "specs/sections.yaml", line: 6, column: 3))
        #expect(found[2].hint == "if the rows cover only part of it, write what they leave out under 'partly:'")
        // Without the document's headings (linting some files, or no --documents), rows elsewhere may cover it: not reported.
        let unread = SectionCoverage(specs: [spec], outlines: [], reasons: reasons)
        #expect(!checkSectionCoverage(unread, reasons: reasons).contains { $0.id == "trace.partly-without-rows" })
    }

    @Test("the reasons file: 'partly:' and a text; any other mapping is located")
    func reasonsFilePartly() throws {
        let yaml = "d.md:\n  \"1\":\n    partly: the server part\n  \"2\": {partly: [x]}\n  \"3\": {because: x}\n  \"4\": {partly: a, also: b}\n  \"5\": plain\n"
            + "  \"6\": {partly: null}\n  \"7\": {partly: \"   \"}\n  \"8\": ~\n  \"9\": \"null\"\n"
        let node = try YAMLLoader().load(Array(yaml.utf8), file: "specs/sections.yaml")
        let (reasons, diagnostics) = SectionReasons.read(node, file: "specs/sections.yaml")
        // A re-check: `partly: null` and a blank text were taken as reasons ("not covered: null"); a quoted "null" is a text.
        #expect(reasons.entries.map(\.section) == ["1", "5", "9"])
        #expect(reasons.entries.map(\.partly) == [true, false, false])
        #expect(reasons.entries.first?.reason == "the server part")
        #expect(diagnostics.map(\.message) == [
            "'partly' must be a text: what the section's rows leave out, and why",
            "a section's mapping takes one key, 'partly', with what its rows leave out",
            "a section's mapping takes one key, 'partly', with what its rows leave out",
            "'partly' must be a text: what the section's rows leave out, and why",
            "'partly' must be a text: what the section's rows leave out, and why",
            "the reason for a section must be a text, or 'partly:' and what its rows leave out",
        ])
        #expect(diagnostics.map(\.location.line) == [4, 5, 6, 8, 9, 10])
        #expect(diagnostics.map(\.location.column) == [17, 9, 20, 17, 17, 8])
    }

    /// Found by the fifth product-owner trial: a spec's own `source: … §22` passed lint --documents without a word, and a
    /// row's finding stood at its `- id:` line, not at the citation.
    @Test("a spec's own source: is checked as a row's is, and a row's finding stands at its source:; a section sections.yaml gives a reason for is not reported")
    func specSourceChecked() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "# Title\n\n## 1. One\ntext\n## 2. Two\ntext\n## 3. Three\ntext\n".write(to: folder.appendingPathComponent("doc.md"), atomically: true, encoding: .utf8)
        let machine = SpecSources.machine(rows: "  - id: R1\n    source: doc.md §7\n    on: appear\n    to: Locked\n")
            .replacingOccurrences(of: "source: doc.md §1\nfixture", with: "source: doc.md §22\nfixture")
        let specs = folder.appendingPathComponent("specs")
        try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
        let lint = { (reasons: String?) throws in
            if let reasons { try reasons.write(to: specs.appendingPathComponent(SectionReasons.fileName), atomically: true, encoding: .utf8) }
            return SpecCompiler().lint(sources: [(path: "specs/m.yaml", bytes: Array(machine.utf8))], folder: specs.path, documents: DocumentFolder(folder.path))
                .compilation.diagnostics.filter { $0.id == "trace.unknown-section" }
        }
        let found = try lint(nil)
        #expect(found.map(\.message) == ["spec t.machine cites §22 of doc.md, which has no such section", "row R1 cites §7 of doc.md, which has no such section"], "\(found)")
        #expect(found.map(\.location) == [SpecKit.SourceLocation(file: "specs/m.yaml", line: 4, column: 9), SpecKit.SourceLocation(file: "specs/m.yaml", line: 19, column: 13)])
        #expect(found.first?.hint == "its top-level sections are §1, §2, §3")
        // A reason in sections.yaml for a section the document's copy lacks: the spec may cite it (as medtime.pin-entry
        // cites medtime's §3.3).
        let reasoned = try lint("doc.md:\n  \"22\": heading lost in this copy\n").filter { $0.location.file == "specs/m.yaml" }
        #expect(reasoned.map(\.rows) == [["R1"]], "\(reasoned)")
    }

    /// Found by a re-check: a cited document of plain prose, with no heading to read, passed lint without a word.
    @Test("a cited document with text but no heading lockspec can read is a warning at the document")
    func noHeadings() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "just prose, with no heading at all, that goes on and on for a while.\n".write(to: folder.appendingPathComponent("d.md"), atomically: true, encoding: .utf8)
        let spec = Self.spec(rows: [("R1", "d.md §1")])
        let found = DesignDocuments.coverage(specs: [spec], specPaths: [folder.path], documents: DocumentFolder(folder.path), specsMissing: false).diagnostics
        #expect(found.map(\.id).contains("trace.no-headings"), "\(found)")
        #expect(found.first { $0.id == "trace.no-headings" }?.location.file == folder.appendingPathComponent("d.md").path)
        try "# Title\n\n## 1. One\ntext\n## 2. Two\ntext\n## 3. Three\ntext\n".write(to: folder.appendingPathComponent("d.md"), atomically: true, encoding: .utf8)
        let read = DesignDocuments.coverage(specs: [spec], specPaths: [folder.path], documents: DocumentFolder(folder.path), specsMissing: false).diagnostics
        #expect(!read.contains { $0.id == "trace.no-headings" }, "\(read)")
    }

    @Test("the placeholder citation a new spec or a hint shows is refused, at the spec, a row, or an item of a list")
    func placeholderSource() {
        let spec = """
        id: t.fx
        kind: machine
        title: T
        source: <document> §<section>
        fixture: fx
        states: [Locked, Open]
        initial: Locked
        events: {appear: {}}
        rows:
          - {id: R1, source: doc.md §<section>, from: Locked, on: appear, to: Open}
          - {id: R2, source: [doc.md §2, <document> §3], from: Open, on: appear, to: Locked}
          - {id: R3, source: doc.md §4, from: Open, on: appear, to: Open, when: {}}
        """
        let found = SpecCompiler().compile(sources: [(path: "x.yaml", bytes: Array(spec.utf8))]).diagnostics
            .filter { $0.id == "spec.placeholder-source" }
        #expect(found.map(\.location.line) == [4, 10, 11])
        #expect(found.map(\.rows) == [[], ["R1"], ["R2"]])
        #expect(found.first?.message == "the source is still the placeholder '<document> §<section>': name the design document and its section")
        #expect(found.allSatisfy { $0.severity == .error })
    }

    @Test("a row's source may be a list: kept joined, each citation read apart")
    func sourceList() throws {
        let row = "  - id: R1\n    source: [doc.md §1, other.md §2.3]\n    from: Open\n    on: appear\n    to: Locked\n"
        let compilation = SpecSources.compile(SpecSources.machine(rows: row))
        #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics)")
        let source = try #require(compilation.suite.specs.first?.rows.first?.source)
        #expect(source == "doc.md §1; other.md §2.3")
        #expect(Citation.all(in: source) == [Citation(document: "doc.md", section: "1"), Citation(document: "other.md", section: "2.3")])
    }

    @Test("a source with its § left out ('doc.md 2') is one warning that says so, with the citation meant as its hint")
    func sectionMarkLeftOut() throws {
        let row = "  - id: R1\n    source: [other.md §1, face-id-launch-lock.zh.md 2]\n    from: Open\n    on: appear\n    to: Locked\n"
        let compilation = SpecSources.compile(SpecSources.machine(rows: row))
        #expect(compilation.diagnostics.map(\.id) == ["spec.source-without-section"], "\(compilation.diagnostics)")
        let d = try #require(compilation.diagnostics.first)
        #expect(d.message == "the source of row R1 has no '§' before its section: 'face-id-launch-lock.zh.md 2'")
        #expect(d.hint == "write 'face-id-launch-lock.zh.md §2'")
        // The document cited is the one named, not 'face-id-launch-lock.zh.md 2'.
        let source = try #require(compilation.suite.specs.first?.rows.first?.source)
        #expect(Citation.all(in: source).map(\.document) == ["other.md", "face-id-launch-lock.zh.md"])
        // Only a file name followed by more text reads so; any other text without § is left as it is.
        #expect(Citation.withoutMark("app-launch-gates.zh.md 门控栈")! == ("app-launch-gates.zh.md", "门控栈"))
        #expect(Citation.withoutMark("My Design.md 3.1")! == ("My Design.md", "3.1"))
        for text in ["doc.md", "the doc, grace part", "e.g. the doc 3", "v1.2 of the doc", "doc.md §2"] {
            #expect(Citation.withoutMark(text) == nil, "\(text)")
        }
        // One without a file name keeps the message it had, and no hint.
        let plain = SpecSources.compile(SpecSources.machine(rows: row.replacingOccurrences(of: "face-id-launch-lock.zh.md 2", with: "the doc, grace part")))
        #expect(plain.diagnostics.map(\.message) == ["the source of row R1 names no section: write '<document> §<section>'"])
        #expect(plain.diagnostics.first?.hint == nil)
    }

    @Test("the five design documents: every heading is found, and each is covered or has a reason in specs/sections.yaml")
    func realDocuments() throws {
        guard let (folder, specs) = Self.realFolders() else { return }
        let compilation = try SpecCompiler().compile(paths: [specs])
        let (coverage, diagnostics) = DesignDocuments.coverage(specs: compilation.suite.specs, specPaths: [specs], documents: DocumentFolder(folder), specsMissing: false)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let counts = coverage.documents.map { ($0.name, $0.sections.filter { $0.line != nil }.count) }
        #expect(counts.map(\.0) == ["app-launch-gates.zh.md", "biometric-capability-detection.zh.md", "dual-password-decoy-space.zh.md",
                                    "face-id-launch-lock.zh.md", "medtime-biometric-unlock.es.md"])
        #expect(counts.map(\.1) == [9, 22, 10, 9, 46])
        #expect(!coverage.documents.flatMap(\.sections).contains { $0.status == .uncovered })
    }

    @Test("while a spec does not compile, its document's sections are not called uncovered: its rows are missing, not absent")
    func noFalseGapsWhileASpecFails() throws {
        guard let (folder, specs) = Self.realFolders() else { return }
        let files = try SpecCompiler.discover([specs]).filter { !$0.hasSuffix(SectionReasons.fileName) }
        let sources = try files.map { file in
            var text = try String(contentsOfFile: file, encoding: .utf8)
            if file.hasSuffix("launch-lock.triggers.yaml") { text = text.replacingOccurrences(of: "    on: active\n", with: "    on: actve\n") }
            return (path: file, bytes: Array(text.utf8))
        }
        let compilation = SpecCompiler().compile(sources: sources)
        #expect(compilation.diagnostics.contains { $0.id == "spec.unknown-event" })
        let withheld = DesignDocuments.coverage(specs: compilation.suite.specs, specPaths: [specs], documents: DocumentFolder(folder), specsMissing: true)
        #expect(!withheld.diagnostics.contains { $0.id == "trace.section-not-covered" }, "\(withheld.diagnostics)")
        // Counted as if complete, the launch lock's sections look uncovered: the false gaps the flag withholds.
        let counted = DesignDocuments.coverage(specs: compilation.suite.specs, specPaths: [specs], documents: DocumentFolder(folder), specsMissing: false)
        #expect(counted.diagnostics.contains { $0.id == "trace.section-not-covered" && $0.message.contains("face-id-launch-lock.zh.md") })
    }

    /// Found by a bad-input trial: a sections.yaml that could not be read gave its own error, then 20 section warnings at
    /// `specs/sections.yaml`, a path relative to the working folder that was not the folder linted.
    @Test("an unreadable sections.yaml gives its own error and no section is called uncovered; without one, the warnings name the folder's")
    func reasonsFileUnreadableOrMissing() throws {
        guard let (documents, specs) = Self.realFolders() else { return }
        let folder = try Self.copies(of: ["launch-lock.product.yaml", "launch-lock.toggle.yaml"], in: specs)
        defer { try? FileManager.default.removeItem(at: folder) }
        let compilation = try SpecCompiler().compile(paths: [folder.path])
        let missing = DesignDocuments.coverage(specs: compilation.suite.specs, specPaths: [folder.path], documents: DocumentFolder(documents), specsMissing: false)
        let uncovered = missing.diagnostics.filter { $0.id == "trace.section-not-covered" }
        #expect(!uncovered.isEmpty && uncovered.allSatisfy { $0.location.file == folder.appendingPathComponent("sections.yaml").path }, "\(uncovered)")
        try Data("a: 1\na: 2\n".utf8).write(to: folder.appendingPathComponent("sections.yaml"))
        let unreadable = DesignDocuments.coverage(specs: compilation.suite.specs, specPaths: [folder.path], documents: DocumentFolder(documents), specsMissing: false)
        #expect(unreadable.diagnostics.map(\.id) == ["yaml.duplicate-key"], "\(unreadable.diagnostics)")
    }

    /// Found by a product-owner trial: `lint old-specs --documents DIR` placed its warnings at old-specs/sections.yaml:1:1,
    /// a file that did not exist, and said to "add" lines to it.
    @Test("without a reasons file, an uncovered section's finding stays at the file's first line and says to create it")
    func reasonsFileToCreate() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("reasons-\(UUID().uuidString)")
        let (specs, documents) = (root.appendingPathComponent("old-specs"), root.appendingPathComponent("docs"))
        try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try "1. One\n2. Two\n3. Three\n".write(to: documents.appendingPathComponent("d.md"), atomically: true, encoding: .utf8)
        let spec = Self.spec(rows: [("R1", "d.md §1"), ("R2", "d.md §2")])
        func uncovered() -> [Diagnostic] {
            DesignDocuments.coverage(specs: [spec], specPaths: [specs.path], documents: DocumentFolder(documents.path), specsMissing: false).diagnostics
                .filter { $0.id == "trace.section-not-covered" }
        }
        let file = specs.appendingPathComponent("sections.yaml").path
        let missing = try #require(uncovered().first)
        #expect(missing.location == SpecKit.SourceLocation(file: file, line: 1, column: 1))
        #expect(missing.message == "section §3 'Three' of d.md has no rows and no reason: cite it in a row's source, or say why not in \(file) (there is no such file yet)")
        #expect(missing.hint == "cite §3 in the source: of the rows that check it; only if no row can, create \(file) and add '3': <why no row covers it> under 'd.md:'")
        // Once the file exists, the same section's finding says to add the line to it.
        try "d.md:\n  \"9\": not in this copy\n".write(toFile: file, atomically: true, encoding: .utf8)
        let present = try #require(uncovered().first)
        #expect(present.message == "section §3 'Three' of d.md has no rows and no reason: cite it in a row's source, or say why not in \(file)")
        #expect(present.hint == "cite §3 in the source: of the rows that check it; only if no row can, add '3': <why no row covers it> under 'd.md:'")
    }

    /// Found by a bad-input trial: a 26 MB document of a million headings held lint past 60 s at 952 MB.
    @Test("a design document past 4 MiB is an error at its file and is not read")
    func documentTooLarge() throws {
        guard let (documents, specs) = Self.realFolders() else { return }
        let folder = try Self.copies(of: try FileManager.default.contentsOfDirectory(atPath: documents), in: documents)
        defer { try? FileManager.default.removeItem(at: folder) }
        let big = folder.appendingPathComponent("face-id-launch-lock.zh.md")
        try FileManager.default.removeItem(at: big)
        try Data(String(repeating: "# heading\n", count: DesignDocuments.maximumDocumentSize / 10 + 1).utf8).write(to: big)
        let compilation = try SpecCompiler().compile(paths: [specs])
        let found = DesignDocuments.coverage(specs: compilation.suite.specs, specPaths: [specs], documents: DocumentFolder(folder.path), specsMissing: false).diagnostics
        let error = try #require(found.first { $0.id == "input.too-large" })
        #expect(error.severity == .error && error.location.file == big.path)
        #expect(error.message == "the design document is 4194310 bytes; one is read up to 4194304 bytes (4 MiB), so this one is not")
    }

    @Test("a folder of documents reads each document once however often it is asked for, and says why one is not read")
    func documentFolderReadsOnce() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "# D\n## 1. One\n".write(to: folder.appendingPathComponent("d.md"), atomically: true, encoding: .utf8)
        var read: [String] = []
        let documents = DocumentFolder(folder.path, readBytes: { path, limit throws(DiagnosticError) in
            read.append(path)
            return try readFile(path, limit: limit)
        })
        #expect(documents.read("d.md") == .bytes(Array("# D\n## 1. One\n".utf8)))
        #expect(documents.read("sub") == .notAFile("a folder, not a file"))
        #expect(documents.read("none.md") == .unreadable("there is no file at this path"))
        try "# Edited\n".write(to: folder.appendingPathComponent("d.md"), atomically: true, encoding: .utf8)
        #expect(documents.read("d.md") == .bytes(Array("# D\n## 1. One\n".utf8)))
        #expect(read == [documents.path(of: "d.md"), documents.path(of: "none.md")])
    }

    /// A new temporary folder holding copies of the files `names` of `source` (the caller removes it).
    static func copies(of names: [String], in source: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("documents-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in names { try FileManager.default.copyItem(atPath: source + "/" + name, toPath: folder.appendingPathComponent(name).path) }
        return folder
    }

    /// The design documents (beside the clone, as in CI, or at `LOCKSPEC_DOCUMENTS`) and the package's specs/, or nil
    /// with a SKIPPED line where the documents are not at hand.
    static func realFolders() -> (documents: String, specs: String)? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let candidates: [String?] = [ProcessInfo.processInfo.environment["LOCKSPEC_DOCUMENTS"], root.appendingPathComponent("../shared/design-docs").path,
                          root.appendingPathComponent("../../shared/design-docs").path, "/work/shared/design-docs"]
        guard let documents = candidates.compactMap({ $0 }).first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            print("SKIPPED: the design documents are not beside the clone (../shared/design-docs) nor at LOCKSPEC_DOCUMENTS")
            return nil
        }
        return (documents, root.appendingPathComponent("specs").path)
    }
}
