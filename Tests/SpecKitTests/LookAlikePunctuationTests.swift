import Testing
@testable import SpecKit

/// Found by the sixth product-owner trial: `on： inactive`, `enabled： true`, `[active， background]` and a decision in
/// “typographic quotes” gave messages that did not name the cause, which the eye cannot see; and a list written as
/// one text, `"active, background"`, got no word about lists.
@Suite("Look-alike punctuation and lists written as text")
struct LookAlikePunctuationTests {
    static let row = "  - id: R1\n    source: doc.md §1\n    from: Open\n    on: appear\n    when: {enabled: true}\n    to: Locked\n"

    static func first(_ rows: String) -> Diagnostic? {
        SpecSources.compile(SpecSources.machine(rows: rows)).diagnostics.first { $0.severity == .error }
    }

    @Test("YAML that stops at a full-width colon or a typographic quote: the hint names the character and its line", arguments: [
        ("    on: appear\n", "    on： appear\n", "on line 21, '：' is a full-width colon (U+FF1A), which YAML does not read as ':': write ':'"),
        ("    source: doc.md §1\n", "    source: doc.md §1\n    decision: “D-X: why”\n", "on line 20, '“' is a typographic quote (U+201C), which YAML does not read as '\"': write '\"'"),
    ])
    func yaml(_ old: String, _ new: String, _ hint: String) throws {
        let d = try #require(Self.first(Self.row.replacingOccurrences(of: old, with: new)))
        #expect(d.id == "yaml.syntax" && d.hint == hint, "\(d)")
    }

    /// Found by the sixth trial: `on inactive` (no colon) on line 84 was reported at line 85.
    @Test("a key written without its colon: the finding stands at the key, with the hint")
    func missingColon() throws {
        let d = try #require(Self.first(Self.row.replacingOccurrences(of: "    on: appear\n", with: "    on appear\n")))
        #expect(d.id == "yaml.syntax" && d.location.line == 21 && d.location.column == 5, "\(d)")
        #expect(d.hint == "'on' has no ':' after it: a key must be followed by ':' and a space ('on: …')")
        // The full-width colon, found the same way, stands at its key too.
        let wide = try #require(Self.first(Self.row.replacingOccurrences(of: "    on: appear\n", with: "    on： appear\n")))
        #expect(wide.location.line == 21, "\(wide)")
        // The re-trial: a key with no colon before a flow mapping, or before a line with its own key, was told to quote
        // its value or that the next line was indented too far.
        let flow = try #require(Self.first(Self.row.replacingOccurrences(of: "    when: {enabled: true}\n", with: "    when {enabled: true}\n")))
        #expect(flow.id == "spec.unknown-key" && flow.location.line == 22, "\(flow)")
        #expect(flow.hint == "'when' has no ':' after it: a key must be followed by ':' and a space ('when: …')", "\(flow)")
        let above = try #require(Self.first(Self.row.replacingOccurrences(of: "    from: Open\n", with: "    from Open\n")))
        #expect(above.location.line == 20 && above.hint == "'from' has no ':' after it: a key must be followed by ':' and a space ('from: …')", "\(above)")
        // A value with a colon of its own still gets the advice to quote it.
        let text = try #require(Self.first(Self.row.replacingOccurrences(of: "    to: Locked\n", with: "    to: Locked\n    notes: a: b\n")))
        #expect(text.hint == "put the value in quotes if the ': ' is part of the text", "\(text)")
    }

    @Test("a name or value with a full-width colon or comma in it: the hint names the character", arguments: [
        ("{enabled: true}", "{enabled： true}", "'：' is a full-width colon (U+FF1A), which YAML does not read as ':': write ':'"),
        ("to: Locked", "to: Lock，ed", "'，' is a full-width comma (U+FF0C), which YAML does not read as ',': write ','"),
        // The eighth trial's `６０s`: a number typed with a full-width input method.
        ("{enabled: true}", "{failures: ３}", "'３' is a full-width digit (U+FF13), which YAML does not read as '3': write '3'"),
    ])
    func names(_ old: String, _ new: String, _ advice: String) throws {
        let d = try #require(Self.first(Self.row.replacingOccurrences(of: old, with: new)))
        #expect(d.hint == advice || d.notes.contains(advice), "\(d)")
    }

    @Test("several values of a list written as one text: the hint writes them as a list; other text keeps its did-you-mean")
    func listAsText() throws {
        #expect(Domain.enumeration(["active", "inactive", "background"]).parse("active, background")
                == .failure(DomainError(message: "'active, background' is not one of [active, inactive, background]",
                                        hint: "to name several values, write them as a list: [active, background]")))
        #expect(Domain.enumeration(["active", "inactive"]).parse("activ") ==
                .failure(DomainError(message: "'activ' is not one of [active, inactive]", hint: "did you mean 'active'?")))
    }
}

/// Found by the sixth trial: `wait: 10s` gave two errors (the step does nothing, and no key 'wait') and no word of
/// `advance`.
@Suite("A step with a key it does not take")
struct StepKeyWordsTests {
    @Test("one finding, with the key meant where spelling does not lead to it", arguments: [("wait", "advance"), ("sleep", "advance"), ("times", "repeat")])
    func oneFinding(_ word: String, _ meant: String) throws {
        let story = "id: t.story\nkind: scenarios\ntitle: S\nsource: doc.md §1\nfixture: fx\nuses: t.machine\nscenarios:\n"
            + "  - id: S1\n    source: doc.md §1\n    steps:\n      - \(word): 10s\n"
        let machine = SpecSources.machine(rows: LookAlikePunctuationTests.row)
        let c = SpecSources.compile([("m.yaml", machine), ("s.yaml", story)])
        let found = c.diagnostics.filter { $0.location.file == "s.yaml" && $0.severity == .error }
        #expect(found.map(\.id) == ["spec.unknown-key"], "\(found)")
        #expect(found.first?.hint == "did you mean '\(meant)'?")
    }
}

