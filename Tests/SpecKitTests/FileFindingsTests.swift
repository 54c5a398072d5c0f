import Testing
@testable import SpecKit

/// Found by a bad-input trial: a 16.5 MB file of one duplicated key ran past 60 s at 2.45 GB, and half a million unknown
/// keys printed half a million errors in 30 s.
@Suite("A file's findings are capped")
struct FileFindingsTests {
    func lint(_ text: String) -> [Diagnostic] {
        SpecCompiler().compile(sources: [(path: "x.yaml", bytes: Array(text.utf8))]).diagnostics
    }

    @Test("past the first 1000, findings are counted in one closing error, from the reader and from the YAML loader")
    func capped() {
        let header = "id: t.s\nkind: scenarios\ntitle: T\nsource: doc.md §1\nfixture: fx\nscenarios: []\n"
        let unknown = lint(header + (0..<1_500).map { "k\($0): \($0)\n" }.joined())
        #expect(unknown.count == FileFindings.maximum + 1)
        #expect(unknown.filter { $0.id == "spec.unknown-key" }.count == FileFindings.maximum)
        let closing = unknown.first { $0.id == "input.too-many-findings" }
        #expect(closing?.severity == .error)
        #expect(closing?.message == "500 more findings in this file are not listed (only the first 1000 are)")
        let duplicates = lint("id: t.s\nkind: machine\n" + String(repeating: "a: 1\n", count: 1_200))
        #expect(duplicates.count == FileFindings.maximum + 1)
        #expect(duplicates.first { $0.id == "input.too-many-findings" }?.message
            == "199 more findings in this file are not listed (only the first 1000 are)")
        // At the limit exactly, nothing is said of more.
        let exact = lint("id: t.s\nkind: machine\n" + String(repeating: "a: 1\n", count: 1_001))
        #expect(exact.count == FileFindings.maximum && !exact.contains { $0.id == "input.too-many-findings" })
    }

    @Test("only warnings past the limit give a closing warning")
    func warningsOnly() {
        var findings = FileFindings(file: "x.yaml")
        for _ in 0..<FileFindings.maximum { findings.add(.error) { Diagnostic(.error, id: "e", "e", at: .file("x.yaml")) } }
        findings.add(.warning) { Diagnostic(.warning, id: "w", "w", at: .file("x.yaml")) }
        #expect(findings.count == FileFindings.maximum + 1 && findings.all.last?.severity == .warning)
        #expect(findings.all.last?.message == "1 more finding in this file is not listed (only the first 1000 are)")
    }
}
