import Testing
@testable import SpecKit

/// The counts a summary gives (`42 specs, 633 rows`) leave out the files that gave no spec; the compilation names
/// those files, the ones with errors of their own first, so a count that drops says why.
@Suite("Read counts")
struct ReadCountsTests {
    static let machine = """
        id: m
        kind: machine
        title: M
        source: doc.md §1
        fixture: toy
        states: [A, B]
        initial: A
        events: {go: {}}
        rows:
          - {id: M-1, from: A, on: go, to: B, source: doc.md §1}

        """
    static let scenarios = """
        id: s
        kind: scenarios
        title: S
        source: doc.md §1
        fixture: toy
        uses: m
        scenarios:
          - id: S-1
            source: doc.md §1
            steps:
              - event: go
                expect: {state: B}

        """

    static func compile(_ files: [(String, String)]) -> SpecCompiler.Compilation {
        SpecCompiler().compile(sources: files.map { (path: $0.0, bytes: Array($0.1.utf8)) })
    }

    @Test("every file read: the counts alone, and no file named")
    func allRead() {
        let c = Self.compile([("specs/m.yaml", Self.machine), ("specs/s.yaml", Self.scenarios)])
        #expect(c.unreadableFiles.isEmpty, "\(c.diagnostics)")
        #expect(c.readCounts == "2 specs, 2 rows")
    }

    @Test("a broken machine and the scenario set it leaves unread are named, the broken file first, and left out of the counts")
    func brokenFilesNamed() {
        let broken = Self.machine + "id: again: x\n"
        let c = Self.compile([("specs/a-scenarios.yaml", Self.scenarios), ("specs/m.yaml", broken), ("specs/z.yaml", "{")])
        #expect(c.specs.isEmpty)
        #expect(c.unreadableFiles == ["specs/m.yaml", "specs/z.yaml", "specs/a-scenarios.yaml"])
        // The scenario set's own finding says it uses a broken spec: nothing more to say in the counts.
        #expect(c.unreadableBecauseOfOthers.isEmpty)
        #expect(c.readCounts == "0 specs, 0 rows; left out: specs/m.yaml, specs/z.yaml, specs/a-scenarios.yaml")
    }

    @Test("files left out only because of another file follow the others, said so, each group counted on its own")
    func leftOutBecauseOfOthers() {
        #expect(SpecCompiler.Compilation.readCounts(specs: 1, rows: 1, unreadable: ["p", "m", "n"], becauseOfOthers: ["m", "n"])
            == "1 spec, 1 row; left out: p; m, n (a file they use has errors)")
        #expect(SpecCompiler.Compilation.readCounts(specs: 1, rows: 1, unreadable: ["a", "b", "c", "d", "e"], becauseOfOthers: ["a", "b", "c", "d", "e"])
            == "1 spec, 1 row; left out: a, b, c and 2 more (a file they use has errors)")
    }

    @Test("past three files, the summary says how many more")
    func manyFiles() {
        #expect(SpecCompiler.Compilation.readCounts(specs: 1, rows: 1, unreadable: ["a", "b", "c", "d", "e"])
            == "1 spec, 1 row; left out: a, b, c and 2 more")
    }

    /// Found by a bad-input trial: a file named with a newline put a line starting `::error file=x::` on stderr, and one
    /// with an ESC drove the terminal.
    @Test("file names are written as the findings write them: no newline, ESC or bidirectional override gets through")
    func namesEscaped() {
        let counts = SpecCompiler.Compilation.readCounts(specs: 0, rows: 0, unreadable: ["a\u{1B}[31mred.yaml", "evil\n::error file=x::forged.yaml", "\u{202E}lmay.yaml"])
        #expect(counts == "0 specs, 0 rows; left out: a\\u{1B}[31mred.yaml, evil\\n::error file=x::forged.yaml, \\u{202E}lmay.yaml")
        #expect(!counts.unicodeScalars.contains { VisibleText.isEscaped($0) })
    }
}
