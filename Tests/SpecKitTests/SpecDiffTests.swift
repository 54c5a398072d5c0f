import Foundation
import Testing
@testable import SpecKit

/// `SpecDiff` on pairs of spec versions: what changed in structure, and exactly which situations behave differently.
@Suite("Behaviour diff")
struct SpecDiffTests {
    /// A small lock machine: a `failures` counter, an `unlock` event with an outcome, an `active` event with `away`.
    static func machine(rows: String, otherwise: String = "ignore", hit: String = "first") -> String {
        """
        id: t.lock
        kind: machine
        title: T
        source: doc.md §1
        fixture: fx
        states: [Open, Locked]
        initial: Locked
        variables:
          failures: int 0..3
        events:
          unlock: {outcome: [success, failure, cancel]}
          active: {away: duration 0s..2h}
        effects: [prompt]
        otherwise: \(otherwise)
        hit: \(hit)
        rows:
        \(rows)
        """
    }

    static let success = "  - {id: R-OK, source: doc.md §2, from: Locked, on: unlock, when: {outcome: success}, then: {failures: 0}, to: Open}\n"
    static let failure = "  - {id: R-FAIL, source: doc.md §2, from: Locked, on: unlock, when: {outcome: [failure], failures: ..2}, then: {failures: \"+1\"}}\n"
    static let relock = "  - {id: R-RELOCK, source: doc.md §3, from: Open, on: active, when: {away: \"> 60s\"}, effects: [prompt], to: Locked}\n"
    /// fx's product file with `grace` written as given.
    static func graceProduct(_ grace: String) -> String {
        "id: fx.product\nkind: product\ntitle: P\nsource: doc.md §1\nfixture: fx\nproduct:\n  grace: \(grace)\n"
    }
    /// A row that relocks past the product's grace.
    static let overGrace = "  - {id: R-OVER, source: doc.md §3, from: Open, on: active, when: {away: \"> grace\"}, effects: [prompt], to: Locked}\n"
    /// A row that stays open within `bound`.
    static func withinBound(_ bound: String) -> String {
        "  - {id: R-WITHIN, source: doc.md §3, from: Open, on: active, when: {away: \"<= \(bound)\"}}\n"
    }

    func diff(_ old: String, _ new: String) throws -> SpecDiffResult {
        try SpecDiff(catalog: nil).compare(DiffSide(label: "old", sources: [("t.yaml", Array(old.utf8))]),
                                           DiffSide(label: "new", sources: [("t.yaml", Array(new.utf8))]))
    }

    /// Found by a trial: a wrong password that now opened the app, made with a widened counter, said "no behaviour
    /// change" and `--exit-code` exited 0, because the situations could not be matched.
    @Test("a machine whose variables changed cannot be compared: the verdict says so, and the behaviour may have changed")
    func uncomparedMayHaveChanged() throws {
        let opens = Self.failure.replacingOccurrences(of: "then: {failures: \"+1\"}", with: "then: {failures: 0}, to: Open")
        let wider = Self.machine(rows: Self.success + opens).replacingOccurrences(of: "failures: int 0..3", with: "failures: int 0..4")
        let d = try diff(Self.machine(rows: Self.success + Self.failure), wider)
        #expect(!d.behaviourChanged && d.mayHaveChanged)
        #expect(d.notCompared == ["t.lock"])
        #expect(try SpecDiffRenderer.json(d).contains("\"notCompared\" : [\n    \"t.lock\"\n  ]"))
        #expect(d.notes == ["t.lock: the variables changed (names or domains), so situations cannot be matched; compare its rows"])
        #expect(SpecDiffRenderer.text(d).hasSuffix("behaviour not compared for 1 spec (see the note): it may have changed\n"), "\(SpecDiffRenderer.text(d))")
        #expect(SpecDiffRenderer.markdown(d).contains("**Behaviour not compared for 1 spec (see the note): it may have changed.**"))
        let same = try diff(Self.machine(rows: Self.success + Self.failure), Self.machine(rows: Self.success + Self.failure))
        #expect(!same.mayHaveChanged && same.verdict == "no behaviour change")
    }

    @Test("a reorder only moves rows: no behaviour change")
    func reorder() throws {
        let d = try diff(Self.machine(rows: Self.success + Self.failure + Self.relock), Self.machine(rows: Self.relock + Self.success + Self.failure))
        #expect(!d.behaviourChanged)
        #expect(d.behaviour.isEmpty)
        #expect(d.rows.map(\.kind) == [.moved])
    }

    @Test("a moved edge (to: Open → Locked) is a change of 'to' alone: the positions the reader keeps of its states are not a part")
    func movedEdgeNamesOnlyTo() throws {
        let moved = Self.success.replacingOccurrences(of: "to: Open", with: "to: Locked")
        let d = try diff(Self.machine(rows: Self.success + Self.failure), Self.machine(rows: moved + Self.failure))
        #expect(d.rows.map { "\($0.id) \($0.kind) \($0.cells)" } == ["R-OK changed [\"to\"]"])
        #expect(d.behaviourChanged)
        // The text names the part as a key, so "changed to" does not read as a sentence cut short.
        #expect(SpecDiffRenderer.text(d).contains(": changed its 'to'\n"), "\(SpecDiffRenderer.text(d))")
    }

    @Test("a widened list ([failure] to [failure, cancel]) shows exactly the cancel situations that now count")
    func widened() throws {
        let widened = Self.failure.replacingOccurrences(of: "[failure]", with: "[failure, cancel]")
        let d = try diff(Self.machine(rows: Self.success + Self.failure), Self.machine(rows: Self.success + widened))
        #expect(d.rows.map { "\($0.id) \($0.kind) \($0.cells)" } == ["R-FAIL changed [\"when\"]"])
        let change = try #require(d.behaviour.first)
        #expect(change.count == 3)  // cancel in Locked with failures 0, 1, 2 (3 is never reached)
        let region = try #require(change.regions.first)
        #expect(region.place == "Locked on unlock")
        #expect(region.values == ["failures=0|1|2", "outcome=cancel"])
        #expect(region.exact)
        #expect(region.before == "nothing happens (otherwise: ignore), stays Locked; *failures=0|1|2*", "\(region.before)")
        #expect(region.after == "row R-FAIL → Locked; *failures=1|2|3*; effects: none", "\(region.after)")
    }

