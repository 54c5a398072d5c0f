import Testing
@testable import SpecKit

/// A decision table or a matrix names the fixture function it drives with `table:`; its own id is free, so several
/// specs (an audit table, a regression table) can drive one function, and lint checks the name against the fixture.
@Suite("table: binds a table to a fixture function")
struct TableBindingTests {
    struct Catalog: FixtureCatalog {
        func vocabulary(of fixture: String) -> FixtureVocabulary? {
            guard fixture == "fx" else { return nil }
            return FixtureVocabulary(observations: ["action": .domain(.enumeration(["showRemaining", "block"])),
                                                    "remaining": .domain(.int(0...100)),
                                                    "profile": .domain(.enumeration(["none", "real", "decoy"]))],
                                     decisions: ["fx.decide": ["failures": .domain(.int(0...100))]], matrices: ["fx.matrix": ["action": .domain(.enumeration(["a", "b"]))]])
        }
        var fixtureNames: [String] { ["fx"] }
    }

    static let rows = """
          - id: ROWID-LOW
            source: doc.md §2
            when: {failures: "1..4"}
            then: {action: showRemaining}
          - id: ROWID-HIGH
            source: doc.md §2
            when: {failures: "5.."}
            then: {action: block}
        """

    static func decision(id: String, rowPrefix: String, table: String?) -> String {
        let text = SpecSources.decision(id: id, rows: rows.replacingOccurrences(of: "ROWID", with: rowPrefix))
        guard let table else { return text.replacingOccurrences(of: "table: fx.decide", with: "") }
        return text.replacingOccurrences(of: "table: fx.decide", with: "table: \(table)")
    }

    static func compile(_ files: [(String, String)]) -> SpecCompiler.Compilation {
        SpecCompiler(catalog: Catalog()).compile(sources: files.map { (path: $0.0, bytes: Array($0.1.utf8)) })
    }

    /// The 1-based line of the first line of `text` that starts with `prefix`.
    static func line(of prefix: String, in text: String) -> Int? {
        text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix(prefix) }.map { $0 + 1 }
    }

    @Test("two decision specs with different ids drive the same function, and each compiles into its own cases")
    func twoSpecsOneFunction() {
        let compilation = Self.compile([
            ("a.yaml", Self.decision(id: "t.audit", rowPrefix: "AUDIT", table: "fx.decide")),
            ("b.yaml", Self.decision(id: "t.regression", rowPrefix: "REG", table: "fx.decide")),
        ])
        #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics)")
        #expect(Set(compilation.suite.cases.map(\.spec)) == ["t.audit", "t.regression"])
        let tables = compilation.suite.cases.flatMap(\.steps).map { step -> String? in
            if case .decide(let table, _) = step.action { table } else { nil }
        }
        #expect(!tables.isEmpty && tables.allSatisfy { $0 == "fx.decide" })
    }

    @Test("a table: the fixture does not have is a located error with a did-you-mean")
    func unknownTable() throws {
        let text = Self.decision(id: "t.audit", rowPrefix: "AUDIT", table: "fx.decid")
        let compilation = Self.compile([("a.yaml", text)])
        let line = try #require(Self.line(of: "table:", in: text))
        #expect(compilation.summary == ["\(line):8 fixture.unknown-table"])
        let finding = try #require(compilation.diagnostics.first)
        #expect(finding.description == """
            a.yaml:\(line):8: error: fixture 'fx' has no decision-table function 'fx.decid', so no row of this table could run [fixture.unknown-table]
                hint: did you mean 'fx.decide'?
                note: its decision-table functions: fx.decide
            """)
    }

    @Test("a matrix whose table: names no matrix function of the fixture is a located error")
    func unknownMatrix() throws {
        let text = """
            id: t.matrix
            kind: matrix
            title: M
            source: doc.md §9
            fixture: fx
            table: fx.matrx
            axes:
              action: [a, b]
            observe:
              profile: [none, real]
            rows:
              - id: M-ALL
                source: doc.md §9
                when: {action: [a, b]}
                expect: {profile: none}
            """
        let compilation = Self.compile([("m.yaml", text)])
        #expect(compilation.summary == ["6:8 fixture.unknown-table"])
        #expect(compilation.diagnostics.first?.message == "fixture 'fx' has no matrix function 'fx.matrx', so no row of this table could run")
        #expect(compilation.diagnostics.first?.hint == "did you mean 'fx.matrix'?")
    }

    @Test("a decision table without table: is a located error naming the key")
    func missingTable() throws {
        let compilation = Self.compile([("a.yaml", Self.decision(id: "t.audit", rowPrefix: "AUDIT", table: nil))])
        #expect(compilation.summary == ["1:1 spec.missing-key"])
        #expect(compilation.diagnostics.first?.message == "a decision spec needs 'table'")
        // It says no language, so it may be of language 1, which had no 'table:'.
        #expect(compilation.diagnostics.first?.hint
                == "language 1 had no 'table:'; if this spec is older, 'lockspec migrate a.yaml' adds it (and says what else changed)")
        // A spec that says it is of the current language is not sent to migrate.
        let current = Self.compile([("b.yaml", "language: \(SpecLanguage.current)\n" + Self.decision(id: "t.audit", rowPrefix: "AUDIT", table: nil))])
        #expect(current.summary == ["1:1 spec.missing-key"], "\(current.diagnostics)")
        #expect(current.diagnostics.first?.hint == nil)
    }

    @Test("a table: that is not a function name is a located error")
    func badTableName() throws {
        let text = Self.decision(id: "t.audit", rowPrefix: "AUDIT", table: "Fx_Decide")
        let compilation = Self.compile([("a.yaml", text)])
        let line = try #require(Self.line(of: "table:", in: text))
        #expect(compilation.summary == ["\(line):8 spec.bad-name"])
        #expect(compilation.diagnostics.first?.message == "table 'Fx_Decide' should name a fixture function in lowercase words joined by '.' or '-', like capability.check")
    }
}
