import Testing
@testable import SpecKit

/// A value of several lines edited as prose (the third trial of the workbench: a product owner could not change a
/// note written as a `>` block at all).
extension SpecTextEditorTests {
    @Test("a block value set from prose is written as a folded block at its indent, wrapped, and reads back as the text")
    func setBlock() throws {
        let long = (1...30).map { "word\($0)" }.joined(separator: " ")
        let out = try edit(.set, [.key("rows"), .index(0), .key("notes")], text: "  \(long)\nsecond paragraph  ", in: Self.blockRows)
        let lines = out.components(separatedBy: "\n")
        #expect(lines[2] == "    notes: >" && lines[3].hasPrefix("      word1 word2 ") && lines.allSatisfy { $0.count <= 118 }, "\(out)")
        // It reads back: the long paragraph joined by spaces, the break as a line break, the block's end kept.
        let root = try YAMLLoader().load(Array(out.utf8), file: "t.yaml")
        let notes = root["rows"]?.sequence.map(Array.init)?.first?["notes"]?.scalar
        #expect(notes == long + "\nsecond paragraph\n")
        #expect(out.hasSuffix("  - id: B\n    notes: >\n      b note\n\n  # the last rule\n  - id: C\n    notes: >\n      c note\nhit: first\n"), "the rest as it was")
        // A `>-` block keeps its chomping; a one-line text into a block stays a block.
        let stripped = Self.blockRows.replacingOccurrences(of: "    notes: >\n      a note", with: "    notes: >-\n      a note")
        let short = try edit(.set, [.key("rows"), .index(0), .key("notes")], text: "a shorter note", in: stripped)
        #expect(short.contains("    notes: >-\n      a shorter note\n  - id: B"), "\(short)")
        // A plain value given several lines becomes a block; a new key of several lines is added as one.
        let plain = try edit(.set, [.key("title")], text: "first line\nsecond line")
        #expect(plain.contains("title: >\n  first line\n\n  second line\nrows:"), "\(plain)")
        let added = try edit(.set, [.key("rows"), .index(1), .key("notes")], text: "one\ntwo")
        #expect(added.contains("    on: unlock\n    notes: >\n      one\n\n      two\n"), "\(added)")
    }

    /// Found by the fourth trial: adding one sentence to a note rewrapped every line of it.
    @Test("an edit of a folded block keeps the author's lines the text still starts with; only the rest is wrapped")
    func keepsLines() throws {
        let source = "notes: >\n  First line as the author broke it,\n  second line too.\n  Third line.\nid: x\n"
        let out = try edit(.set, [.key("notes")], text: "First line as the author broke it, second line too. Third line. And a new sentence.", in: source)
        #expect(out == "notes: >\n  First line as the author broke it,\n  second line too.\n  Third line.\n  And a new sentence.\nid: x\n", "\(out)")
        let middle = try edit(.set, [.key("notes")], text: "First line as the author broke it, second line changed. Third line.", in: source)
        #expect(middle == "notes: >\n  First line as the author broke it,\n  second line changed. Third line.\nid: x\n", "\(middle)")
    }

    /// Found by the fifth product-owner trial: a step's `expect:` over several lines could not be edited in the page,
    /// and its own text sent back through the API became a folded prose block, which lint then refused as a text.
    @Test("a list or mapping over several lines set to YAML of several lines keeps its form: each line indented as its first")
    func setCollection() throws {
        let source = "steps:\n  - event: pin\n    expect:\n      state: Blocked\n      countdown: \"01:00\"\n      effects: [a, b]\n  - event: wait\n"
        let path: [YAMLPathStep] = [.key("steps"), .index(0), .key("expect")]
        let out = try edit(.set, path, text: "state: Blocked\ncountdown: \"02:00\"  \n\neffects:\n  - a\n  - b\n", in: source)
        #expect(out == "steps:\n  - event: pin\n    expect:\n      state: Blocked\n      countdown: \"02:00\"\n\n      effects:\n        - a\n        - b\n  - event: wait\n", "\(out)")
        // A list too; a one-line text is written where the value was, as before (a flow mapping on the value's line).
        let list = try edit(.set, [.key("effects")], text: "- x\n- y", in: "effects:\n  - a\nid: t\n")
        #expect(list == "effects:\n  - x\n  - y\nid: t\n", "\(list)")
        #expect(try edit(.set, path, text: "{state: Open}", in: source).contains("    expect:\n      {state: Open}\n  - event: wait"))
        // Refused, nothing changed: text that is no list or mapping, YAML that breaks, the cell's lines as the file
        // indents them (the text is from the value's column), several lines into a value written in { }.
        for text in ["now blocked\nfor a minute", "state: [Blocked\ncountdown: x", "state: Blocked\n      countdown: x"] {
            #expect(throws: DiagnosticError.self, "\(text)") { try edit(.set, path, text: text, in: source) }
        }
        #expect(throws: DiagnosticError.self) { try edit(.set, [.key("expect")], text: "a: 1\nb: 2", in: "expect: {a: 1}\n") }
    }

    /// Found by the re-trial: once a row's notes were a folded block, adding any key to that row was refused ("the cell
    /// would not be found again"): the key went after the next row's first line, where a block ends.
    @Test("a key added to a row whose last value is a block goes right after the block, its kept blank lines too")
    func addAfterBlock() throws {
        let out = try edit(.set, [.key("rows"), .index(0), .key("decision")], text: "D-Y: why", in: Self.blockRows)
        #expect(out.contains("  - id: A\n    notes: >\n      a note\n    decision: \"D-Y: why\"\n  - id: B\n"), "\(out)")
        let last = try edit(.set, [.key("rows"), .index(1), .key("title")], text: "B's", in: Self.blockRows)
        #expect(last.contains("    notes: >\n      b note\n    title: B's\n\n  # the last rule\n"), "\(last)")
        let kept = "rows:\n  - id: A\n    notes: |+\n      a note\n\n  - id: B\n"
        let keptOut = try edit(.set, [.key("rows"), .index(0), .key("title")], text: "T", in: kept)
        #expect(keptOut == "rows:\n  - id: A\n    notes: |+\n      a note\n\n    title: T\n  - id: B\n", "\(keptOut)")
    }

    @Test("a value of several lines is refused inside { }")
    func blockInFlow() {
        #expect(throws: DiagnosticError.self) { try edit(.set, [.key("rows"), .index(0), .key("when"), .key("note")], text: "a\nb") }
    }

    @Test("prose wraps at single spaces only: runs of spaces stay inside a line")
    func wrapping() {
        let words = Array(repeating: "abcd", count: 40).joined(separator: " ")
        #expect(SpecTextEditor.wrapped(words, width: 20).allSatisfy { $0.count <= 20 && !$0.hasPrefix(" ") })
        #expect(SpecTextEditor.wrapped("aa  bb cc", width: 4) == ["aa  bb", "cc"], "no cut inside a double space")
        #expect(SpecTextEditor.wrapped("unbreakable", width: 4) == ["unbreakable"])
    }
}
