import Foundation
import Testing
@testable import SpecKit

/// The emitters against golden files (JSON, Swift, Mermaid, DOT), determinism, and rewriting only on change.
///
/// Re-record with `LOCKSPEC_RECORD=1 swift test --filter EmitTests`: the goldens are written into the source tree and
/// every recording test fails, so a recording run is never mistaken for a passing one.
@Suite("Emit")
struct EmitTests {
    static let machine = """
        id: t.lock
        kind: machine
        title: Lock
        source: doc.md §4
        fixture: fx
        product: {grace: 60s}
        states: [Open, Locked]
        initial: Open
        variables:
          enabled: {type: bool, initial: true}
        events:
          active: {away: duration 0s..2h}
          unlock:
        effects: [startAuth]
        rows:
          - id: L-AWAY
            source: doc.md §4
            from: Open
            on: active
            when: {enabled: true, away: "> 60s"}
            effects: ["startAuth(${away})"]
            to: Locked
          - id: L-UNLOCK
            decision: "D-1: unlocking needs no input"
            from: Locked
            on: unlock
            to: Open

        """

    static let decision = """
        id: t.attempts
        kind: decision
        title: Attempts
        source: doc.md §6
        fixture: fx
        inputs:
          failures: int 1..20
        outputs:
          action: [showRemaining, block]
          message: text
        rows:
          - id: A-LOW
            source: doc.md §6
            when: {failures: "1..4"}
            then: {action: showRemaining, message: "failed ${failures} times"}
          - id: A-HIGH
            source: doc.md §6
            when: {failures: "5.."}
            then: {action: block}
        table: t.attempts

        """

    static func compile() -> SpecCompiler.Compilation {
        SpecSources.compile([("specs/lock.yaml", machine), ("specs/attempts.yaml", decision)])
    }

    /// Compares `text` with a golden file, or re-records it (and fails) when LOCKSPEC_RECORD=1.
    private func expectGolden(_ text: String, _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        if ProcessInfo.processInfo.environment["LOCKSPEC_RECORD"] == "1" {
            let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("Fixtures/golden").appendingPathComponent(name)
            try FileManager.default.createDirectory(at: source.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: source)
            Issue.record("re-recorded golden file \(source.path): review the diff, then run again without LOCKSPEC_RECORD",
                         sourceLocation: sourceLocation)
            return
        }
        let folder = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        let url = folder.appendingPathComponent("golden").appendingPathComponent(name)
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("no golden file \(name): record it with LOCKSPEC_RECORD=1", sourceLocation: sourceLocation)
            return
        }
        #expect(text == expected, "\(name) differs from its golden file; re-record with LOCKSPEC_RECORD=1 if the change is intended",
                sourceLocation: sourceLocation)
    }

    @Test("the specs behind the goldens compile without findings")
    func clean() {
        let compilation = Self.compile()
        #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics)")
        #expect(compilation.suite.cases.map(\.id) == ["A-LOW", "A-HIGH", "L-AWAY", "L-UNLOCK"])
    }

    @Test("emitJSON matches its golden file")
    func json() throws {
        try expectGolden(try emitJSON(Self.compile().suite, command: "lockspec compile specs --out gen"), "suite.json")
    }

    @Test("emitDiagram matches its golden files", arguments: DiagramFormat.allCases)
    func diagram(_ format: DiagramFormat) throws {
        let spec = try #require(Self.compile().suite.spec("t.lock"))
        try expectGolden(emitDiagram(spec, format: format, command: "lockspec graph \(spec.file)" + (format == .dot ? " --format dot" : "")), "t.lock.\(format == .mermaid ? "mmd" : "dot")")
    }

    @Test("a diagram marks covered and uncovered transitions")
    func coverage() throws {
        let spec = try #require(Self.compile().suite.spec("t.lock"))
        let mermaid = emitDiagram(spec, format: .mermaid, command: "lockspec graph t", covered: ["L-AWAY"])
        #expect(mermaid.contains("Open --> Locked: active (L-AWAY) ✓\n"))
        #expect(mermaid.contains("Locked --> Open: unlock (L-UNLOCK) (not covered)\n"))
        let decision = try #require(Self.compile().suite.spec("t.attempts"))
        #expect(emitDiagram(decision, format: .dot, command: "lockspec graph t") == "")
    }

    @Test("the emitters name the caller's regenerate command, not their own guess")
    func callerParameters() throws {
        let suite = Self.compile().suite
        let spec = try #require(suite.spec("t.lock"))
        #expect(emitDiagram(spec, format: .dot, command: "make diagrams").hasPrefix(
            "// Generated by LockSpec from \(spec.file); do not edit. Regenerate with: make diagrams\n"))
    }

    @Test("the JSON round-trips to the same suite")
    func roundTrip() throws {
        let suite = Self.compile().suite
        struct Document: Decodable { var suite: CompiledSuite }
        let decoded = try JSONDecoder().decode(Document.self, from: Data(try emitJSON(suite, command: "x").utf8))
        #expect(decoded.suite == suite)
    }

    @Test("compiling the same sources twice gives byte-identical JSON, whatever order the files come in")
    func deterministic() throws {
        let first = try emitJSON(Self.compile().suite, command: "x")
        let again = try emitJSON(Self.compile().suite, command: "x")
        let swapped = try emitJSON(SpecSources.compile([("specs/attempts.yaml", Self.decision), ("specs/lock.yaml", Self.machine)]).suite,
                                   command: "x")
        #expect(Array(first.utf8) == Array(again.utf8))
        #expect(Array(first.utf8) == Array(swapped.utf8))
    }

    @Test("writeIfChanged writes a new or different file, and leaves an unchanged one alone, date included")
    func writeIfChanged() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("emit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("deep/out.txt").path
        #expect(try Emitter.writeIfChanged("one\n", to: path))
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)
        #expect(try !Emitter.writeIfChanged("one\n", to: path))
        let date = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        #expect(date == old)
        #expect(try Emitter.writeIfChanged("two\n", to: path))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "two\n")
    }
}

/// The bound on a decision table's rows: lint compares its rows pairwise, so a hostile or generated table cannot keep a
/// gate busy for minutes.
@Suite("Rows per decision table")
struct RowBoundTests {
    static func decision(rows: Int) -> String {
        "id: t.big\nkind: decision\ntitle: Big\nsource: doc.md §1\nfixture: fx\ntable: fx.big\ninputs:\n  n: int 1..100000\noutputs:\n  ok: bool\nrows:\n"
            + (1...rows).map { "  - {id: R\($0), source: doc.md §1, when: {n: \($0)}, then: {ok: true}}\n" }.joined()
    }

    @Test("a decision table of more rows than the bound is one located error and is not read; at the bound it is read")
    func bound() {
        let over = SpecCompiler().compile(sources: [(path: "x.yaml", bytes: Array(Self.decision(rows: SpecCompiler.maximumRows + 1).utf8))])
        #expect(over.diagnostics.map(\.id).contains("spec.too-many-rows"))
        #expect(over.suite.specs.isEmpty)
        let at = SpecCompiler().compile(sources: [(path: "x.yaml", bytes: Array(Self.decision(rows: SpecCompiler.maximumRows).utf8))])
        #expect(!at.diagnostics.map(\.id).contains("spec.too-many-rows") && at.suite.specs.map(\.id) == ["t.big"])
    }
}

extension CompiledSuite {
    /// The spec with an id.
    fileprivate func spec(_ id: String) -> CompiledSpec? { specs.first { $0.id == id } }
}
