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

    /// Found by a re-check: the cap held for the reader's findings, but a file of 1,200 rows that never fire printed
    /// 1,200 `check.dead-row` warnings, and 4,950 rows citing unknown sections 9,900 trace warnings.
    @Test("the checks' findings are capped too: a file of 1,100 rows that never fire lists 1,000 and counts the rest")
    func checksCapped() {
        let rows = (0..<1_100).map { "  - id: R-\($0)\n    source: doc.md §1\n    from: Open\n    on: appear\n    when: {enabled: true}\n" }.joined()
        let found = SpecSources.compile(SpecSources.machine(hit: "first", rows: rows)).diagnostics
        #expect(found.filter { $0.id != "input.too-many-findings" }.count == FileFindings.maximum, "\(found.count) findings")
        let closing = found.filter { $0.id == "input.too-many-findings" }
        #expect(closing.count == 1 && closing.first?.severity == .warning, "\(closing)")
        #expect(closing.first?.location.file == "x.yaml")
        #expect(found == found.sorted())
    }

    @Test("capping several stages' findings: per file, the first 1,000 in order; the reader's closing finding is kept")
    func cappedPerFile() {
        func d(_ file: String, _ line: Int, _ severity: Diagnostic.Severity = .warning) -> Diagnostic {
            Diagnostic(severity, id: "w", "w", at: SourceLocation(file: file, line: line, column: 1))
        }
        let many = (1...1_003).map { d("a.yaml", $0, $0 == 1_002 ? .error : .warning) } + [d("b.yaml", 1)]
        let capped = many.reversed().cappedPerFile
        #expect(capped.filter { $0.location.file == "a.yaml" && $0.id == "w" }.map(\.location.line) == Array(1...1_000))
        let closing = capped.first { $0.id == "input.too-many-findings" }
        #expect(closing?.severity == .error, "one of the three not listed is an error")
        #expect(closing?.message == "3 more findings in this file are not listed (only the first 1000 are)")
        #expect(capped.contains(d("b.yaml", 1)))
        // A re-check found two or three closing findings for one file: each stage's cap, and lint's over all of them.
        #expect(capped.cappedPerFile == capped, "capping again changes nothing")
        let stages = (capped + (2_000...2_004).map { d("a.yaml", $0) }.cappedPerFile + [d("a.yaml", 5_000)]).cappedPerFile
        let closings = stages.filter { $0.id == "input.too-many-findings" }
        #expect(closings.count == 1 && closings.first?.message == "9 more findings in this file are not listed (only the first 1000 are)", "\(closings)")
        #expect(closings.first?.severity == .error)
        let small = [d("a.yaml", 2), d("a.yaml", 1)]
        #expect(small.cappedPerFile == small.sorted(), "under the limit: only sorted")
    }
}
