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

    /// Rows whose last value is a folded block scalar, which libyaml ends at the start of the line after it: the
    /// next row, a blank line and a comment, a key of the spec, or the end of the text.
    static let blockRows = """
    rows:
      - id: A
        notes: >
          a note
      - id: B
        notes: >
          b note

      # the last rule
      - id: C
        notes: >
          c note
    hit: first

    """

    @Test("a row that ends with a block scalar is the row's own lines: the comment, blank line or key after it stays, and the last row of the text can be copied (it trapped the server)")
    func blockScalarRows() throws {
        let t = Self.blockRows
        // Remove each row: only its own lines go.
        #expect(try edit(.removeRow, [.key("rows")], index: 0, in: t) == t.replacingOccurrences(of: "  - id: A\n    notes: >\n      a note\n", with: ""))
        #expect(try edit(.removeRow, [.key("rows")], index: 1, in: t) == t.replacingOccurrences(of: "  - id: B\n    notes: >\n      b note\n", with: ""))
        #expect(try edit(.removeRow, [.key("rows")], index: 2, in: t) == t.replacingOccurrences(of: "  - id: C\n    notes: >\n      c note\n", with: ""))
        // Copy the middle and the last row: the copy goes right after the row's own lines.
        #expect(try edit(.addRow, [.key("rows")], index: 1, in: t) == t.replacingOccurrences(of: "      b note\n", with: "      b note\n  - id: B-COPY\n    notes: >\n      b note\n"))
        #expect(try edit(.addRow, [.key("rows")], index: 2, in: t) == t.replacingOccurrences(of: "      c note\n", with: "      c note\n  - id: C-COPY\n    notes: >\n      c note\n"))
        let last = "rows:\n  - id: A\n    notes: >\n      a note\n"
        #expect(try edit(.addRow, [.key("rows")], index: 0, in: last) == last + "  - id: A-COPY\n    notes: >\n      a note\n")
        #expect(try edit(.removeRow, [.key("rows")], index: 0, in: last + "  - id: Z\n") == "rows:\n  - id: Z\n")
        // Move the first row last: it goes after C's own lines, before `hit:`.
        #expect(try edit(.moveRow, [.key("rows")], index: 0, to: 2, in: t) == """
        rows:
          - id: B
            notes: >
              b note

          # the last rule
          - id: C
            notes: >
              c note
          - id: A
            notes: >
              a note
        hit: first

        """)
    }

    @Test("a row ending with a kept block scalar (|+) takes its trailing blank lines with it: they are its value")
    func keptBlockScalarRows() throws {
        let t = "rows:\n  - id: A\n    notes: |+\n      a note\n\n\n  - id: B\n    notes: b\nhit: first\n"
        let rowA = "  - id: A\n    notes: |+\n      a note\n\n\n"
        #expect(try edit(.moveRow, [.key("rows")], index: 0, to: 1, in: t) == "rows:\n  - id: B\n    notes: b\n" + rowA + "hit: first\n")
        #expect(try edit(.removeRow, [.key("rows")], index: 0, in: t) == "rows:\n  - id: B\n    notes: b\nhit: first\n")
        let copied = try edit(.addRow, [.key("rows")], index: 0, in: t)
        #expect(copied == "rows:\n" + rowA + rowA.replacingOccurrences(of: "id: A", with: "id: A-COPY") + "  - id: B\n    notes: b\nhit: first\n")
    }

    @Test("a row operation whose lines would not read back as the same rows in the new order is refused, nothing changed")
    func rowsReadBackOrRefused() throws {
        // B's value is an alias of an anchor in A: moving B above A would leave the alias before its anchor.
        let t = "rows:\n  - id: A\n    notes: &n shared\n  - id: B\n    notes: *n\n"
        #expect(throws: DiagnosticError.self) { try edit(.moveRow, [.key("rows")], index: 1, to: 0, in: t) }
        #expect(throws: DiagnosticError.self) { try edit(.removeRow, [.key("rows")], index: 0, in: t) }
    }

    @Test("a file that starts with a byte-order mark is edited on its first line too, and keeps the mark")
    func byteOrderMark() throws {
        let edited = try edit(.set, [.key("id")], text: "t.other", in: "\u{FEFF}" + Self.text)
        #expect(edited == "\u{FEFF}" + Self.text.replacingOccurrences(of: "id: t.machine ", with: "id: t.other "))
    }

    @Test("a line break YAML counts and the editor would not (a lone CR, NEL, U+2028, U+2029) is refused with its line, before anything is edited", arguments: [
        ("\r", 2), ("\u{85}", 2), ("\u{2028}", 2), ("\u{2029}", 2)])
    func otherLineBreaks(mark: String, line: Int) throws {
        let text = Self.text.replacingOccurrences(of: "id: t.machine   # trailing comment", with: "id: t.machine   # trailing\(mark) comment")
        do {
            _ = try SpecTextEditor.apply(SpecEdit(.removeRow, path: [.key("rows")], index: 1), to: text, file: "t.yaml")
            Issue.record("edited a text with \(mark.unicodeScalars.map { String($0.value, radix: 16) })")
        } catch {
            #expect(error.diagnostics.first?.message.hasPrefix("line \(line) holds a line break other than LF or CRLF") == true, "\(error.diagnostics)")
        }
    }

    @Test("a file saved with CRLF line endings is edited as any other, and every line keeps its CRLF")
    func crlfFile() throws {
        func crlf(_ text: String) -> String { text.replacingOccurrences(of: "\n", with: "\r\n") }
        let source = crlf(Self.text)
        // The same edits give the same texts, with CRLF endings: a cell, a key added, a row added and removed.
        let edits: [(SpecEdit.Operation, [YAMLPathStep], String?, Int?)] = [
            (.set, [.key("rows"), .index(0), .key("to")], "Open", nil),
            (.set, [.key("rows"), .index(1), .key("to")], "Open", nil),
            (.set, [.key("rows"), .index(0), .key("to")], "a #b", nil),
            (.set, [.key("rows"), .index(2), .key("effects")], "", nil),
            (.addRow, [.key("rows")], nil, 0),
            (.removeRow, [.key("rows")], nil, 1),
        ]
        for (op, path, text, index) in edits {
            let plain = try edit(op, path, text: text, index: index)
            let edited = try edit(op, path, text: text, index: index, in: source)
            #expect(edited == crlf(plain), "\(op) \(path): \(edited.debugDescription)")
        }
        // A file with one LF line among CRLF ones keeps it where it was.
        let mixed = source.replacingOccurrences(of: "kind: machine\r\n", with: "kind: machine\n")
        let out = try edit(.set, [.key("rows"), .index(0), .key("to")], text: "Open", in: mixed)
        #expect(out == mixed.replacingOccurrences(of: "to: Locked\r\n\r\n", with: "to: Open\r\n\r\n"))
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

    @Test("a row without an id (a scenario's step) is copied below itself as it is: a step takes no id")
    func stepCopiedWithoutID() throws {
        let scenarios = "scenarios:\n  - id: S-ONE\n    steps:\n      - event: toggleOn\n        with: {available: true}\n      - event: background\n"
        let path: [YAMLPathStep] = [.key("scenarios"), .index(0), .key("steps")]
        let copied = try edit(.addRow, path, index: 0, in: scenarios)
        #expect(copied == "scenarios:\n  - id: S-ONE\n    steps:\n      - event: toggleOn\n        with: {available: true}\n"
                + "      - event: toggleOn\n        with: {available: true}\n      - event: background\n")
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
        #expect(throws: DiagnosticError.self) { try edit(.set, [.key("id")], text: "", in: "id: A\n") }  // no YAML left
    }

    /// The scalar YAML reads at `path` of `text`.
    func value(_ path: [YAMLPathStep], in text: String) throws -> String? {
        var node = try YAMLSpan.read(text, file: "t.yaml")
        for step in path {
            switch step {
            case .key(let key): node = try #require(node[key])
            case .index(let i): node = node.children[i]
            }
        }
        return node.scalar
    }

    @Test("a text YAML would not read back plain is double-quoted: a ` #` (not a comment), a leading #, `: `, a quote and a backslash")
    func quotedWhenPlainWouldNotReadBack() throws {
        let to: [YAMLPathStep] = [.key("rows"), .index(0), .key("to")]
        let source = "face-id-launch-lock.zh.md §4 #step 2"
        let cited = try edit(.set, to, text: source)
        #expect(changed(Self.text, cited) == ["    to: \"face-id-launch-lock.zh.md §4 #step 2\""])
        #expect(try value(to, in: cited) == source)
        let hash = try edit(.set, to, text: "#step")
        #expect(changed(Self.text, hash) == ["    to: \"#step\""])
        let colon = try edit(.set, to, text: "a: b")
        #expect(changed(Self.text, colon) == ["    to: \"a: b\""])
        #expect(try value(to, in: colon) == "a: b")
        let escapes = try edit(.set, to, text: "#say \"hi\" C:\\temp")
        #expect(changed(Self.text, escapes) == ["    to: \"#say \\\"hi\\\" C:\\\\temp\""])
        #expect(try value(to, in: escapes) == "#say \"hi\" C:\\temp")
        // Where plain reads back as typed, it stays plain: quotes and backslashes inside, wide characters, a # in a word.
        for text in ["say \"hi\" C:\\temp", "Grace — 宽限期 🙂", "§4#step", "a:b", "it's"] {
            let out = try edit(.set, to, text: text)
            #expect(changed(Self.text, out) == ["    to: \(text)"])
            #expect(try value(to, in: out) == text)
        }
        // The line's own comment stays after the quoted value.
        let id = try edit(.set, [.key("id")], text: "t #2")
        #expect(changed(Self.text, id) == ["id: \"t #2\"   # trailing comment"])
    }

    /// `text` without the spaces and tabs around it.
    static func withoutSpacesAround(_ text: String) -> String {
        var rest = Substring(text)
        while let c = rest.first, c == " " || c == "\t" { rest.removeFirst() }
        while let c = rest.last, c == " " || c == "\t" { rest.removeLast() }
        return String(rest)
    }

    @Test("every text typed reads back as that text, the spaces around it dropped: indicators, inner spaces, flow punctuation, controls, unicode")
    func everyTextReadsBack() throws {
        let texts = ["- x", "? x", ": x", "*x", "&x y", "!x", "!!str 5", "|", ">", "%x", "@x", "`x", ",x", "]x", "}x",
                     " Open", "Open ", "  a  b  ", "\tx", "a #", "a\u{85}b", "a\u{2028}b", "x\u{0}y", "a\rb", "\u{FEFF}x",
                     "宽限期 #二", "𝔘 ✓ #🙂", "null", "~", "true", "12", "a\tb"]
        let paths: [[YAMLPathStep]] = [[.key("rows"), .index(0), .key("to")], [.key("rows"), .index(1), .key("to")],
                                       [.key("rows"), .index(0), .key("when"), .key("away")], [.key("rows"), .index(0), .key("when"), .key("phase")],
                                       [.key("id")]]
        for path in paths {
            for text in texts {
                let out = try edit(.set, path, text: text)
                #expect(try value(path, in: out) == Self.withoutSpacesAround(text), "\(path) \(text.debugDescription): \(out)")
                let rest = changed(Self.text, out)
                #expect(rest.count <= 1 || (path.count > 1 && path[1] == .index(1)), "\(rest)")  // one line changed, or one added (row 1 had no `to`)
            }
        }
        // Spaces around a value are dropped as a spreadsheet's cell drops them; typed in quotes, they are kept.
        let to: [YAMLPathStep] = [.key("rows"), .index(0), .key("to")]
        #expect(changed(Self.text, try edit(.set, to, text: "Open ")) == ["    to: Open"])
        #expect(try value(to, in: try edit(.set, to, text: "\"Open \"")) == "Open ")
        let flow = try edit(.set, [.key("rows"), .index(0), .key("when"), .key("away")], text: "a, enabled: false")
        #expect(changed(Self.text, flow) == ["    when: {away: \"a, enabled: false\", enabled: true}"])
    }

    @Test("a text starting with a quote or a bracket is YAML: written as it is when YAML reads all of it, else refused, nothing changed")
    func yamlTextReadsWhole() throws {
        let to: [YAMLPathStep] = [.key("rows"), .index(0), .key("to")]
        #expect(changed(Self.text, try edit(.set, to, text: " 'it''s' ")) == ["    to: 'it''s'"])
        #expect(try value(to, in: try edit(.set, to, text: "'it''s'")) == "it's")
        #expect(changed(Self.text, try edit(.set, [.key("rows"), .index(2), .key("effects")], text: "[prompt, cover]")) == ["    effects: [prompt, cover]"])
        for text in ["\"Open\" # why", "[prompt] #x", "{a: 1} b", "\"Open", "[draft] Open"] {
            #expect(throws: DiagnosticError.self, "\(text)") { try edit(.set, to, text: text) }
        }
        let comment = #expect(throws: DiagnosticError.self) { try edit(.set, to, text: "\"Open\" # why") }
        #expect(comment?.diagnostics.first?.message.contains("YAML would read the cell as \"Open\", not as all of the text") == true)
        let open = #expect(throws: DiagnosticError.self) { try edit(.set, to, text: "[Open") }
        #expect(open?.diagnostics.first?.message.contains("would break the file's YAML") == true)
        // In a reader's words first (the loader's hint), then where; no two messages glued together.
        let message = open?.diagnostics.first?.message ?? ""
        #expect(message.hasPrefix("the edit would break the file's YAML: the '[' on line 10 is not closed: close it with ']' (did not find expected"), "\(message)")
        #expect(!message.contains("could not read the YAML") && message.contains(", at line "), "\(message)")
        // Prose that starts with a bracket (the re-trial's `[draft] check with design` in notes, told only to check the
        // indentation): the way to keep it as typed follows.
        let prose = #expect(throws: DiagnosticError.self) { try edit(.set, [.key("rows"), .index(0), .key("notes")], text: "[draft] check with design") }
        #expect(prose?.diagnostics.first?.message.hasSuffix("a text that starts with [ is read as a list: if it is prose, to keep the text as typed, brackets and all, type it inside single quotes, as '[draft] check with design'") == true,
                "\(prose?.diagnostics.first?.message ?? "")")
    }

    @Test("a text that starts with a quotation and goes on is refused in words, with the way to keep it as typed")
    func quotationRefusedInWords() throws {
        let notes: [YAMLPathStep] = [.key("rows"), .index(0), .key("notes")]
        let prose = #expect(throws: DiagnosticError.self) { try edit(.set, notes, text: "\"Grace\" is the document's word") }
        #expect(prose?.diagnostics.first?.message == "a text that starts with a quote is read as a quoted YAML value, and \"Grace\" is the document's "
                + "word is not one (its quote closes before the text ends, or never closes): to keep the text as typed, quotes and all, "
                + "type it inside single quotes, as '\"Grace\" is the document''s word'")
        // The way it gives is written and read back as typed.
        let kept = try edit(.set, notes, text: "'\"Grace\" is the document''s word'")
        #expect(try value(notes, in: kept) == "\"Grace\" is the document's word")
        let comment = #expect(throws: DiagnosticError.self) { try edit(.set, notes, text: "\"Open\" # why") }
        #expect(comment?.diagnostics.first?.message.hasSuffix("write the whole value inside its quotes; or, to keep the text as typed, "
                + "quotes and all, type it inside single quotes, as '\"Open\" # why'") == true, "\(comment?.diagnostics ?? [])")
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
