/// Applies a table editor's `SpecEdit` to a spec file's text. Only the edited node's text changes (a row operation:
/// the row's own lines); every other byte, comments, key order, quoting and blank lines included, stays as it was.
/// Refuses, with a located error and no change, an edit it cannot make exactly (a path that names nothing, a row of a
/// list written in flow style, a text that would break the file's YAML or would not read back as typed).
public enum SpecTextEditor {
    /// The edited text.
    public static func apply(_ edit: SpecEdit, to text: String, file: String) throws(DiagnosticError) -> String {
        // A byte-order mark is not on the line libyaml counts columns on: edit the text after it, and keep it.
        if text.unicodeScalars.first == "\u{FEFF}" {
            return "\u{FEFF}" + (try apply(edit, to: String(text.unicodeScalars.dropFirst()), file: file))
        }
        if let line = otherLineBreak(in: text) {
            throw refusal("line \(line) holds a line break other than LF or CRLF (a lone CR, NEL, U+2028 or U+2029), which YAML counts as a new line and the editor would not: edit this file in an editor", file)
        }
        let root = try YAMLSpan.read(text, file: file)
        var lines = LineText(text)
        switch edit.op {
        case .set:
            try set(edit.path, to: edit.text ?? "", in: root, lines: &lines, file: file)
            return lines.text  // read back by `set` already
        case .addRow, .removeRow, .moveRow:
            return try editRows(edit, root: root, lines: lines, file: file)
        }
    }

    /// A row operation on the rows' own lines (a copy goes right after its row, with a new `id` when it has one),
    /// checked to read back as the same rows in the new order with nothing else changed; refused otherwise.
    static func editRows(_ edit: SpecEdit, root: YAMLSpan, lines: LineText, file: String) throws(DiagnosticError) -> String {
        var lines = lines
        let list = try rowList(edit.path, index: edit.index, in: root, lines: lines, file: file)
        let index = edit.index ?? 0
        let (row, last) = (list.children[index], lastLine(of: list.children[index], lines: lines))
        // The row's whole lines, from the one its `- ` is on to its last.
        let block = Array(lines.lines[(row.start.line - 1)..<last])
        var rows = list.children.map(\.content)
        switch edit.op {
        case .addRow:
            lines.insertLines(block, before: last + 1)
            rows.insert(rows[index], at: index + 1)
        case .removeRow:
            lines.removeLines(row.start.line...last)
            rows.remove(at: index)
        default:
            guard let to = edit.to, list.children.indices.contains(to) else { throw refusal("there is no row \(edit.to ?? -1) to move it to", file) }
            let before = to > index ? lastLine(of: list.children[to], lines: lines) + 1 - (last - row.start.line + 1) : list.children[to].start.line
            lines.removeLines(row.start.line...last)
            lines.insertLines(block, before: before)
            rows.insert(rows.remove(at: index), at: to)
        }
        let result = lines.text
        guard try reread(result, file: file).content == root.content.replacingChildren(at: edit.path[...], with: rows) else {
            throw refusal("the row's lines do not move as a whole here (a value or an anchor reaches past them): edit the rows in the file", file)
        }
        // A row without an id (a scenario's step) is copied as it is: a step takes no `id`.
        guard edit.op == .addRow, row["id"] != nil else { return result }
        let id = newID(from: row["id"]?.scalar, among: list.children.compactMap { $0["id"]?.scalar })
        return try apply(SpecEdit(.set, path: edit.path + [.index(index + 1), .key("id")], text: id), to: result, file: file)
    }

    /// The line (counting LF only) of the first lone CR, NEL, U+2028 or U+2029, which libyaml takes for line breaks
    /// and `LineText` does not, so positions would point at other lines; nil when there is none.
    static func otherLineBreak(in text: String) -> Int? {
        var line = 1
        var previousCR = false
        for scalar in text.unicodeScalars {
            if previousCR && scalar != "\n" { return line }
            previousCR = scalar == "\r"
            switch scalar {
            case "\n": line += 1
            case "\u{85}", "\u{2028}", "\u{2029}": return line
            default: break
            }
        }
        return previousCR ? line : nil
    }

    static func refusal(_ message: String, _ file: String) -> DiagnosticError {
        DiagnosticError([Diagnostic(.error, id: "edit.refused", message, at: .file(file))])
    }