/// The eighth trial: a step's `expect:` dedented to the scenario's keys read as "a scenario has no key 'expect'", which
/// reads as "delete the line".
@Suite("A step's key at the scenario's level")
struct DedentedStepKeyTests {
    @Test("the finding says it is a step's key, to indent under its step")
    func dedented() throws {
        let story = "id: t.story\nkind: scenarios\ntitle: S\nsource: doc.md §1\nfixture: fx\nuses: t.machine\nscenarios:\n"
            + "  - id: S1\n    source: doc.md §1\n    steps:\n      - event: appear\n    expect: {enabled: false}\n"
        let c = SpecSources.compile([("m.yaml", SpecSources.machine(rows: LookAlikePunctuationTests.row)), ("s.yaml", story)])
        let d = try #require(c.diagnostics.first { $0.id == "spec.unknown-key" && $0.location.file == "s.yaml" }, "\(c.diagnostics)")
        #expect(d.location.line == 12 && d.location.column == 5, "\(d.location)")
        #expect(d.hint == "'expect' is a key of a step: indent it under the one it belongs to, as far in as its other keys", "\(d)")
    }
}

/// Found by the sixth trial: `[Active, Background]` in a condition reported only `Active`.
@Suite("A condition's list: every member out of the domain")
struct ConditionListMembersTests {
    @Test("each member of a condition's list outside the domain is a finding of its own")
    func everyMember() {
        let row = "  - id: R1\n    source: doc.md §1\n    from: Open\n    on: appear\n    when: {failures: [7, 1, 9]}\n    to: Locked\n"
        let found = SpecSources.compile(SpecSources.machine(rows: row)).diagnostics.filter { $0.id == "spec.out-of-domain" }
        #expect(found.count == 2 && found[0].message.contains("7") && found[1].message.contains("9"), "\(found)")
    }

    /// The re-trial: `{phase: active, background}` read `background` as a name, with no word of lists.
    @Test("a value of a tested name written after it without brackets: the hint writes the list")
    func listWithoutBrackets() throws {
        let machine = SpecSources.machine(rows: "  - id: R1\n    source: doc.md §1\n    from: Open\n    on: appear\n    when: {failures: 1, 2}\n    to: Locked\n")
            .replacingOccurrences(of: "failures: int 0..3", with: "failures: [\"1\", \"2\", \"3\"]")
        let d = try #require(SpecSources.compile(machine).diagnostics.first { $0.id == "spec.unknown-name" }, "\(SpecSources.compile(machine).diagnostics)")
        #expect(d.hint == "'2' is a value of 'failures': to test several values, write them as a list, failures: [1, 2]", "\(d)")
        // The same of a number domain (the eighth trial).
        let numbers = SpecSources.machine(rows: "  - id: R1\n    source: doc.md §1\n    from: Open\n    on: appear\n    when: {failures: 1, 2}\n    to: Locked\n")
        let n = try #require(SpecSources.compile(numbers).diagnostics.first { $0.id == "spec.unknown-name" })
        #expect(n.hint == "'2' is a value of 'failures': to test several values, write them as a list, failures: [1, 2]", "\(n)")
    }

    /// The eighth trial: `from: Open, Locked` and effects with commas between them had no word of a list.
    @Test("states, events or effects written with commas and no brackets: the hint writes the list (a call with a ',' quoted)", arguments: [
        ("    from: Open\n", "    from: Open, Locked\n", "to name several states, write them as a list: [Open, Locked]"),
        ("    on: appear\n", "    on: appear, active\n", "to name several events, write them as a list: [appear, active]"),
        ("    to: Locked\n", "    effects: startAuth(a, b=c), startAuth\n    to: Locked\n", "to name several effects, write them as a list: [\"startAuth(a, b=c)\", startAuth]"),
    ])
    func listWithoutBracketsElsewhere(_ old: String, _ new: String, _ hint: String) throws {
        let d = try #require(LookAlikePunctuationTests.first(LookAlikePunctuationTests.row.replacingOccurrences(of: old, with: new)))
        #expect(d.hint == hint, "\(d)")
    }

    /// The eighth trial: `with: {away: 1,5m}` sent '5m' as an input, with no word of the comma.
    @Test("a value written where a name goes, after a decimal comma: the hint says a ',' ends the entry, and how to write the value")
    func decimalComma() throws {
        let row = "  - id: R1\n    source: doc.md §1\n    from: Open\n    on: active\n    to: Locked\n"
        let story = "id: t.story\nkind: scenarios\ntitle: S\nsource: doc.md §1\nfixture: fx\nuses: t.machine\nscenarios:\n"
            + "  - id: S1\n    source: doc.md §1\n    steps:\n      - event: active\n        with: {away: 1,5m}\n"
        let c = SpecSources.compile([("m.yaml", SpecSources.machine(rows: row)), ("s.yaml", story)])
        let d = try #require(c.diagnostics.first { $0.id == "spec.unknown-name" && $0.location.file == "s.yaml" }, "\(c.diagnostics)")
        #expect(d.hint == "'5m' is a value, not a name: in {…} a ',' starts the next entry, so a decimal comma splits a value in two: "
                + "write one duration, a whole number of one unit (90s, not 1,5m)", "\(d)")
        #expect(ReadContext.valueAsName("away") == nil && ReadContext.valueAsName("12")?.hasSuffix("write one whole number") == true)
    }
}
