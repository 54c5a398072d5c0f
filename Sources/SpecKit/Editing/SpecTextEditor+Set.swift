extension SpecTextEditor {
    /// Sets the cell at `path` (ending with a key) to `text`: replaces the value's text, removes the key when `text`
    /// is empty, or adds the key to its mapping when it is not written yet.
    static func set(_ path: [YAMLPathStep], to text: String, in root: YAMLSpan, lines: inout LineText, file: String) throws(DiagnosticError) {
        guard case .key(let key)? = path.last else { throw refusal("a cell is a key of a row", file) }
        guard let parent = node(at: Array(path.dropLast()), in: root), parent.kind == .mapping else {
            throw refusal("there is no row at \(path.dropLast().map(\.description).joined(separator: "."))", file)
        }
        let value = text.trimmingSpaces
        guard !value.contains("\n") else { throw refusal("a cell holds one line: edit a longer value in the file", file) }
        let entries = parent.entries
        if let i = entries.firstIndex(where: { $0.key.scalar == key }) {
            if value.isEmpty {
                try remove(entry: i, of: parent, lines: &lines, file: file)
            } else {
                let old = entries[i].value
                lines.replace(old.start, lines.trimmed(old.end, after: old.start), with: value)
            }
        } else if !value.isEmpty {
            add(key: key, value: value, to: parent, lines: &lines)
        }
    }

    /// Adds `key: value` to a mapping: inside the braces of a flow mapping, or on a line of its own, indented as the
    /// mapping's keys, after a block mapping's last line.
    static func add(key: String, value: String, to mapping: YAMLSpan, lines: inout LineText) {
        if mapping.flow {
            let close = TextPosition(line: mapping.end.line, column: mapping.end.column - 1)
            lines.replace(close, close, with: mapping.children.isEmpty ? "\(key): \(value)" : ", \(key): \(value)")
        } else {
            let indent = String(repeating: " ", count: mapping.start.column - 1)
            lines.insertLines([Array("\(indent)\(key): \(value)".unicodeScalars)], before: mapping.end.line + 1)
        }
    }

    /// Removes entry `i` of a mapping: its lines in a block mapping (when it has them to itself), its text and one
    /// comma in a flow mapping.
    static func remove(entry i: Int, of mapping: YAMLSpan, lines: inout LineText, file: String) throws(DiagnosticError) {
        let entries = mapping.entries
        let (key, value) = entries[i]
        if mapping.flow {
            if i + 1 < entries.count {
                lines.replace(key.start, entries[i + 1].key.start, with: "")
            } else if i > 0 {
                lines.replace(entries[i - 1].value.end, value.end, with: "")
            } else {
                lines.replace(key.start, value.end, with: "")
            }
            return
        }
        let before = LineText.string(Array(lines.lines[key.start.line - 1][..<(key.start.column - 1)]))
        guard before.allSatisfy({ $0 == " " }) else {
            throw refusal("'\(key.scalar ?? "")' shares its line with the row's start: change it instead of clearing it", file)
        }
        let end = lines.trimmed(value.end, after: value.start)
        let after = LineText.string(Array(lines.lines[end.line - 1][(end.column - 1)...]))
        guard after.allSatisfy({ $0 == " " }) || after.trimmingSpaces.hasPrefix("#") else {
            throw refusal("'\(key.scalar ?? "")' shares its line with another key: edit the file", file)
        }
        lines.removeLines(key.start.line...end.line)
    }
}
