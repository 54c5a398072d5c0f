import Testing
import SpecKit

/// `SpecTextEditor`: each table edit changes only the edited node's text (a row operation: the row's lines), and an
/// edit it cannot make exactly is refused with nothing changed.
@Suite("Table edits on the YAML text")
struct SpecTextEditorTests {
    static let text = """
    # a comment that stays
    id: t.machine   # trailing comment
    kind: machine
    title: "Grace — 宽限期"
    rows:
      - id: R-ONE
        from: Open
        on: active
        when: {away: "> grace", enabled: true}
        to: Locked

      # the second row
      - id: R-TWO
        from: Locked
        on: unlock
      - id: R-THREE
        on: active
        effects: [prompt]

    """

    func edit(_ op: SpecEdit.Operation, _ path: [YAMLPathStep], text: String? = nil, index: Int? = nil, to: Int? = nil,
              in source: String = text) throws -> String {
        try SpecTextEditor.apply(SpecEdit(op, path: path, text: text, index: index, to: to), to: source, file: "t.yaml")
    }

    /// The lines of `b` that differ from `a`'s, when both have as many.
    func changed(_ a: String, _ b: String) -> [String] {
        let x = a.components(separatedBy: "\n"), y = b.components(separatedBy: "\n")
        guard x.count == y.count else { return ["\(x.count) → \(y.count) lines"] }
        return zip(x, y).filter { $0 != $1 }.map(\.1)
    }

    @Test("setting a scalar cell changes that value's text only, even after text with wide characters")
    func setScalar() throws {
        let out = try edit(.set, [.key("rows"), .index(0), .key("to")], text: "Open")
        #expect(changed(Self.text, out) == ["    to: Open"])
        let title = try edit(.set, [.key("title")], text: "\"Grace — 宽限\"")
        #expect(changed(Self.text, title) == ["title: \"Grace — 宽限\""])
        let id = try edit(.set, [.key("id")], text: "t.other")
        #expect(changed(Self.text, id) == ["id: t.other   # trailing comment"])
    }

    @Test("a flow value inside a flow mapping, and a whole flow mapping, are replaced in place")
    func setFlow() throws {
        let inner = try edit(.set, [.key("rows"), .index(0), .key("when"), .key("away")], text: "\">= grace\"")
        #expect(changed(Self.text, inner) == ["    when: {away: \">= grace\", enabled: true}"])
        let whole = try edit(.set, [.key("rows"), .index(0), .key("when")], text: "{enabled: false}")
        #expect(changed(Self.text, whole) == ["    when: {enabled: false}"])
    }

    @Test("a key not written yet is added: on its own line in a block mapping, inside the braces of a flow one")
    func addKey() throws {
        let block = try edit(.set, [.key("rows"), .index(1), .key("to")], text: "Open")
        #expect(block.contains("    on: unlock\n    to: Open\n  - id: R-THREE"))
        #expect(block.components(separatedBy: "\n").count == Self.text.components(separatedBy: "\n").count + 1)
        let flow = try edit(.set, [.key("rows"), .index(0), .key("when"), .key("phase")], text: "active")
        #expect(changed(Self.text, flow) == ["    when: {away: \"> grace\", enabled: true, phase: active}"])
    }

    @Test("an emptied cell removes its key: its line in a block mapping, its text and one comma in a flow mapping")
    func clearKey() throws {
        let block = try edit(.set, [.key("rows"), .index(0), .key("to")], text: "")
        #expect(!block.contains("to: Locked"))
        #expect(block.components(separatedBy: "\n").count == Self.text.components(separatedBy: "\n").count - 1)
        let flowFirst = try edit(.set, [.key("rows"), .index(0), .key("when"), .key("away")], text: " ")
        #expect(flowFirst.contains("    when: {enabled: true}\n"))
        let flowLast = try edit(.set, [.key("rows"), .index(0), .key("when"), .key("enabled")], text: "")
        #expect(flowLast.contains("    when: {away: \"> grace\"}\n"))
        #expect(throws: DiagnosticError.self) { try edit(.set, [.key("rows"), .index(0), .key("id")], text: "") }
    }

    @Test("a row is copied below itself with a new id, removed, or moved, by whole lines; comments elsewhere stay")
    func rowOperations() throws {
        let added = try edit(.addRow, [.key("rows")], index: 1)
        #expect(added.contains("  - id: R-TWO\n    from: Locked\n    on: unlock\n  - id: R-TWO-COPY\n    from: Locked\n    on: unlock\n  - id: R-THREE"))
        let again = try edit(.addRow, [.key("rows")], index: 1, in: added)
        #expect(again.contains("R-TWO-COPY-2"))
        let removed = try edit(.removeRow, [.key("rows")], index: 1)
        #expect(!removed.contains("R-TWO") && removed.contains("  # the second row\n  - id: R-THREE"))
        let down = try edit(.moveRow, [.key("rows")], index: 1, to: 2)
        #expect(down.contains("  # the second row\n  - id: R-THREE\n    on: active\n    effects: [prompt]\n  - id: R-TWO\n    from: Locked\n    on: unlock\n"))
        let up = try edit(.moveRow, [.key("rows")], index: 2, to: 0)
        #expect(up.hasPrefix("# a comment that stays\nid: t.machine   # trailing comment\nkind: machine\ntitle: \"Grace — 宽限期\"\nrows:\n  - id: R-THREE\n"))
        let back = try edit(.moveRow, [.key("rows")], index: 0, to: 2, in: up)
        #expect(back == Self.text)  // moved back where it was: byte for byte the file it was
    }

    @Test("refused, with nothing changed: a path to nothing, a row that does not exist, text that breaks the YAML, two lines")
    func refusals() throws {
        #expect(throws: DiagnosticError.self) { try edit(.set, [.key("rows"), .index(7), .key("to")], text: "Open") }
        #expect(throws: DiagnosticError.self) { try edit(.removeRow, [.key("rows")], index: 3) }
        #expect(throws: DiagnosticError.self) { try edit(.moveRow, [.key("rows")], index: 0, to: 9) }
        #expect(throws: DiagnosticError.self) { try edit(.addRow, [.key("title")], index: 0) }
        #expect(throws: DiagnosticError.self) { try edit(.set, [.key("rows"), .index(0), .key("to")], text: "[Open") }
        #expect(throws: DiagnosticError.self) { try edit(.set, [.key("rows"), .index(0), .key("to")], text: "a\nb") }
        #expect(throws: DiagnosticError.self) { try edit(.addRow, [.key("rows")], index: 0, in: "rows: [{id: A}, {id: B}]\n") }
    }

    @Test("spans: a scalar after wide characters ends where its text does; a block collection ends with its last child")
    func spans() throws {
        let root = try YAMLSpan.read(Self.text, file: "t.yaml")
        let title = try #require(root["title"])
        #expect(title.start == TextPosition(line: 4, column: 8))
        #expect(title.end == TextPosition(line: 4, column: 21))  // 13 scalars: quotes, "Grace — ", 3 CJK
        let rows = try #require(root["rows"])
        #expect(rows.children.count == 3)
        #expect(rows.children[0].end == TextPosition(line: 10, column: 15))
        #expect(rows.end == TextPosition(line: 18, column: 22))
        #expect(throws: DiagnosticError.self) { try YAMLSpan.read("a: [", file: "t.yaml") }
    }
}