    @Test("a moved threshold ('> 60s' to '>= 60s') changes exactly the 60 s situation")
    func movedThreshold() throws {
        let moved = Self.relock.replacingOccurrences(of: "> 60s", with: ">= 60s")
        let d = try diff(Self.machine(rows: Self.success + Self.relock), Self.machine(rows: Self.success + moved))
        let change = try #require(d.behaviour.first)
        #expect(change.count == 1)
        let region = try #require(change.regions.first)
        #expect(region.place == "Open on active")
        #expect(region.values == ["failures=0", "away=1m"])
        #expect(region.before == "nothing happens (otherwise: ignore), stays *Open*; failures=0", "\(region.before)")
        #expect(region.after == "row R-RELOCK → *Locked*; failures=0; effects: prompt", "\(region.after)")
    }

    /// Found by a product owner's trial: one changed situation (or case) read "1 situation behave differently".
    @Test("the count agrees with its verb: 1 situation behaves differently, 3 situations behave differently")
    func countWording() throws {
        let moved = Self.relock.replacingOccurrences(of: "> 60s", with: ">= 60s")
        let one = SpecDiffRenderer.text(try diff(Self.machine(rows: Self.success + Self.relock), Self.machine(rows: Self.success + moved)))
        #expect(one.contains("t.lock (machine): 1 situation behaves differently\n"), "\(one)")
        let widened = Self.failure.replacingOccurrences(of: "[failure]", with: "[failure, cancel]")
        let three = SpecDiffRenderer.text(try diff(Self.machine(rows: Self.success + Self.failure), Self.machine(rows: Self.success + widened)))
        #expect(three.contains("t.lock (machine): 3 situations behave differently\n"), "\(three)")
    }

    @Test("a removed row under otherwise: ignore turns its situations into 'nothing happens'")
    func removedRow() throws {
        let d = try diff(Self.machine(rows: Self.success + Self.failure + Self.relock), Self.machine(rows: Self.success + Self.relock))
        #expect(d.rows.map { "\($0.id) \($0.kind)" } == ["R-FAIL removed"])
        let change = try #require(d.behaviour.first)
        // The old side reaches failures 0..3; a failure at 0, 1 and 2 counted there and now changes nothing.
        #expect(change.count == 3)
        #expect(change.regions.map(\.values) == [["failures=0|1|2", "outcome=failure"]])
        #expect(change.regions.allSatisfy { $0.place == "Locked on unlock" && $0.after.hasPrefix("nothing happens (otherwise: ignore)") })
    }

