import Foundation
import Testing
@testable import SpecKit

/// The static checks: one small failing spec each, pinning the id, severity, location, message and the rows named.
@Suite("Checks")
struct ChecksTests {
    private typealias Location = SpecKit.SourceLocation

    /// A row of the standard machine (`SpecSources.machine`), one key per line.
    private static func row(_ id: String, _ lines: String...) -> String {
        "  - id: \(id)\n    source: doc.md §1\n" + lines.map { "    \($0)\n" }.joined()
    }

    private func only(_ id: String, in compilation: SpecCompiler.Compilation) throws -> Diagnostic {
        #expect(compilation.diagnostics.map(\.id) == [id], "\(compilation.diagnostics)")
        return try #require(compilation.findings(id).first)
    }

    @Test("check.duplicate-id: two specs share a row id; lint cannot tell which file is newer, so both rows are named, each pointing at the other")
    func duplicateRowID() throws {
        let a = SpecSources.machine(id: "a.machine", states: "[Open]", rows: Self.row("R1", "on: appear"))
        let b = SpecSources.machine(id: "b.machine", states: "[Open]", rows: Self.row("R1", "on: active"))
        let c = SpecSources.compile([("b.yaml", b), ("a.yaml", a)])
        #expect(Set(c.diagnostics.map(\.id)) == ["check.duplicate-id"], "\(c.diagnostics)")
        let found = c.findings("check.duplicate-id").sorted { $0.location.file < $1.location.file }
        try #require(found.count == 2)
        let (earlier, later) = (found[0], found[1])
        #expect(later.severity == .error)
        #expect(later.location == Location(file: "b.yaml", line: 18, column: 5))
        #expect(later.message == "row id R1 is already used at a.yaml:18:5")
        #expect(later.rows == ["R1"])
        #expect(later.hint == "row ids are unique across all specs and kept for good (reports, expected-failure files and --row name rows by them): "
                + "give the row you added an id no row has, such as 'R1-2', and leave the other's as it is (lint cannot tell which of the two is newer)")
        #expect(later.related.map(\.location) == [Location(file: "a.yaml", line: 18, column: 5)])
        // The earlier file's row, where a product owner who has just written it there looks.
        #expect(earlier.severity == .error)
        #expect(earlier.location == Location(file: "a.yaml", line: 18, column: 5))
        #expect(earlier.message == "row id R1 is also used at b.yaml:18:5")
        #expect(earlier.related.map(\.location) == [Location(file: "b.yaml", line: 18, column: 5)])
        // Either may be the newer: both offer the same free id (the re-trial saw it offered at the established row only).
        #expect(earlier.hint == later.hint)
        // Within one file the later row is the newer one: only it is named.
        let twice = SpecSources.machine(id: "a.machine", states: "[Open]", rows: Self.row("R1", "on: appear") + Self.row("R1", "on: active"))
        #expect(SpecSources.compile([("a.yaml", twice)]).findings("check.duplicate-id").map(\.location.line) == [21])
    }

    @Test("check.duplicate-id: the id a hint offers is free: not another row's, nor one offered for another repeat")
    func duplicateRowIDOffersAFreeID() throws {
        let a = SpecSources.machine(id: "a.machine", states: "[Open]", rows: Self.row("R1", "on: appear") + Self.row("R1-2", "on: active"))
        let b = SpecSources.machine(id: "b.machine", states: "[Open]", rows: Self.row("R1", "on: appear"))
        let c = SpecSources.machine(id: "c.machine", states: "[Open]", rows: Self.row("R1", "on: appear"))
        let found = SpecSources.compile([("a.yaml", a), ("b.yaml", b), ("c.yaml", c)]).findings("check.duplicate-id")
        #expect(found.map(\.location.file) == ["a.yaml", "b.yaml", "c.yaml"])
        #expect(found.first?.message == "row id R1 is also used at b.yaml:18:5 and c.yaml:18:5")
        #expect(found.dropFirst().map { $0.hint?.components(separatedBy: "such as ").last?.components(separatedBy: ",").first } == ["'R1-3'", "'R1-4'"])
        // An id too long to take a suffix is asked for without one offered.
        let long = String(repeating: "X", count: 99)
        let d = SpecSources.machine(id: "d.machine", states: "[Open]", rows: Self.row(long, "on: appear"))
        let e = SpecSources.machine(id: "e.machine", states: "[Open]", rows: Self.row(long, "on: appear"))
        let hint = SpecSources.compile([("d.yaml", d), ("e.yaml", e)]).findings("check.duplicate-id").first?.hint
        #expect(hint?.hasSuffix("give the row you added an id no row has, and leave the other's as it is (lint cannot tell which of the two is newer)") == true, "\(hint ?? "nil")")
    }

    @Test("check.duplicate-spec-id: the second file with the same spec id is refused")
    func duplicateSpecID() throws {
        let a = SpecSources.machine(states: "[Open]", rows: Self.row("R1", "on: appear"))
        let b = SpecSources.machine(states: "[Open]", rows: Self.row("R2", "on: appear"))
        let compilation = SpecSources.compile([("a.yaml", a), ("b.yaml", b)])
        let d = try only("check.duplicate-spec-id", in: compilation)
        #expect(d.severity == .error)
        #expect(d.location == Location(file: "b.yaml", line: 1, column: 1))
        #expect(d.message == "spec id 't.machine' is already used by a.yaml")
        #expect(d.notes == ["the other spec is at a.yaml:1:1"])
        #expect(compilation.suite.specs.map(\.file) == ["a.yaml"])
    }

    /// Found by a product owner's trial: a copy named gates.grace-copy.yaml came first by name and made the original
    /// launch-lock.grace.yaml the duplicate, left out of the run.
    @Test("check.duplicate-spec-id: of two files with one spec id, the one named after the id is kept, whichever comes first by name")
    func duplicateKeepsTheFileNamedAfterTheID() throws {
        let a = SpecSources.machine(states: "[Open]", rows: Self.row("R1", "on: appear"))
        let b = SpecSources.machine(states: "[Open]", rows: Self.row("R2", "on: appear"))
        let compilation = SpecSources.compile([("a-copy.yaml", b), ("t.machine.yaml", a)])
        let d = try only("check.duplicate-spec-id", in: compilation)
        #expect(d.location == Location(file: "a-copy.yaml", line: 1, column: 1))
        #expect(d.message == "spec id 't.machine' is already used by t.machine.yaml")
        #expect(compilation.suite.specs.map(\.file) == ["t.machine.yaml"])
    }

    /// Found by a product owner's trial: `scenarios: []` linted clean and ran as 0 passing cases, exit 0.
    @Test("spec.no-rows: a spec with an empty list of rows or scenarios is a warning, and one with rows is not")
    func noRows() throws {
        let empty = SpecSources.compile([("a.yaml", SpecSources.machine(states: "[Open]", rows: "  []"))])
        let d = try only("spec.no-rows", in: empty)
        #expect(d.severity == .warning && d.message == "this spec has no rows, so it checks nothing")
        let full = SpecSources.compile([("a.yaml", SpecSources.machine(states: "[Open]", rows: Self.row("R1", "on: appear")))])
        #expect(!full.diagnostics.contains { $0.id == "spec.no-rows" })
    }

    @Test("check.conflict: two rows match the same input with different outcomes; the overlap is shown")
    func conflict() throws {
        let rows = Self.row("R-LOCK", "from: Open", "on: active", "when: {away: \"> 60s\"}", "to: Locked")
            + Self.row("R-STAY", "from: Open", "on: active", "when: {away: \">= 30s\"}", "effects: [startAuth]")
        let d = try only("check.conflict", in: SpecSources.compile(SpecSources.machine(rows: rows)))
        #expect(d.severity == .error)
        #expect(d.location == Location(file: "x.yaml", line: 24, column: 5))
        #expect(d.message == "rows R-LOCK and R-STAY conflict: both match in state Open on 'active' with away=60001ms..2h but do different things")
        #expect(d.rows == ["R-LOCK", "R-STAY"])
        #expect(d.notes.first == "R-LOCK is at x.yaml:18:5")
    }

    @Test("check.conflict in a decision table names the overlapping inputs")
    func decisionConflict() throws {
        let rows = """
          - id: D-A
            source: doc.md §2
            when: {failures: "1..5"}
            then: {action: showRemaining}
          - id: D-B
            source: doc.md §2
            when: {failures: "5.."}
            then: {action: block}

        """
        let d = try only("check.conflict", in: SpecSources.compile(SpecSources.decision(rows: rows)))
        #expect(d.message == "rows D-A and D-B conflict: both match failures=5 but give different results: action is showRemaining in D-A, block in D-B")
        #expect(d.location == Location(file: "x.yaml", line: 16, column: 5))
        #expect(d.rows == ["D-A", "D-B"])
        // The ninth trial: two texts with spaces ran together; each is quoted.
        let texts = SpecSources.decision(rows: rows.replacingOccurrences(of: "action: showRemaining", with: "note: PIN incorrecto. 1 intento")
                                                    .replacingOccurrences(of: "action: block", with: "note: PIN bloqueado"))
            .replacingOccurrences(of: "  remaining: int 0..4\n", with: "  remaining: int 0..4\n  note: text\n")
        let quoted = try only("check.conflict", in: SpecSources.compile(texts))
        #expect(quoted.message.hasSuffix("give different results: note is 'PIN incorrecto. 1 intento' in D-A, 'PIN bloqueado' in D-B"), "\(quoted.message)")
    }

    @Test("check.redundant: two rows match the same situation and do the same; a warning")
    func redundant() throws {
        let rows = Self.row("R-A", "from: Open", "on: appear", "when: {enabled: false}", "to: Locked")
            + Self.row("R-B", "from: Open", "on: appear", "to: Locked")
            + Self.row("R-BACK", "from: Locked", "on: appear", "then: {enabled: true}", "to: Open")
        let d = try only("check.redundant", in: SpecSources.compile(SpecSources.machine(rows: rows)))
        #expect(d.severity == .warning)
        // R-B matches enabled=true too, which R-A does not: R-A is the redundant one. The ninth trial found that only the
        // combinations the two share were counted, so this test said R-B, and deleting R-B changed behaviour.
        #expect(d.location == Location(file: "x.yaml", line: 18, column: 5))
        #expect(d.message == "rows R-A and R-B both match in state Open on 'appear' with enabled=false and do the same thing; R-A is redundant there: R-B matches every combination it does")
        #expect(d.rows == ["R-A", "R-B"])
    }

    /// Found by the seventh product-owner trial: a new row MT-RULE-PIN-11 written above MT-RULE-PIN-9-PLUS, which
    /// covers it, was reported at MT-RULE-PIN-9-PLUS's line, the row to keep.
    @Test("check.redundant stands at the redundant row, the earlier one too, with a note at the row that covers it")
    func redundantAtTheRedundantRow() throws {
        let rows = Self.decisionRow("D-ELEVEN", failures: "11") + Self.decisionRow("D-LOW", failures: "1..8") + Self.decisionRow("D-NINE-PLUS", failures: "9..12")
        let source = SpecSources.decision(inputs: "  failures: int 1..12", rows: rows)
        let line = { (id: String) in (source.components(separatedBy: "\n").firstIndex { $0.hasSuffix("- id: \(id)") } ?? -1) + 1 }
        let d = try only("check.redundant", in: SpecSources.compile(source))
        #expect(d.message.hasSuffix("D-ELEVEN is redundant: D-NINE-PLUS matches every combination it does"), "\(d.message)")
        #expect(d.location.line == line("D-ELEVEN") && d.location.column == 5, "\(d.location)")
        #expect(d.notes.first == "D-NINE-PLUS is at \(d.location.file):\(line("D-NINE-PLUS")):5", "\(d.notes)")
    }

    @Test("an overlap over several groups of inputs is counted, and a partial one with the same result names no row redundant")
    func overlapCounted() throws {
        let rows = """
          - id: D-A
            source: doc.md §2
            when: {failures: "1..10"}
            then: {action: block}
          - id: D-B
            source: doc.md §2
            when: {failures: [3, 5, 7, 12]}
            then: {action: block}
          - id: D-C
            source: doc.md §2
            when: {failures: 11}
            then: {action: block}

        """
        let d = try only("check.redundant", in: SpecSources.compile(SpecSources.decision(inputs: "  failures: int 1..12", rows: rows)))
        // Up to three groups are each written out (the eighth trial: a conflict over 2 combinations named one).
        #expect(d.message == "rows D-A and D-B both match failures=3, failures=5 and failures=7 and give the same result; "
                + "each also matches inputs the other does not, so neither is redundant: make their conditions exclusive", "\(d.message)")
        // Past three, the first is written out and the rest counted.
        let more = rows.replacingOccurrences(of: "[3, 5, 7, 12]", with: "[3, 5, 7, 9, 12]")
        let counted = try only("check.redundant", in: SpecSources.compile(SpecSources.decision(inputs: "  failures: int 1..12", rows: more)))
        #expect(counted.message.hasPrefix("rows D-A and D-B both match failures=3, and 3 more groups of inputs (4 combinations in all) and give"), "\(counted.message)")
    }

    @Test("an overlap over two groups of several inputs writes out both, each in parentheses")
    func overlapOfTwoGroups() throws {
        let rows = """
          - id: D-A
            source: doc.md §2
            when: {failures: 3}
            then: {action: block}
          - id: D-B
            source: doc.md §2
            when: {failures: 3}
            then: {action: showRemaining}
          - id: D-C
            source: doc.md §2
            when: {failures: 4, locked: false}
            then: {action: block}
          - id: D-D
            source: doc.md §2
            when: {failures: 4, locked: true}
            then: {action: block}

        """
        let d = try only("check.conflict", in: SpecSources.compile(SpecSources.decision(inputs: "  failures: int 3..4\n  locked: bool", rows: rows)))
        #expect(d.message.hasPrefix("rows D-A and D-B conflict: both match (failures=3, locked=false) and (failures=3, locked=true) but give"), "\(d.message)")
    }

    @Test("a row an earlier row covers everywhere (a copy, or a conflict) is reported as the overlap only, not also as never firing")
    func coveredRowIsNotAlsoDead() throws {
        // A copy of a row under a new id: it matches every situation the first matches, and does the same.
        let copy = Self.row("R-LOCK", "from: Open", "on: active", "when: {away: \"> 60s\"}", "to: Locked")
            + Self.row("R-LOCK-COPY", "from: Open", "on: active", "when: {away: \"> 60s\"}", "to: Locked")
        let redundant = try only("check.redundant", in: SpecSources.compile(SpecSources.machine(rows: copy)))
        #expect(redundant.rows == ["R-LOCK", "R-LOCK-COPY"])
        // The same situations, another outcome.
        let clash = Self.row("R-LOCK", "from: Open", "on: active", "when: {away: \"> 60s\"}", "to: Locked")
            + Self.row("R-STAY", "from: Open", "on: active", "when: {away: \"> 60s\"}", "effects: [startAuth]")
        let conflict = try only("check.conflict", in: SpecSources.compile(SpecSources.machine(rows: clash)))
        #expect(conflict.rows == ["R-LOCK", "R-STAY"])
        // A row that matches no reachable situation at all is still dead (enabled starts false and nothing sets it).
        let unreachable = clash + Self.row("R-NEVER", "from: Open", "on: appear", "when: {enabled: true}")
        let compilation = SpecSources.compile(SpecSources.machine(rows: unreachable))
        #expect(compilation.diagnostics.map(\.id).sorted() == ["check.conflict", "check.dead-row"], "\(compilation.diagnostics)")
        #expect(compilation.findings("check.dead-row").map(\.rows) == [["R-NEVER"]])
    }

    @Test("a decision row an earlier row covers under 'hit: unique' is reported once, as the conflict or redundancy of the pair")
    func coveredDecisionRowIsNotAlsoDead() throws {
        let clash = Self.decisionRow("D-ALL", failures: "1..20") + Self.decisionRow("D-THREE", failures: "3", action: "showRemaining")
        let compilation = SpecSources.compile(SpecSources.decision(rows: clash))
        let conflict = try only("check.conflict", in: compilation)
        #expect(conflict.rows == ["D-ALL", "D-THREE"])
        #expect(compilation.testCase("D-THREE") == nil)
        let copy = Self.decisionRow("D-ALL", failures: "1..20") + Self.decisionRow("D-THREE", failures: "3")
        let redundant = try only("check.redundant", in: SpecSources.compile(SpecSources.decision(rows: copy)))
        #expect(redundant.rows == ["D-ALL", "D-THREE"])
    }

    @Test("a machine of thousands of states: the first 100 unreachable ones are listed, the rest counted in one more finding, and messages cut long lists")
    func manyUnreachableStates() throws {
        let names = (0..<150).map { "S\($0)" }
        let rows = Self.row("R-GO", "from: S0", "on: appear", "to: S1")
        let compilation = SpecSources.compile(SpecSources.machine(states: "[" + names.joined(separator: ", ") + "]", rows: rows)
            .replacingOccurrences(of: "initial: Open", with: "initial: S0"))
        let unreachable = compilation.findings("check.unreachable-state")
        #expect(unreachable.count == 101, "\(compilation.diagnostics.prefix(3))")
        #expect(unreachable.map(\.message).first == "state S2 cannot be reached from S0 by any row")
        #expect(unreachable.map(\.message).contains("48 more states cannot be reached from S0 by any row, the first of them S102"))
        #expect(Domain.enumeration(names).brief == "[" + names.prefix(20).joined(separator: ", ") + ", … 130 more]")
        #expect(Domain.enumeration(Array(names.prefix(20))).brief == Domain.enumeration(Array(names.prefix(20))).description)
        #expect(Domain.enumeration(names).description.hasSuffix("S148, S149]"))
    }

    @Test("a machine with thousands of rows that never fire: the first 100 are listed, the rest counted in one more finding")
    func manyDeadRows() throws {
        let names = (0..<152).map { "S\($0)" }
        var rows = Self.row("R-GO", "from: S0", "on: appear", "to: S1")
        for i in 0..<150 { rows += Self.row("R-\(i)", "from: S\(i + 2)", "on: appear", "to: S0") }
        let compilation = SpecSources.compile(SpecSources.machine(states: "[" + names.joined(separator: ", ") + "]", rows: rows)
            .replacingOccurrences(of: "initial: Open", with: "initial: S0"))
        let dead = compilation.findings("check.dead-row")
        #expect(dead.count == 101)
        #expect(dead.map(\.message).contains("50 more rows never fire, the first of them R-100"))
        #expect(dead.map(\.message).contains("row R-99 never fires: no reachable situation matches it"))
        #expect(!dead.map(\.message).contains("row R-100 never fires: no reachable situation matches it"))
    }

    @Test("check.gap: with 'otherwise: forbidden' each reachable combination without a row is listed")
    func machineGap() throws {
        let rows = Self.row("R-ARM", "from: Open", "on: appear", "when: {enabled: true}")
            + Self.row("R-ACT", "on: active", "then: {enabled: true}")
        let compilation = SpecSources.compile(SpecSources.machine(states: "[Open]", otherwise: "forbidden", rows: rows))
        let gap = try only("check.gap", in: compilation)
        #expect(gap.severity == .error)
        #expect(gap.location == Location(file: "x.yaml", line: 1, column: 1))
        #expect(gap.message == "the machine says 'otherwise: forbidden' but 1 reachable combination has no row")
        #expect(gap.notes == ["in state Open with enabled=false, failures=0 on appear",
                              "add rows for them, or write 'otherwise: ignore' if nothing should happen"])
    }

    @Test("the same machine with 'otherwise: ignore' has no gap")
    func noGapWhenIgnored() {
        let rows = Self.row("R-ARM", "from: Open", "on: appear", "when: {enabled: true}") + Self.row("R-ACT", "on: active")
        let compilation = SpecSources.compile(SpecSources.machine(states: "[Open]", otherwise: "ignore", rows: rows))
        // R-ARM can never fire (enabled starts false and nothing sets it): that is the only finding.
        #expect(compilation.summary == ["18:5 check.dead-row"])
    }

    @Test("check.gap: a decision table that misses a range lists it")
    func decisionGap() throws {
        let rows = "  - id: D-LOW\n    source: doc.md §2\n    when: {failures: \"1..4\"}\n    then: {action: showRemaining}\n"
        let d = try only("check.gap", in: SpecSources.compile(SpecSources.decision(rows: rows)))
        #expect(d.severity == .error)
        // At rows:, where a row would be added (an auditor trial found it at the spec's first line).
        #expect(d.location == Location(file: "x.yaml", line: 11, column: 1))
        #expect(d.message == "the decision table is not complete: 1 group of inputs (16 combinations) has no row")
        #expect(d.notes == ["no row for failures=5..20"])
    }

    @Test("check.gap counts the groups of inputs left without a row and the combinations they hold, not one combination per group")
    func gapCountsCombinations() throws {
        let rows = "  - id: D-PIN\n    source: doc.md §2\n    when: {failures: \"1..4\", method: pin}\n    then: {action: showRemaining}\n"
        let inputs = "  failures: int 1..20\n  method: [pin, biometric, password]"
        let d = try only("check.gap", in: SpecSources.compile(SpecSources.decision(inputs: inputs, rows: rows)))
        // 16 + 4×2 + 16×2 = 56 of the 60 combinations, in 3 groups as the rows' edges cut them.
        #expect(d.message == "the decision table is not complete: 3 groups of inputs (56 combinations) have no row")
        #expect(d.notes == ["no row for failures=1..4, method=[biometric, password]", "no row for failures=5..20, method=pin",
                            "no row for failures=5..20, method=[biometric, password]"])
        // Groups of one combination each are counted as combinations.
        let one = "  - id: D-MOST\n    source: doc.md §2\n    when: {failures: \"..19\"}\n    then: {action: showRemaining}\n"
        let single = try only("check.gap", in: SpecSources.compile(SpecSources.decision(rows: one)))
        #expect(single.message == "the decision table is not complete: 1 combination has no row")
        #expect(single.notes == ["no row for failures=20"])
    }

    @Test("check.unreachable-state: no row leads to a state")
    func unreachableState() throws {
        let compilation = SpecSources.compile(SpecSources.machine(states: "[Open, Locked, Lost]", rows: Self.row("R1", "on: appear", "to: Locked")))
        let d = try only("check.unreachable-state", in: compilation)
        #expect(d.severity == .warning)
        #expect(d.message == "state Lost cannot be reached from Open by any row")
        #expect(d.location == Location(file: "x.yaml", line: 6, column: 24))
        #expect(d.notes == ["no row has 'to: Lost'"])
    }

    /// Found by a product-owner trial: after a product value moved, the rows that count failures up stopped one short
    /// of the row that blocks, and the findings said only that the blocked state and the rows into it were never
    /// reached, not which count was missing.
    @Test("check.dead-row says which value of a tested variable is never reached where the row starts; the unreachable state names the rows into it")
    func deadRowSaysWhy() throws {
        let rows = Self.row("R-FAIL-1", "from: Open", "on: appear", "when: {failures: 0}", "then: {failures: \"+1\"}")
            + Self.row("R-FAIL-2", "from: Open", "on: appear", "when: {failures: 1}", "then: {failures: \"+1\"}")
            + Self.row("R-BLOCK", "from: Open", "on: appear", "when: {failures: 3}", "to: Locked")
            + Self.row("R-BACK", "from: Locked", "on: active", "to: Open")
        let compilation = SpecSources.compile(SpecSources.machine(states: "[Open, Locked]", rows: rows))
        let state = try #require(compilation.findings("check.unreachable-state").first)
        #expect(state.notes == ["the rows into it never fire (see each one's check.dead-row for why): R-BLOCK"])
        let dead = compilation.findings("check.dead-row")
        #expect(dead.map(\.rows) == [["R-BLOCK"], ["R-BACK"]])
        #expect(dead.first?.notes == ["in Open, failures is only ever 0..2 there; the row needs 3"], "\(dead)")
        #expect(dead.last?.notes == ["its state Locked is never reached"])
        // Conditions each met somewhere, but never together: no reason is made up.
        let together = Self.row("R-ON", "from: Open", "on: appear", "when: {enabled: false}", "then: {enabled: true}")
            + Self.row("R-UP", "from: Open", "on: appear", "when: {enabled: true, failures: 0}", "then: {failures: 1}")
            + Self.row("R-BOTH", "from: Open", "on: active", "when: {enabled: false, failures: 1}", "to: Locked")
        let found = SpecSources.compile(SpecSources.machine(states: "[Open, Locked]", rows: together)).findings("check.dead-row")
        #expect(found.count == 1 && found.first?.rows == ["R-BOTH"] && found.first?.notes.isEmpty == true, "\(found)")
    }

    @Test("check.dead-row: with 'hit: first' a row shadowed by an earlier one never fires")
    func shadowedRow() throws {
        let rows = Self.row("R-ANY", "from: Open", "on: appear", "to: Locked")
            + Self.row("R-ENABLED", "from: Open", "on: appear", "when: {enabled: true}", "effects: [startAuth]")
        let compilation = SpecSources.compile(SpecSources.machine(hit: "first", rows: rows))
        #expect(compilation.summary == ["23:5 check.dead-row"], "\(compilation.diagnostics)")
        let d = try #require(compilation.findings("check.dead-row").first)
        #expect(d.severity == .warning)
        #expect(d.message == "row R-ENABLED never fires: earlier rows match every situation it matches (hit: first)")
        #expect(d.rows == ["R-ENABLED"])
    }

    /// A decision row (`failures`, and `method` when given), one key per line.
    private static func decisionRow(_ id: String, failures: String, method: String? = nil, action: String = "block") -> String {
        let method = method.map { ", method: \($0)" } ?? ""
        return "  - id: \(id)\n    source: doc.md §2\n    when: {failures: \"\(failures)\"\(method)}\n    then: {action: \(action)}\n"
    }

    @Test("check.dead-row in a decision table (hit: first) names the earlier rows that take its combinations, and only those")
    func deadDecisionRowNamesItsTakers() throws {
        // D-BIO and D-LOW come first but cannot match what D-AGAIN matches (another method, lower counts).
        let rows = Self.decisionRow("D-BIO", failures: "1..20", method: "biometric")
            + Self.decisionRow("D-LOW", failures: "1", method: "pin", action: "showRemaining")
            + Self.decisionRow("D-MID", failures: "2..3", method: "pin", action: "showRemaining")
            + Self.decisionRow("D-HIGH", failures: "4..", method: "pin")
            + Self.decisionRow("D-AGAIN", failures: "3..5", method: "pin")
        let source = SpecSources.decision(inputs: "  failures: int 1..20\n  method: [pin, biometric]", rows: rows)
            .replacingOccurrences(of: "rows:\n", with: "hit: first\nrows:\n")
        let d = try only("check.dead-row", in: SpecSources.compile(source))
        #expect(d.message == "row D-AGAIN never decides anything: earlier rows match every combination it matches")
        #expect(d.rows == ["D-AGAIN"])
        #expect(d.notes == ["earlier rows: D-MID, D-HIGH"])
    }

    @Test("check.dead-row in a decision table: past five rows that take its combinations, the rest are counted")
    func deadDecisionRowCountsManyTakers() throws {
        let rows = (1...7).map { Self.decisionRow("D-\($0)", failures: "\($0)") }.joined()
            + Self.decisionRow("D-LATE", failures: "2..", action: "showRemaining") + Self.decisionRow("D-COVERED", failures: "1..8")
        let source = SpecSources.decision(rows: rows).replacingOccurrences(of: "rows:\n", with: "hit: first\nrows:\n")
        let d = try only("check.dead-row", in: SpecSources.compile(source))
        #expect(d.rows == ["D-COVERED"])
        #expect(d.notes == ["earlier rows: D-1, D-2, D-3, D-4, D-5 and 3 more"])
    }

    @Test("check.dead-row: a row from a state no path reaches never fires")
    func unreachableRow() throws {
        let rows = Self.row("R-OPEN", "from: Open", "on: appear") + Self.row("R-LOCKED", "from: Locked", "on: appear", "to: Open")
        let compilation = SpecSources.compile(SpecSources.machine(rows: rows))
        #expect(compilation.summary == ["6:16 check.unreachable-state", "22:5 check.dead-row"])
        let d = try #require(compilation.findings("check.dead-row").first)
        #expect(d.message == "row R-LOCKED never fires: no reachable situation matches it")
        #expect(d.rows == ["R-LOCKED"])
        #expect(compilation.testCase("R-LOCKED") == nil)
    }

    @Test("check.domain: a '+1' step past the domain's maximum is an error at the assignment")
    func domain() throws {
        let d = try only("check.domain", in: SpecSources.compile(SpecSources.machine(states: "[Open]", rows: Self.row("R-FAIL", "on: appear", "then: {failures: \"+1\"}"))))
        #expect(d.severity == .error)
        #expect(d.location == Location(file: "x.yaml", line: 21, column: 22))
        #expect(d.message == "row R-FAIL would set failures to 4, outside int 0..3, in state Open with enabled=false, failures=3")
        #expect(d.rows == ["R-FAIL"])
    }

    @Test("check.limit: a table whose inputs split into more than a million combinations says it stopped")
    func limit() throws {
        var rows = ""
        for input in ["a", "b", "c"] {
            for i in 0...100 { rows += "  - {id: D-\(input)\(i), source: doc.md §2, when: {\(input): \"\(i)\"}, then: {action: block}}\n" }
        }
        let inputs = "  a: int 0..200\n  b: int 0..200\n  c: int 0..200"
        let compilation = SpecSources.compile(SpecSources.decision(inputs: inputs, rows: rows))
        let d = try only("check.limit", in: compilation)
        #expect(d.severity == .warning)
        #expect(d.message == "the decision table splits its inputs into more than 1000000 combinations; it was not checked for gaps or conflicts")
        // No case is compiled for its rows, and each says why.
        let rowsOfTable = try #require(compilation.suite.specs.first).rows
        #expect(compilation.suite.cases.isEmpty && rowsOfTable.count == 303)
        #expect(rowsOfTable.allSatisfy { $0.noCase == .pastLimit })
    }

    @Test("the compiled rows say why a row has no case: those that never fire (dead, shadowed, unreachable) as lint warns of them")
    func compiledRowsSayWhyNoCase() throws {
        // Row id: why it has no case, or "case".
        func reasons(_ compilation: SpecCompiler.Compilation) throws -> [String: String] {
            let spec = try #require(compilation.suite.specs.first)
            #expect(spec.rows.allSatisfy { ($0.noCase == nil) == (compilation.testCase($0.id) != nil) })
            return Dictionary(uniqueKeysWithValues: spec.rows.map { ($0.id, $0.noCase?.rawValue ?? "case") })
        }
        // hit: first, a shadowed row; and a row from a state no row reaches.
        let shadowed = Self.row("R-ANY", "from: Open", "on: appear", "to: Locked")
            + Self.row("R-ENABLED", "from: Open", "on: appear", "when: {enabled: true}", "effects: [startAuth]")
        let machine = try reasons(SpecSources.compile(SpecSources.machine(states: "[Open, Locked, Lost]", hit: "first",
            rows: shadowed + Self.row("R-LOST", "from: Lost", "on: appear", "to: Open"))))
        #expect(machine == ["R-ANY": "case", "R-ENABLED": "neverFires", "R-LOST": "neverFires"])
        // A decision row covered by earlier ones, under hit: first and (a redundant copy) under hit: unique.
        let first = Self.decisionRow("D-ALL", failures: "1..20") + Self.decisionRow("D-THREE", failures: "3")
        let hitFirst = SpecSources.decision(rows: first).replacingOccurrences(of: "rows:\n", with: "hit: first\nrows:\n")
        #expect(try reasons(SpecSources.compile(hitFirst)) == ["D-ALL": "case", "D-THREE": "neverFires"])
        #expect(try reasons(SpecSources.compile(SpecSources.decision(rows: first))) == ["D-ALL": "case", "D-THREE": "neverFires"])
    }

    @Test("--strict: warnings fail the compilation only when strict")
    func strict() {
        let rows = Self.row("R-A", "from: Open", "on: appear", "when: {enabled: false}", "to: Locked")
            + Self.row("R-B", "from: Open", "on: appear", "to: Locked")
            + Self.row("R-BACK", "from: Locked", "on: appear", "then: {enabled: true}", "to: Open")
        let warned = SpecSources.compile(SpecSources.machine(rows: rows))
        #expect(warned.diagnostics.map(\.severity) == [.warning])
        #expect(!warned.failed(strict: false))
        #expect(warned.failed(strict: true))
        let clean = SpecSources.compile(SpecSources.machine(states: "[Open]", rows: Self.row("R-A", "on: appear")))
        #expect(clean.diagnostics.isEmpty)
        #expect(!clean.failed(strict: true))
    }

    @Test("scaling: a 20 000-row machine compiles to one case per row, with no findings")
    func scaling() throws {
        // A tree of states, ten children each, so every state is a few steps from the start: a straight chain of
        // 20 000 states would give paths of up to 20 000 steps per case (200 million steps in all), which measures
        // the size of the output, not the compiler.
        let rowCount = 20_000
        var yaml = "id: t.big\nkind: machine\ntitle: Big\nsource: doc.md §1\nfixture: fx\n"
        yaml += "states: [" + (0...rowCount).map { "S\($0)" }.joined(separator: ", ") + "]\ninitial: S0\n"
        yaml += "variables:\n  armed: bool\nevents:\n  go:\n    choice: [c0, c1, c2, c3, c4, c5, c6, c7, c8, c9]\nrows:\n"
        for r in 0..<rowCount {
            let parent = r / 10, choice = r % 10
            yaml += "  - {id: R\(r), source: doc.md §1, from: S\(parent), on: go, when: {choice: c\(choice)}, then: {armed: \(choice % 2 == 0)}, to: S\(r + 1)}\n"
        }
        let compilation = SpecSources.compile(yaml)
        #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics.prefix(5))")
        #expect(compilation.suite.cases.count == rowCount)
        let last = try #require(compilation.testCase("R\(rowCount - 1)"))
        #expect(last.steps.map(\.row) == ["R0", "R18", "R198", "R1998", "R19999"])  // S0 → S1 → S19 → S199 → S1999 → S20000
        #expect(last.steps.last?.expect.first == NamedValue("state", .symbol("S\(rowCount)")))
    }

    // MARK: The budgets of a machine's compile

    /// A machine of one state `Open` (two with `states`), a counter `n: int 0..top` that `tick` steps up, the events
    /// given (`name: {inputs}` lines), and the rows given after the tick's.
    private static func counter(top: Int, states: String = "[Open]", events: String, rows: String) -> String {
        "id: t.budget\nkind: machine\ntitle: T\nsource: doc.md §1\nfixture: fx\nstates: \(states)\ninitial: Open\n"
            + "variables:\n  n: int 0..\(top)\nevents:\n  tick:\n\(events)otherwise: ignore\nrows:\n"
            + "  - {id: T, source: doc.md §1, on: tick, when: {n: \"< \(top)\"}, then: {n: \"+1\"}}\n" + rows
    }

    /// The spec and machine of a compilation of one machine spec.
    private static func machine(_ compilation: SpecCompiler.Compilation) throws -> (Spec, Machine) {
        let spec = try #require(compilation.specs.first)
        guard case .machine(let machine) = spec.body else { throw Failure() }
        return (spec, machine)
    }

    private struct Failure: Error {}

    @Test("an event's input combinations stop at 4096 as they are made: the first of the product, in its order, and no more")
    func inputCombinationsStopAtTheirMaximum() throws {
        // 2^13 booleans, then 30 inputs of one value tried each, then 200 members: 1,638,400 combinations in all,
        // which, built in full before they were cut, took gigabytes.
        let inputs = (0..<13).map { "a\($0): bool" } + (0..<30).map { "n\($0): int 0..1" }
            + ["z: [" + (0..<200).map { "v\($0)" }.joined(separator: ", ") + "]"]
        let text = Self.counter(top: 1, events: "  poke: {\(inputs.joined(separator: ", "))}\n",
                                rows: "  - {id: P, source: doc.md §1, on: poke}\n")
        let (_, machine) = try Self.machine(SpecSources.compile(text))
        let plan = try #require(MachineModel(machine: machine).plans.first { $0.event.name == "poke" })
        #expect(plan.combinations.count == MachineCompiler.maximumInputCombinations)
        // The last input varies fastest: the last, 4095 = 20 × 200 + 95, has the booleans at 20 (0b10100: a8 and a10
        // true, the others false) and z at v95.
        #expect(plan.combinations[0].map(\.value) == Array(repeating: Value.bool(false), count: 13) + Array(repeating: .int(0), count: 30) + [.symbol("v0")])
        #expect(plan.combinations[1].last == NamedValue("z", .symbol("v1")))
        let last = try #require(plan.combinations.last)
        #expect(last.count == 44 && last.prefix(13).map(\.value) == (0..<13).map { Value.bool($0 == 8 || $0 == 10) })
        #expect(last.last == NamedValue("z", .symbol("v95")))
    }

    @Test("check.cases-too-long: the cases stop at the row whose case would take their steps past the budget")
    func casesTooLong() throws {
        // Four rows that need n >= 150, each tried at up to 16 values of n: about 10,000 steps in all.
        let events = (0..<4).map { "  e\($0):\n" }.joined()
        let rows = (0..<4).map { "  - {id: R\($0), source: doc.md §1, on: e\($0), when: {n: \"150..\"}}\n" }.joined()
        let (spec, machine) = try Self.machine(SpecSources.compile(Self.counter(top: 200, events: events, rows: rows)))
        let budgets = MachineCompiler.Budgets(caseSteps: 2_000)
        let compiled = MachineCompiler.compile(spec: spec, machine: machine, searchObserver: nil, budgets: budgets)
        let d = try #require(compiled.diagnostics.first { $0.id == "check.cases-too-long" })
        #expect(d.severity == .error && d.rows == ["R0"] && d.location.line == machine.rows[1].identity.location.line)
        #expect(d.message.hasPrefix("the test cases of this machine take more than 2000 steps in all"))
        #expect(compiled.cases.reduce(0) { $0 + $1.steps.count } <= 2_000)
        #expect(compiled.cases.count < 64)
    }

    @Test("check.cases-too-long: the machines compiled together share one budget of steps evenly, whichever compiles first")
    func machinesShareTheirCaseSteps() throws {
        // Two machines of about 10,000 steps each (as in casesTooLong), with a decision table beside them.
        let events = (0..<4).map { "  e\($0):\n" }.joined()
        let rows = (0..<4).map { "  - {id: R\($0), source: doc.md §1, on: e\($0), when: {n: \"150..\"}}\n" }.joined()
        let machine = Self.counter(top: 200, events: events, rows: rows)
        let files = [("a.yaml", machine.replacingOccurrences(of: "{id: ", with: "{id: A-").replacingOccurrences(of: "t.budget", with: "t.a")),
                     ("b.yaml", machine.replacingOccurrences(of: "{id: ", with: "{id: B-").replacingOccurrences(of: "t.budget", with: "t.b")),
                     ("d.yaml", SpecSources.decision(inputs: "  a: bool", rows: "  - {id: D1, source: doc.md §2, then: {action: block}}\n"))]
        func compile(folderSteps: Int) -> SpecCompiler.Compilation {
            var compiler = SpecCompiler()
            compiler.maximumFolderCaseSteps = folderSteps
            return compiler.compile(sources: files.map { (path: $0.0, bytes: Array($0.1.utf8)) })
        }
        // Room for both: no finding.
        #expect(compile(folderSteps: 30_000).diagnostics.isEmpty, "\(compile(folderSteps: 30_000).diagnostics)")
        // 15,000 for two machines (the decision table takes no share): 7,500 each. Each row's cases take about 2,500
        // steps, so each machine stops at its third row.
        let shared = compile(folderSteps: 15_000)
        let found = shared.findings("check.cases-too-long")
        #expect(found.map(\.location.file) == ["a.yaml", "b.yaml"] && found.map(\.rows) == [["A-R2"], ["B-R2"]], "\(shared.diagnostics)")
        #expect(found.allSatisfy { $0.message.hasPrefix("the test cases of this machine take more than 7500 steps in all, its share of the 15000 that the 2 machines compiled together may take (") })
        #expect(found.allSatisfy { $0.hint?.hasSuffix("; or compile fewer machines together") == true })
        for file in ["a.yaml", "b.yaml"] {
            #expect(shared.suite.cases.filter { $0.file == file }.reduce(0) { $0 + $1.steps.count } <= 7_500)
        }
        // The same on every compile, though the machines compile on two threads.
        for _ in 0..<3 { #expect(compile(folderSteps: 15_000).diagnostics == shared.diagnostics) }
    }

    @Test("check.search-too-large: the search stops before the situation that would take its outcomes past the budget")
    func searchTooLarge() throws {
        // 101 situations, each tried with the tick and 64 combinations of poke: 6,565 outcomes.
        let events = "  poke: {\((0..<6).map { "b\($0): bool" }.joined(separator: ", "))}\n"
        let (spec, machine) = try Self.machine(SpecSources.compile(Self.counter(top: 100, events: events, rows: "")))
        let compiled = MachineCompiler.compile(spec: spec, machine: machine, searchObserver: nil,
                                               budgets: MachineCompiler.Budgets(outcomes: 1_000))
        #expect(compiled.diagnostics.map(\.id) == ["check.search-too-large"], "\(compiled.diagnostics)")
        let d = try #require(compiled.diagnostics.first)
        #expect(d.severity == .error && d.location == spec.location)
        #expect(d.message.contains("more than 1000 input combinations") && d.message.hasSuffix("it stopped after 16 situations"))
        #expect(compiled.analysis.reachability.outcomeBudget == 1_000 && compiled.analysis.reachability.configurations.count == 16)
        // The exploration of that analysis names the budget the search stopped at, not the default one.
        let exploration = try #require(MachineExplorer.explore(spec, analysis: compiled.analysis))
        #expect(exploration.limit == "the machine's search stopped after 1000 input combinations; the tour covers only the situations found")
        #expect(exploration.situations.count == 16)
    }

    @Test("check.limit: the region checks stop at the group whose atoms would take a machine's total past the budget")
    func regionChecksStopAtTheirBudget() throws {
        // Ten states, each checking three rows without `from:` on two inputs cut at 5 (four atoms) and the tick (two):
        // Open's six atoms are checked, S1's poke would take them to ten.
        let events = "  poke: {x: int 0..9, y: int 0..9}\n"
        let rows = ["x: \"..4\"", "x: \"5..\"", "y: \"5..\""].enumerated()
            .map { "  - {id: P\($0), source: doc.md §1, on: poke, when: {\($1)}}\n" }.joined()
        let states = "[" + (0..<10).map { $0 == 0 ? "Open" : "S\($0)" }.joined(separator: ", ") + "]"
        let (spec, machine) = try Self.machine(SpecSources.compile(Self.counter(top: 1, states: states, events: events, rows: rows)))
        let compiled = MachineCompiler.compile(spec: spec, machine: machine, searchObserver: nil, budgets: MachineCompiler.Budgets(atoms: 9))
        let limits = compiled.diagnostics.filter { $0.id == "check.limit" }
        #expect(limits.count == 1)
        let d = try #require(limits.first)
        #expect(d.severity == .warning && d.rows == ["P0", "P1", "P2"])
        #expect(d.message == "the rows split the inputs into more than 9 combinations over all states and events; conflicts were checked only before state S1 on 'poke', not there nor after it")
        // The group checked reports the overlaps of P0 and P1 with P2; no row of an unchecked group is called dead.
        #expect(compiled.diagnostics.filter { $0.id == "check.redundant" }.flatMap(\.rows) == ["P0", "P2", "P1", "P2"])
        #expect(!compiled.diagnostics.contains { $0.id == "check.dead-row" })
    }

    @Test("check.limit: a row in a group too large to check is not called dead from the other groups it is in (hit: first)")
    func rowOfAnUncheckedGroupIsNotDead() throws {
        // R1 is on both events. On `a` the earlier R0 covers it; on `b` it wins everything, but R2's lists cut each of
        // x, y and z into 201 atoms: 8,120,601 in that group, past the one-group maximum, so `b` is not checked.
        let evens = "[" + stride(from: 0, through: 200, by: 2).map(String.init).joined(separator: ", ") + "]"
        let text = """
            id: t.group
            kind: machine
            title: T
            source: doc.md §1
            fixture: fx
            hit: first
            states: [Open]
            initial: Open
            events:
              a: {}
              b: {x: int 0..200, y: int 0..200, z: int 0..200}
            otherwise: ignore
            rows:
              - {id: R0, source: doc.md §1, on: a}
              - {id: R1, source: doc.md §1, on: [a, b]}
              - {id: R2, source: doc.md §1, on: b, when: {x: \(evens), y: \(evens), z: \(evens)}}
            """
        let (spec, machine) = try Self.machine(SpecSources.compile(text))
        let compiled = MachineCompiler.compile(spec: spec, machine: machine, searchObserver: nil)
        let limits = compiled.diagnostics.filter { $0.id == "check.limit" }
        #expect(limits.map(\.rows) == [["R1", "R2"]], "\(compiled.diagnostics)")
        #expect(!compiled.diagnostics.contains { $0.id == "check.dead-row" && $0.rows == ["R1"] }, "\(compiled.diagnostics)")
    }
}