    /// The spans of an edited text; or, when it no longer reads as YAML, the refusal that says why.
    static func reread(_ text: String, file: String, advice: String = "write the value in quotes, or as YAML") throws(DiagnosticError) -> YAMLSpan {
        do {
            return try YAMLSpan.read(text, file: file)
        } catch {
            // The loader's hint says what is wrong in a reader's words ('{' never closed); its message says where.
            let first = error.diagnostics.first
            let said = first.map { d in
                let message = d.message.hasPrefix("could not read the YAML: ") ? String(d.message.dropFirst(25)) : d.message
                return (d.hint.map { "\($0) (" } ?? "(") + "\(message), at line \(d.location.line))"
            } ?? "(the YAML does not read)"
            throw refusal("the edit would break the file's YAML: \(said): \(advice)", file)
        }
    }

    /// The node at `path`, or nil.
    static func node(at path: [YAMLPathStep], in root: YAMLSpan) -> YAMLSpan? {
        var node = root
        for step in path {
            switch step {
            case .key(let key): guard let next = node[key] else { return nil }; node = next
            case .index(let i): guard node.kind == .sequence, node.children.indices.contains(i) else { return nil }; node = node.children[i]
            }
        }
        return node
    }

    /// The block list of rows at `path`, checked to hold row `index`, each row on lines of its own.
    static func rowList(_ path: [YAMLPathStep], index: Int?, in root: YAMLSpan, lines: LineText, file: String) throws(DiagnosticError) -> YAMLSpan {
        guard let list = node(at: path, in: root), list.kind == .sequence else {
            throw refusal("there is no list of rows at \(YAMLPathStep.written(path))", file)
        }
        guard !list.flow else { throw refusal("the rows are written as a flow list ([…]): edit them in the file", file) }
        guard let index, list.children.indices.contains(index) else { throw refusal("there is no row \(index ?? -1)", file) }
        for (a, b) in zip(list.children, list.children.dropFirst()) where lastLine(of: a, lines: lines) >= b.start.line {
            throw refusal("two rows share a line: edit them in the file", file)
        }
        return list
    }

    /// The last line of a row's own text. libyaml ends a block scalar (`notes: >`) at the start of the line after it,
    /// past any blank lines, so that line (a comment, a key of the spec, the next row, or none at the end of the text)
    /// is not the row's, nor are the blank lines before it, unless the scalar keeps them (`|+`: its value ends with
    /// them). Never before the row's first line.
    static func lastLine(of row: YAMLSpan, lines: LineText) -> Int {
        var last = min(row.end.column == 1 && row.end.line > row.start.line ? row.end.line - 1 : row.end.line, lines.lines.count)
        var lastNode = row
        while let child = lastNode.children.last { lastNode = child }
        let kept = lastNode.scalar?.hasSuffix("\n\n") == true
        while !kept, last > row.start.line, lines.lines[last - 1].allSatisfy({ $0 == " " || $0 == "\t" }) { last -= 1 }
        return max(last, row.start.line)
    }

    /// `<id>-COPY`, or `<id>-COPY-2` and on, whichever no row has.
    static func newID(from id: String?, among ids: [String]) -> String {
        let base = (id ?? "ROW") + "-COPY"
        var candidate = base, n = 2
        while ids.contains(candidate) { candidate = "\(base)-\(n)"; n += 1 }
        return candidate
    }
}

extension YAMLSpan {
    /// The node without its positions: what it says, not where.
    var content: YAMLSpan {
        var copy = self
        (copy.start, copy.end) = (TextPosition(line: 0, column: 0), TextPosition(line: 0, column: 0))
        copy.children = children.map(\.content)
        return copy
    }

    /// This node with the children of the node at `path` replaced by `children` (unchanged when nothing is there).
    func replacingChildren(at path: ArraySlice<YAMLPathStep>, with children: [YAMLSpan]) -> YAMLSpan {
        var copy = self
        guard let step = path.first else { copy.children = children; return copy }
        let i: Int? = switch step {
        case .key(let key): stride(from: 0, to: self.children.count - 1, by: 2).first { self.children[$0].scalar == key }.map { $0 + 1 }
        case .index(let n): kind == .sequence && self.children.indices.contains(n) ? n : nil
        }
        if let i { copy.children[i] = self.children[i].replacingChildren(at: path.dropFirst(), with: children) }
        return copy
    }
}