    /// The eighth trial: `changed its 'source'` did not say from what to what, so where a row comes from could not be
    /// checked from the diff.
    @Test("a row's source or decision changed: the diff gives the old and the new text")
    func traceChanged() throws {
        let cited = Self.success.replacingOccurrences(of: "source: doc.md §2", with: "source: doc.md §5, decision: \"D-X: why\"")
        let d = try diff(Self.machine(rows: Self.success), Self.machine(rows: cited))
        #expect(d.rows.map { "\($0.id) \($0.cells)" } == ["R-OK [\"decision\", \"source\"]"])
        #expect(d.rows.first?.traces == [.init(key: "source", old: "doc.md §2", new: "doc.md §5"), .init(key: "decision", old: nil, new: "D-X: why")])
        #expect(SpecDiffRenderer.text(d).contains("row t.lock R-OK: changed its 'decision', 'source'; 'source' was 'doc.md §2', is 'doc.md §5'; 'decision' was none, is 'D-X: why'\n"),
                "\(SpecDiffRenderer.text(d))")
        #expect(d.verdict == "no behaviour change (the rows changed, not what they do)")
    }

    /// The eighth trial: a row deleted that only stayed where it was (no variable, no effect) was called a behaviour
    /// change, though `otherwise: ignore` does the same without it.
    @Test("a removed row that only stayed where it was, under otherwise: ignore, changes no behaviour; one that changed a variable or had an effect does")
    func removedQuietRow() throws {
        let stays = "  - {id: R-STAY, source: doc.md §2, from: Locked, on: unlock, when: {outcome: cancel}}\n"
        let d = try diff(Self.machine(rows: Self.success + stays), Self.machine(rows: Self.success))
        #expect(d.rows.map { "\($0.id) \($0.kind)" } == ["R-STAY removed"])
        #expect(!d.behaviourChanged && d.behaviour.isEmpty, "\(d.behaviour)")
        #expect(d.verdict == "no behaviour change (the rows changed, not what they do)")
        // The ninth trial: the row's line says why it changes nothing.
        #expect(SpecDiffRenderer.text(d).contains("  row t.lock R-STAY: removed (nothing behaves differently without it)\n"), "\(SpecDiffRenderer.text(d))")
        // With an effect, or a variable changed, it was something to see.
        let prompting = stays.replacingOccurrences(of: "when: {outcome: cancel}", with: "when: {outcome: cancel}, effects: [prompt]")
        #expect(try diff(Self.machine(rows: Self.success + prompting), Self.machine(rows: Self.success)).behaviourChanged)
        let counting = stays.replacingOccurrences(of: "when: {outcome: cancel}", with: "when: {outcome: cancel, failures: ..2}, then: {failures: \"+1\"}")
        #expect(try diff(Self.machine(rows: Self.success + counting), Self.machine(rows: Self.success)).behaviourChanged)
        // To another state, it moves the situation.
        let leaves = stays.replacingOccurrences(of: "when: {outcome: cancel}", with: "when: {outcome: cancel}, to: Open")
        #expect(try diff(Self.machine(rows: Self.success + leaves), Self.machine(rows: Self.success)).behaviourChanged)
    }

    /// Found by a product owner's trial: a value moved away from its document, a decision added, or a new quote, and
    /// the diff said nothing of the document.
    @Test("a product value's standing against its document shows when it changes, and is no behaviour change by itself")
    func documentStanding() throws {
        let product = { (grace: String, quote: String) in
            "id: fx.product\nkind: product\ntitle: P\nsource: doc.md §1\nfixture: fx\nproduct:\n  grace: \(grace)\ndocumented:\n  grace: {value: 60s, source: doc.md §2, quote: \"\(quote)\"}\n"
        }
        func compare(_ a: String, _ b: String) throws -> SpecDiffResult {
            try SpecDiff(catalog: nil).compare(DiffSide(label: "old", sources: [("p.product.yaml", Array(a.utf8))]),
                                               DiffSide(label: "new", sources: [("p.product.yaml", Array(b.utf8))]))
        }
        let moved = try compare(product("60s", "60 s"), product("30s", "60 s"))
        #expect(moved.documents == ["fx grace: doc.md §2 says 60s (\"60 s\"); 60s, as it says → 30s, with no decision"])
        let decided = try compare(product("30s", "60 s"), product("{value: 30s, decision: \"D-X: shorter\"}", "60 s"))
        #expect(decided.documents == ["fx grace: doc.md §2 says 60s (\"60 s\"); 30s, with no decision → 30s: D-X: shorter"])
        let requoted = try compare(product("60s", "60 s"), product("60s", "after 60 s"))
        #expect(requoted.documents.count == 1 && !requoted.behaviourChanged)
        #expect(SpecDiffRenderer.text(requoted).contains("  against its document: fx grace: 60s, as doc.md §2 says (\"60 s\") → "))
        #expect(SpecDiffRenderer.markdown(requoted).contains("### Product values against their documents"))
        #expect(try compare(product("60s", "60 s"), product("60s", "60 s")).documents.isEmpty)
    }

    /// Found by the fifth product-owner trial: the document's first block went from 1 to 2 minutes; the product owner
    /// changed the value and its documented: entry as the hint said, and lint was clean while decisions still said 60 s.
    @Test("words still written against a value the document has since changed are listed, and not a behaviour change by themselves")
    func staleWording() throws {
        let product = { (grace: String) in
            DocumentedValueTests.productFile(grace: grace, documented: "  grace: {value: \(grace), source: doc.md §2, quote: \"back after \(grace)\"}")
        }
        let machine = SpecSources.machine(rows: "  - id: R-OVER\n    source: doc.md §2\n    decision: \"D-GRACE-CMP: away more than 60 s locks\"\n    from: Open\n    on: active\n    when: {away: \"> grace\"}\n    to: Locked\n")
        func compare(_ a: String, _ b: String) throws -> SpecDiffResult {
            let side = { (label: String, p: String) in DiffSide(label: label, sources: [("fx.product.yaml", Array(p.utf8)), ("t.yaml", Array(machine.utf8))]) }
            return try SpecDiff(catalog: ProductParameterTests.Catalog()).compare(side("old", a), side("new", b))
        }
        let moved = try compare(product("60s"), product("90s"))
        #expect(moved.staleWording == ["new/t.yaml:20:15: warning: row R-OVER: its decision says 60 s, the design document's grace of 60s; the product file's grace is 90s"], "\(moved.staleWording)")
        #expect(SpecDiffRenderer.text(moved).contains("\n  written against the document's old value: new/t.yaml:20:15: warning: row R-OVER: its decision says 60 s"))
        #expect(SpecDiffRenderer.markdown(moved).contains("### Words still written against the document's old values\n\n- new/t.yaml:20:15: warning: row R-OVER"))
        // Lint of the new side alone cannot see it: the product file documents 90s, and nothing says it was 60s.
        let alone = ProductParameterTests.compile([("fx.product.yaml", product("90s")), ("t.yaml", machine)])
        #expect(alone.findings("product.stale-number").isEmpty)
        // A document that did not change leaves nothing to list.
        #expect(try compare(product("60s"), product("60s")).staleWording.isEmpty)
    }

    @Test("a changed product value shows both sides alike: two durations in the largest unit dividing both",
          arguments: [
            (Value.duration(milliseconds: 60_000), Value.duration(milliseconds: 90_000), "60s", "90s"),
            (.duration(milliseconds: 3_600_000), .duration(milliseconds: 5_400_000), "60m", "90m"),
            (.duration(milliseconds: 7_200_000), .duration(milliseconds: 3_600_000), "2h", "1h"),
            (.duration(milliseconds: 500), .duration(milliseconds: 1000), "500ms", "1000ms"),
            (.int(5), .int(6), "5", "6"),
          ])
    func shownAlike(before: Value, after: Value, shownBefore: String, shownAfter: String) {
        #expect(Value.shownAlike(before, after) == (shownBefore, shownAfter))
        let product = { (value: Value) in
            ProductFile(id: "fx.product", title: "P", source: "doc.md §1", fixture: "fx",
                        product: [Binding(name: "v", value: value, location: SpecKit.SourceLocation(file: "p.yaml", line: 7, column: 6))],
                        file: "p.yaml", location: SpecKit.SourceLocation(file: "p.yaml", line: 1, column: 1))
        }
        #expect(SpecDiff.productChanges([product(before)], [product(after)]) == ["fx: v \(shownBefore) → \(shownAfter)"])
        #expect(SpecDiff.productChanges([], [product(after)]) == ["fx: v (none) → \(after)"], "a side without the value")
    }

    /// The eighth trial: `appVersion 1.1 → 1.3` was listed with no case, as no row names it.
    @Test("a changed product value names how many of its fixture's cases run with the new value: not another fixture's, nor a spec's own value")
    func productValueScope() {
        let product = { (value: Value) in
            ProductFile(id: "fx.product", title: "P", source: "doc.md §1", fixture: "fx",
                        product: [Binding(name: "v", value: value, location: SpecKit.SourceLocation(file: "p.yaml", line: 7, column: 6))],
                        file: "p.yaml", location: SpecKit.SourceLocation(file: "p.yaml", line: 1, column: 1))
        }
        let testCase = { (id: String, spec: String, fixture: String, v: Int) in
            TestCase(id: id, spec: spec, row: id, fixture: fixture, product: [NamedValue("v", .int(v))], steps: [], target: 0, file: "s.yaml", line: 1, column: 1)
        }
        let cases = [testCase("A-1", "a", "fx", 6), testCase("A-2", "a", "fx", 6), testCase("B-1", "b", "fx", 6),
                     testCase("OWN-1", "own", "fx", 9), testCase("GX-1", "g", "gx", 6)]
        #expect(SpecDiff.productChanges([product(.int(5))], [product(.int(6))], cases: cases) == ["fx: v 5 → 6 (3 cases in 2 specs run with it: a run of them shows what the core does with it)"])
        #expect(SpecDiff.productChanges([product(.int(5))], [product(.int(7))], cases: cases) == ["fx: v 5 → 7"], "no case runs with 7")
    }

    @Test("a changed product value shows as the value and the situations it moves")
    func productValue() throws {
        let rows = Self.success + Self.relock.replacingOccurrences(of: "> 60s", with: "> grace")
        let old = [("p.product.yaml", Self.graceProduct("60s")), ("t.yaml", Self.machine(rows: rows))]
        let new = [("p.product.yaml", Self.graceProduct("30s")), ("t.yaml", Self.machine(rows: rows))]
        let d = try SpecDiff(catalog: nil).compare(DiffSide(label: "old", sources: old.map { ($0.0, Array($0.1.utf8)) }),
                                                   DiffSide(label: "new", sources: new.map { ($0.0, Array($0.1.utf8)) }))
        #expect(d.products == ["fx: grace 60s → 30s (2 cases in 1 spec run with it: a run of them shows what the core does with it)"])
        #expect(d.behaviourChanged)
        let change = try #require(d.behaviour.first)
        #expect(change.regions.map(\.place) == ["Open on active"])
        // Between the two graces: tried at 30001ms (first to lock now) and 1m (the old grace itself), one class.
        #expect(change.regions.first?.values == ["failures=0", "away=30001ms..1m"])
        // The row's text is the same: its condition moved with the grace, and the diff says so rather than "changed".
        #expect(d.rows.map { "\($0.id) \($0.kind) \($0.cells) \($0.followsProduct)" } == ["R-RELOCK changed [] [\"when\"]"])
        #expect(SpecDiffRenderer.text(d).contains("row t.lock R-RELOCK: its text is the same; 'when' reads a changed product value\n"),
                "\(SpecDiffRenderer.text(d))")
    }

    @Test("a row whose text changed while a product value it names changed too: each part is put down to its cause")
    func productAndTextChange() throws {
        let relock = Self.relock.replacingOccurrences(of: "> 60s", with: "> grace")
        let retargeted = relock.replacingOccurrences(of: "to: Locked", with: "to: Open")
        let sides = [(Self.graceProduct("60s"), relock), (Self.graceProduct("30s"), retargeted)].map { p, row in
            [("p.product.yaml", Array(p.utf8)), ("t.yaml", Array(Self.machine(rows: Self.success + row).utf8))]
        }
        let d = try SpecDiff(catalog: nil).compare(DiffSide(label: "old", sources: sides[0]), DiffSide(label: "new", sources: sides[1]))
        #expect(d.rows.map { "\($0.id) \($0.cells) \($0.followsProduct)" } == ["R-RELOCK [\"to\"] [\"when\"]"])
        #expect(SpecDiffRenderer.text(d).contains("R-RELOCK: changed its 'to'; 'when' reads a changed product value\n"), "\(SpecDiffRenderer.text(d))")
        // A grace the new spec names but the old product file lacks: nothing is put down to a product value.
        let newName = [("p.product.yaml", Array(Self.graceProduct("30s").replacingOccurrences(of: "grace", with: "limit").utf8)),
                       ("t.yaml", Array(Self.machine(rows: Self.success + relock.replacingOccurrences(of: "grace", with: "limit")).utf8))]
        let renamed = try SpecDiff(catalog: nil).compare(DiffSide(label: "old", sources: sides[0]), DiffSide(label: "new", sources: newName))
        #expect(renamed.rows.map { "\($0.id) \($0.cells) \($0.followsProduct)" } == ["R-RELOCK [\"when\"] []"])
    }

    @Test("a side that does not compile stops the diff with its findings, each naming its side's file")
    func brokenSide() {
        let failure = #expect(throws: SpecDiff.Failure.self) {
            try diff(Self.machine(rows: Self.success), Self.machine(rows: "  - {id: R-X, source: doc.md §2, on: nowhere}\n"))
        }
        guard case .doesNotCompile(let side, let diagnostics)? = failure else { return }
        #expect(side == "new")
        #expect(!diagnostics.isEmpty && diagnostics.allSatisfy { $0.location.file == "new/t.yaml" }, "\(diagnostics)")
    }

    @Test("the locations in a finding's notes name the file under its side too, as the finding does")
    func brokenSideNotes() {
        // Broken YAML: its note names where the construct starts, which must be a path the reader can open.
        let failure = #expect(throws: SpecDiff.Failure.self) {
            try SpecDiff(catalog: nil).compare(DiffSide(label: "old", sources: [("t.yaml", Array(Self.machine(rows: Self.success).utf8))]),
                                               DiffSide(label: "new", sources: [("t.yaml", Array((Self.machine(rows: Self.success) + "x: [\n").utf8))]))
        }
        guard case .doesNotCompile(_, let diagnostics)? = failure else { return }
        let notes = diagnostics.flatMap(\.notes).filter { $0.contains(".yaml:") }
        #expect(!notes.isEmpty && notes.allSatisfy { $0.contains(" new/t.yaml:") }, "\(diagnostics)")
    }

    @Test("one file compared: a broken file beside it that it does not read changes nothing in what the diff says")
    func brokenNeighbour() throws {
        let spec = Self.machine(rows: Self.success + Self.relock.replacingOccurrences(of: "> 60s", with: "> grace"))
        func side(_ label: String, _ grace: String, neighbour: String) -> DiffSide {
            DiffSide(label: "\(label)/t.yaml", sources: [("t.yaml", Array(spec.utf8)), ("p.product.yaml", Array(Self.graceProduct(grace).utf8)),
                                                        ("other.yaml", Array(neighbour.utf8))], root: label, focus: ["t.yaml"])
        }
        for neighbour in ["id: other\nkind: machine\n", ": : [bad\n"] {
            let d = try SpecDiff(catalog: nil).compare(side("old", "60s", neighbour: ""), side("new", "30s", neighbour: neighbour))
            #expect(d.products == ["fx: grace 60s → 30s (2 cases in 1 spec run with it: a run of them shows what the core does with it)"])
            #expect(SpecDiffRenderer.text(d).contains("row t.lock R-RELOCK: its text is the same; 'when' reads a changed product value\n"),
                    "\(neighbour): \(SpecDiffRenderer.text(d))")
        }
    }

    /// Found by a workbench trial: an edit that makes two rows conflict under the old product value stops the new
    /// specs compiling with the old values, and the rows that only follow the value read "changed its 'when'".
    @Test("a row whose lines are the same reads as following the product value, even where the specs do not compile with the old values")
    func productOnlyWhereTheOldValuesConflict() throws {
        let side = { (grace: String, bound: String) in
            [("p.product.yaml", Array(Self.graceProduct(grace).utf8)),
             ("t.yaml", Array(Self.machine(rows: Self.success + Self.overGrace + Self.withinBound(bound), hit: "unique").utf8))]
        }
        let d = try SpecDiff(catalog: nil).compare(DiffSide(label: "old", sources: side("60s", "grace")), DiffSide(label: "new", sources: side("90s", "90s")))
        let text = SpecDiffRenderer.text(d)
        #expect(text.contains("row t.lock R-OVER: its text is the same; 'when' reads a changed product value\n"), "\(text)")
        #expect(text.contains("row t.lock R-WITHIN: changed its 'when'"), "\(text)")
        // A header edited too (a wider domain): the row's text is still as it was, and its 'when' still names the
        // changed value; it is not called edited.
        let widened = side("90s", "90s").map { ($0.0, $0.0 == "t.yaml" ? Array(String(decoding: $0.1, as: UTF8.self).replacingOccurrences(of: "duration 0s..2h", with: "duration 0s..3h").utf8) : $0.1) }
        let both = SpecDiffRenderer.text(try SpecDiff(catalog: nil).compare(DiffSide(label: "old", sources: side("60s", "grace")), DiffSide(label: "new", sources: widened)))
        #expect(both.contains("row t.lock R-OVER: its text is the same; 'when' reads a changed product value\n"), "\(both)")
        #expect(!both.contains("R-OVER: changed"), "\(both)")
    }

    @Test("files are paired by their path under the side, so two files of one name in two folders are never taken for each other")
    func productOnlyPairsFilesByPath() throws {
        let spec = { (bound: String) in Self.machine(rows: Self.success + Self.overGrace + Self.withinBound(bound), hit: "unique") }
        // b/x.yaml is a.yaml's spec with other ids; only its R-WITHIN (S-WITHIN) is edited, in a way the old grace makes conflict.
        let other = { (bound: String) in spec(bound).replacingOccurrences(of: "id: t.lock", with: "id: t.other").replacingOccurrences(of: "id: R-", with: "id: S-") }
        let side = { (grace: String, bound: String) in
            [("p.product.yaml", Array(Self.graceProduct(grace).utf8)), ("a/x.yaml", Array(spec("grace").utf8)),
             ("b/x.yaml", Array(other(bound).utf8))]
        }
        let d = try SpecDiff(catalog: nil).compare(DiffSide(label: "old", sources: side("60s", "grace")), DiffSide(label: "new", sources: side("90s", "90s")))
        let text = SpecDiffRenderer.text(d)
        #expect(text.contains("row t.other S-WITHIN: changed its 'when'"), "\(text)")
        #expect(text.contains("row t.other S-OVER: its text is the same; 'when' reads a changed product value\n"), "\(text)")
    }

    @Test("an added scenario shows each step as its action and what it checks: effects only where the step names them")
    func addedScenarioSteps() throws {
        func side(_ label: String, _ scenarios: String) -> DiffSide {
            let story = "id: t.story\nkind: scenarios\ntitle: S\nsource: doc.md §1\nfixture: fx\nuses: t.lock\nscenarios:\n" + scenarios
            return DiffSide(label: label, sources: [("t.yaml", Array(Self.machine(rows: Self.success + Self.failure).utf8)),
                                                    ("s.yaml", Array(story.utf8))])
        }
        let kept = "  - id: S-KEPT\n    source: doc.md §2\n    steps:\n      - event: unlock\n        with: {outcome: failure}\n        expect: {failures: 1}\n"
        let added = kept + "  - id: S-NEW\n    source: doc.md §2\n    steps:\n      - event: unlock\n        with: {outcome: failure}\n"
            + "      - event: unlock\n        with: {outcome: cancel}\n        expect: {effects: []}\n"
            + "      - event: unlock\n        with: {outcome: success}\n        expect: {state: Open, failures: 0, effects: [prompt]}\n"
        let result = try SpecDiff(catalog: nil).compare(side("old", kept), side("new", added))
        let change = try #require(result.behaviour.first { $0.spec == "t.story" }, "\(result)")
        let region = try #require(change.regions.first)
        #expect(change.regions.count == 1 && region.place == "case S-NEW" && region.before == "none: the case is new")
        #expect(region.after == "step 1: unlock(outcome=failure) | step 2: unlock(outcome=cancel) → effects: none"
                + " | step 3: unlock(outcome=success) → state=Open, failures=0; effects: prompt", "\(region.after)")
        // A case added, nothing else: the verdict says nothing the old side checks moved (a trial read the plain
        // "behaviour changed" as a regression); a case removed or changed is not only added.
        #expect(result.verdict == "behaviour changed (only added: nothing the old side checks behaves differently)")
        let removed = try SpecDiff(catalog: nil).compare(side("old", added), side("new", kept))
        #expect(removed.behaviour.first?.regions.first?.after == "none: the case was removed" && removed.verdict == "behaviour changed")
        let edited = kept.replacingOccurrences(of: "failures: 1", with: "failures: 2")
        let both = try SpecDiff(catalog: nil).compare(side("old", kept), side("new", edited + added.dropFirst(kept.count)))
        #expect(both.behaviour.first?.regions.count == 2 && both.verdict == "behaviour changed", "\(both)")
    }

    /// Found by the sixth product-owner trial: two scenarios moved unchanged from one file to another read "removed",
    /// "added" and "behaviour changed", and `--exit-code` failed.
    @Test("a scenario moved unchanged to another scenario set is one 'moved' row and no behaviour change; moved and edited, one 'moved' row that says what changed, and a behaviour change")
    func scenarioMovedBetweenSets() throws {
        let kept = "  - id: S-KEPT\n    source: doc.md §2\n    steps:\n      - event: unlock\n        with: {outcome: failure}\n        expect: {failures: 1}\n"
        let moving = "  - id: S-MOVE\n    source: doc.md §2\n    steps:\n      - event: unlock\n        with: {outcome: failure}\n        expect: {failures: 1}\n"
            + "      - event: unlock\n        with: {outcome: success}\n        expect: {state: Open}\n"
        func set(_ id: String, _ scenarios: String) -> String {
            "id: t.\(id)\nkind: scenarios\ntitle: S\nsource: doc.md §1\nfixture: fx\nuses: t.lock\nscenarios:\n" + scenarios
        }
        func side(_ label: String, _ a: String, _ b: String, machine: String = Self.success + Self.failure) -> DiffSide {
            DiffSide(label: label, sources: [("t.yaml", Array(Self.machine(rows: machine).utf8)),
                                             ("a.yaml", Array(set("a", a).utf8)), ("b.yaml", Array(set("b", b).utf8))])
        }
        let moved = try SpecDiff(catalog: nil).compare(side("old", kept + moving, kept.replacingOccurrences(of: "S-KEPT", with: "S-B")),
                                                       side("new", kept, kept.replacingOccurrences(of: "S-KEPT", with: "S-B") + moving))
        #expect(moved.rows == [RowChange(spec: "t.b", id: "S-MOVE", kind: .moved, oldID: nil, movedFrom: "t.a", cells: [])], "\(moved.rows)")
        #expect(moved.behaviour.isEmpty && !moved.behaviourChanged, "\(moved.behaviour)")
        #expect(SpecDiffRenderer.text(moved).contains("  row t.b S-MOVE: moved from t.a, unchanged\n"))
        let edited = try SpecDiff(catalog: nil).compare(side("old", kept + moving, kept.replacingOccurrences(of: "S-KEPT", with: "S-B")),
                                                        side("new", kept, kept.replacingOccurrences(of: "S-KEPT", with: "S-B")
                                                             + moving.replacingOccurrences(of: "state: Open", with: "state: Locked")))
        // Moved and edited: one row, from its old set, saying what was edited; its cases are removed and new.
        #expect(edited.rows == [RowChange(spec: "t.b", id: "S-MOVE", kind: .moved, oldID: nil, movedFrom: "t.a", cells: ["steps"])]
                && edited.behaviourChanged, "\(edited.rows)")
        #expect(SpecDiffRenderer.text(edited).contains("  row t.b S-MOVE: moved from t.a, changed its 'steps'\n"), "\(SpecDiffRenderer.text(edited))")
        // The seventh trial: its behaviour read as the whole case removed from one set and new in the other. It is
        // the step that changed, compared across the two sets.
        #expect(edited.behaviour.map(\.spec) == ["t.b"], "\(edited.behaviour)")
        let region = try #require(edited.behaviour.first?.regions.first)
        #expect(edited.behaviour.first?.regions.count == 1 && region.place == "case S-MOVE (moved from t.a)", "\(edited.behaviour)")
        #expect(region.before == "step 2: unlock(outcome=success) → state=Open" && region.after == "step 2: unlock(outcome=success) → state=Locked", "\(region)")
        // A machine changed beside the move keeps its count of situations (the move once set it to its regions).
        let widened = Self.success + Self.failure.replacingOccurrences(of: "[failure]", with: "[failure, cancel]")
        let b = kept.replacingOccurrences(of: "S-KEPT", with: "S-B")
        let alone = try SpecDiff(catalog: nil).compare(side("old", kept + moving, b), side("new", kept + moving, b, machine: widened))
        let beside = try SpecDiff(catalog: nil).compare(side("old", kept + moving, b), side("new", kept, b + moving, machine: widened))
        let counts = { (d: SpecDiffResult) in d.behaviour.filter { $0.spec == "t.lock" }.map { "\($0.count) in \($0.regions.count)" } }
        #expect(counts(alone) == ["3 in 1"] && counts(beside) == counts(alone), "\(counts(alone)) \(counts(beside))")
        // The re-trial: a scenario whose id alone changed read "2 cases behave differently" and failed --exit-code.
        let renamed = try SpecDiff(catalog: nil).compare(side("old", kept + moving, kept.replacingOccurrences(of: "S-KEPT", with: "S-B")),
                                                         side("new", kept + moving.replacingOccurrences(of: "S-MOVE", with: "S-MOVED"),
                                                              kept.replacingOccurrences(of: "S-KEPT", with: "S-B")))
        #expect(renamed.rows.map(\.kind) == [.renamed] && renamed.rows.first?.oldID == "S-MOVE", "\(renamed.rows)")
        #expect(renamed.behaviour.isEmpty && !renamed.mayHaveChanged, "\(renamed.behaviour)")
    }

    /// Found by a product owner's trial: `repeat: 4` edited to `repeat: pinAttempts - 1` while pinAttempts went from 5
    /// to 6 read "its text is the same": the new text, read with the old value, gives the old 4.
    @Test("a part edited into an expression that the old product value makes equal to the old text still reads as edited")
    func editedIntoAnExpression() throws {
        let product = { (limit: Int) in "id: fx.product\nkind: product\ntitle: P\nsource: doc.md §1\nfixture: fx\nproduct:\n  limit: \(limit)\n" }
        let story = { (times: String) in
            "id: t.story\nkind: scenarios\ntitle: S\nsource: doc.md §1\nfixture: fx\nuses: t.lock\nscenarios:\n  - id: S-FAILS\n    source: doc.md §2\n"
                + "    steps:\n      - event: unlock\n        with: {outcome: failure}\n        repeat: \(times)\n        expect-last: {failures: \(times)}\n"
        }
        let side = { (label: String, limit: Int, times: String) in
            DiffSide(label: label, sources: [("p.product.yaml", Array(product(limit).utf8)), ("s.yaml", Array(story(times).utf8)),
                                             ("t.yaml", Array(Self.machine(rows: Self.success + Self.failure).utf8))])
        }
        let d = try SpecDiff(catalog: nil).compare(side("old", 2, "1"), side("new", 3, "limit - 1"))
        #expect(d.rows.map { "\($0.id) \($0.cells) \($0.followsProduct)" } == ["S-FAILS [\"steps\"] [\"steps\"]"])
        let text = SpecDiffRenderer.text(d)
        #expect(text.contains("row t.story S-FAILS: changed its 'steps'; 'steps' reads a changed product value\n"), "\(text)")
        #expect(!text.contains("its text is the same"), "\(text)")
        // The same in a machine's condition: the edit and the value it now reads are both named.
        let sides = [(product(60).replacingOccurrences(of: "limit: 60", with: "grace: 60s"), Self.relock),
                     (product(30).replacingOccurrences(of: "limit: 30", with: "grace: 30s"), Self.relock.replacingOccurrences(of: "> 60s", with: "> grace"))]
            .map { p, row in [("p.product.yaml", Array(p.utf8)), ("t.yaml", Array(Self.machine(rows: Self.success + row).utf8))] }
        let machine = try SpecDiff(catalog: nil).compare(DiffSide(label: "old", sources: sides[0]), DiffSide(label: "new", sources: sides[1]))
        #expect(SpecDiffRenderer.text(machine).contains("row t.lock R-RELOCK: changed its 'when'; 'when' reads a changed product value\n"),
                "\(SpecDiffRenderer.text(machine))")
    }

    /// Found by a product owner's trial: a row whose notes alone were edited, whose `when` reads a changed product value,
    /// read "changed its 'when'" (an edit elsewhere kept the specs from compiling with the old value, and the header
    /// changed), and its notes were not named at all.
    @Test("a row names the written keys whose text changed, notes and decision too, and a part reading a changed product value says so")
    func writtenKeysAndProductReads() throws {
        let old = [("p.product.yaml", Self.graceProduct("60s")),
                   ("t.yaml", Self.machine(rows: Self.success + Self.overGrace + Self.withinBound("grace"), hit: "unique"))]
        let noted = Self.overGrace.replacingOccurrences(of: "source: doc.md §3,", with: "source: doc.md §3, notes: past the grace,")
        let decided = Self.success.replacingOccurrences(of: "source: doc.md §2,", with: "source: doc.md §2, decision: \"D-1: why\",")
        let new = [("p.product.yaml", Self.graceProduct("90s")),
                   ("t.yaml", Self.machine(rows: decided + noted + Self.withinBound("90s"), hit: "unique").replacingOccurrences(of: "duration 0s..2h", with: "duration 0s..3h"))]
        let d = try SpecDiff(catalog: nil).compare(DiffSide(label: "old", sources: old.map { ($0.0, Array($0.1.utf8)) }),
                                                   DiffSide(label: "new", sources: new.map { ($0.0, Array($0.1.utf8)) }))
        let text = SpecDiffRenderer.text(d)
        #expect(text.contains("row t.lock R-OVER: changed its 'notes'; 'when' reads a changed product value\n"), "\(text)")
        #expect(text.contains("row t.lock R-OK: changed its 'decision'; 'decision' was none, is 'D-1: why'\n"), "\(text)")
        #expect(text.contains("row t.lock R-WITHIN: changed its 'when'\n"), "\(text)")
        // Notes alone, with no product value changed: still a change of the row's text, and no behaviour change.
        let quiet = try diff(Self.machine(rows: Self.success + Self.relock),
                             Self.machine(rows: Self.success + Self.relock.replacingOccurrences(of: "source: doc.md §3,", with: "source: doc.md §3, notes: n,")))
        #expect(quiet.rows.map { "\($0.id) \($0.kind) \($0.cells) \($0.followsProduct)" } == ["R-RELOCK changed [\"notes\"] []"])
        #expect(!quiet.behaviourChanged)
        // A wider domain in the header moves a row whose text is the same and that names no product value: it says so.
        let wider = try diff(Self.machine(rows: Self.success + Self.relock),
                             Self.machine(rows: Self.success + Self.relock).replacingOccurrences(of: "duration 0s..2h", with: "duration 0s..3h"))
        #expect(SpecDiffRenderer.text(wider).contains("row t.lock R-RELOCK: its text is the same; 'when' follows an edit outside the row\n"),
                "\(SpecDiffRenderer.text(wider))")
    }

    /// Found by a product owner's trial: one step inserted made every later step of the case read as changed.
    @Test("a case's steps are aligned: an inserted step shows as added, a changed one on both sides, and the kept ones not at all")
    func alignedSteps() throws {
        func side(_ label: String, _ steps: [String]) -> DiffSide {
            let story = "id: t.story\nkind: scenarios\ntitle: S\nsource: doc.md §1\nfixture: fx\nuses: t.lock\nscenarios:\n"
                + "  - id: S-ONE\n    source: doc.md §2\n    steps:\n" + steps.joined()
            return DiffSide(label: label, sources: [("t.yaml", Array(Self.machine(rows: Self.success + Self.failure).utf8)),
                                                    ("s.yaml", Array(story.utf8))])
        }
        let fail = { (n: Int) in "      - event: unlock\n        with: {outcome: failure}\n        expect: {failures: \(n)}\n" }
        let cancel = "      - event: unlock\n        with: {outcome: cancel}\n        expect: {effects: []}\n"
        let open = { (effects: String) in "      - event: unlock\n        with: {outcome: success}\n        expect: {state: Open, effects: [\(effects)]}\n" }
        let inserted = try SpecDiff(catalog: nil).compare(side("old", [fail(1), fail(2), open("")]), side("new", [fail(1), cancel, fail(2), open("")]))
        let one = try #require(inserted.behaviour.first { $0.spec == "t.story" }?.regions.first, "\(inserted)")
        #expect(one.before == "(no step removed)", "\(one.before)")
        #expect(one.after == "step 2: unlock(outcome=cancel) → effects: none", "\(one.after)")
        let both = try SpecDiff(catalog: nil).compare(side("old", [fail(1), fail(2), open("")]),
                                                      side("new", [fail(1), cancel, fail(2), open("prompt")]))
        let two = try #require(both.behaviour.first { $0.spec == "t.story" }?.regions.first, "\(both)")
        #expect(two.before == "step 3: unlock(outcome=success) → state=Open; effects: none", "\(two.before)")
        #expect(two.after == "step 2: unlock(outcome=cancel) → effects: none | step 4: unlock(outcome=success) → state=Open; effects: prompt", "\(two.after)")
        let removed = try SpecDiff(catalog: nil).compare(side("old", [fail(1), cancel, fail(2)]), side("new", [fail(1), fail(2)]))
        let three = try #require(removed.behaviour.first { $0.spec == "t.story" }?.regions.first, "\(removed)")
        #expect(three.before == "step 2: unlock(outcome=cancel) → effects: none" && three.after == "(no step added)", "\(three)")
        // Past 500 × 500 steps between the common start and end, no table is made: every step between is listed.
        let big = CaseBehaviourDiff.unmatched(["s"] + (0..<600).map { "a\($0)" } + ["e"], ["s"] + (0..<600).map { "b\($0)" } + ["e"])
        #expect(big.old == Array(1...600) && big.new == Array(1...600))
    }

    @Test("a revision's spec blob over the size limit is a yaml.too-large error at <revision>:<name>, and is not read")
    func gitBlobTooLarge() throws {
        // A 700 MB spec committed at HEAD (its repository under 1 MB) was read whole by git cat-file: `lockspec diff
        // --git HEAD` held 1.46 GB and had not answered after 60 s.
        let repo = FileManager.default.temporaryDirectory.appendingPathComponent("diff-blob-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: repo.appendingPathComponent("specs"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: repo) }
        try Self.machine(rows: Self.success).write(to: repo.appendingPathComponent("specs/a.yaml"), atomically: true, encoding: .utf8)
        _ = try DiffSide.git(["init", "-q"], in: repo.path)
        _ = try DiffSide.git(["add", "specs"], in: repo.path)
        _ = try DiffSide.git(["-c", "user.name=t", "-c", "user.email=t@example.invalid", "-c", "commit.gpgsign=false", "commit", "-qm", "one"],
                             in: repo.path)
        let error = #expect(throws: DiagnosticError.self) {
            try DiffSide.gitRevision("HEAD", path: "specs", repository: repo.path, maximumFileSize: 100)
        }
        let found = try #require(error?.diagnostics.first)
        #expect(found.id == "yaml.too-large" && found.location.file == "HEAD:specs/a.yaml", "\(found)")
        #expect(found.message.hasPrefix("the file is too large: it has"))
        let read = try DiffSide.gitRevision("HEAD", path: "specs", repository: repo.path)
        #expect(read.sources.map(\.path) == ["HEAD:specs/a.yaml"], "\(read.sources.map(\.path))")
    }

    @Test("the JSON is stable: the same diff twice gives the same bytes")
    func stableJSON() throws {
        let moved = Self.relock.replacingOccurrences(of: "> 60s", with: ">= 60s")
        let a = try SpecDiffRenderer.json(try diff(Self.machine(rows: Self.success + Self.relock), Self.machine(rows: Self.success + moved)))
        let b = try SpecDiffRenderer.json(try diff(Self.machine(rows: Self.success + Self.relock), Self.machine(rows: Self.success + moved)))
        #expect(a == b)
        #expect(a.contains("\"place\" : \"Open on active\""))
    }
}
