import Foundation
@testable import SpecKit

/// Helpers shared by the spec-language, checks and emitter tests: compile YAML held in strings, without a fixture
/// catalog (so the fixture check is skipped), and build small specs with known line numbers.
enum SpecSources {
    /// Compiles one or more files given as (path, text).
    static func compile(_ files: [(String, String)]) -> SpecCompiler.Compilation {
        SpecCompiler().compile(sources: files.map { (path: $0.0, bytes: Array($0.1.utf8)) })
    }

    /// Compiles one file named `x.yaml`.
    static func compile(_ yaml: String) -> SpecCompiler.Compilation { compile([("x.yaml", yaml)]) }

    /// A machine spec whose `rows:` key is on line 17, so the first row's mapping starts at line 18, column 5.
    ///
    /// ```
    ///  1 id / 2 kind / 3 title / 4 source / 5 fixture / 6 states / 7 initial / 8 variables / 9 enabled /
    /// 10 failures / 11 events / 12 appear / 13 active {away} / 14 effects / 15 otherwise / 16 hit / 17 rows
    /// ```
    static func machine(
        id: String = "t.machine", states: String = "[Open, Locked]", otherwise: String = "ignore", hit: String = "unique",
        rows: String
    ) -> String {
        """
        id: \(id)
        kind: machine
        title: T
        source: doc.md §1
        fixture: fx
        states: \(states)
        initial: Open
        variables:
          enabled: bool
          failures: int 0..3
        events:
          appear:
          active: {away: duration 0s..2h}
        effects: [startAuth]
        otherwise: \(otherwise)
        hit: \(hit)
        rows:
        \(rows)
        """
    }

    /// A decision spec with one input `failures: int 1..20` and one output; `rows:` is on line 11.
    static func decision(id: String = "t.decision", inputs: String = "  failures: int 1..20", rows: String) -> String {
        """
        id: \(id)
        kind: decision
        title: D
        source: doc.md §2
        fixture: fx
        inputs:
        \(inputs)
        outputs:
          action: [showRemaining, block]
          remaining: int 0..4
        rows:
        \(rows)
        table: fx.decide
        """
    }
}

extension SpecCompiler.Compilation {
    /// The findings with an id, in order.
    func findings(_ id: String) -> [Diagnostic] { diagnostics.filter { $0.id == id } }

    /// `line:column` of every finding, with its id: a compact view for pinning.
    var summary: [String] { diagnostics.map { "\($0.location.line):\($0.location.column) \($0.id)" } }

    /// The test case of a row.
    func testCase(_ id: String) -> TestCase? { suite.cases.first { $0.id == id } }
}
