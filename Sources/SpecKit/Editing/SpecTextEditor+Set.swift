extension SpecTextEditor {
    /// Sets the cell at `path` (ending with a key) to `text`: replaces the value's text, removes the key when `text`
    /// is blank, or adds the key to its mapping when it is not written yet. The text is written as one of its
    /// `writings`, the first that YAML reads back as typed; a text of several lines, or a value written as a `>` or `|`
    /// block, is written as a folded block (`notes: >`), its paragraphs wrapped.
    static func set(_ path: [YAMLPathStep], to text: String, in root: YAMLSpan, lines: inout LineText, file: String) throws(DiagnosticError) {
        guard case .key(let key)? = path.last else { throw refusal("a cell is a key of a row", file) }
        guard let parent = node(at: Array(path.dropLast()), in: root), parent.kind == .mapping else {
            throw refusal("there is no row at \(YAMLPathStep.written(Array(path.dropLast())))", file)
        }
        let entries = parent.entries
        let i = entries.firstIndex { $0.key.scalar == key }
        // A list or mapping set to a text of several lines: the text is YAML, never prose.
        if let i, text.contains("\n"), !text.isBlank, entries[i].value.isCollection {
            try setCollection(entries[i].value, key: key, to: text, at: path, lines: &lines, file: file)
            return
        }
        let old = i.map { lines.slice(entries[$0].value.start, lines.trimmed(entries[$0].value.end, after: entries[$0].value.start)) }
        // Written as a folded block: a text of several lines, or a value written as a block.
        let folds = old.map { $0.hasPrefix(">") || $0.hasPrefix("|") } ?? false || text.contains("\n")
        if folds && parent.flow { throw refusal("a value of several lines cannot be written inside { }: edit the file", file) }
        if text.isBlank {
            if let i { try remove(entry: i, of: parent, lines: &lines, file: file) }
            _ = try reread(lines.text, file: file)
            return
        }
        var problem: DiagnosticError?
        let indent = (i.map { entries[$0].key.start.column } ?? parent.start.column) - 1 + 2
        let candidates = folds
            ? [folded(text, indent: indent, strip: old.map { $0.hasPrefix(">-") || $0.hasPrefix("|-") } ?? false,
                      keeping: old.map { $0.split(separator: "\n").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) } } ?? [])]
            : writings(of: text)
        for writing in candidates {
            var edited = lines
            if let i {
                let old = entries[i].value
                edited.replace(old.start, edited.trimmed(old.end, after: old.start), with: writing.text)
            } else {
                add(key: key, value: writing.text, to: parent, lines: &edited)
            }
            do throws(DiagnosticError) {
                try readBack(writing, at: path, in: edited, file: file)
                lines = edited
                return
            } catch {
                problem = writing.value == nil ? quoteRefusal(writing.text, error, file: file) : error
            }
        }
        throw problem ?? refusal("the text cannot be written", file)
    }

    /// A list or mapping (a step's `expect:` over several lines) set to YAML text of several lines, written from the
    /// value's column (as the workbench shows the cell): its lines replace the value's, each indented as the value's
    /// first line is. It must read back as a list or mapping that is all of the text; a value written in `{ }` or `[ ]`
    /// on its line keeps to one line.
    static func setCollection(_ value: YAMLSpan, key: String, to text: String, at path: [YAMLPathStep], lines: inout LineText,
                              file: String) throws(DiagnosticError) {
        guard !value.flow else {
            throw refusal("\(key) is written inside \(value.kind == .mapping ? "{ }" : "[ ]") on one line: write the new value on one line too, or edit the file", file)
        }
        var body = text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.reversed().drop { $0 == " " }.reversed()) }
        while body.first?.isEmpty == true { body.removeFirst() }
        while body.last?.isEmpty == true { body.removeLast() }
        let pad = String(repeating: " ", count: value.start.column - 1)
        let written = body.map { $0.isEmpty ? $0 : pad + $0 }.joined(separator: "\n").dropFirst(pad.count)
        let advice = "write \(key) as YAML, as the cell shows it: one 'name: value' (or '- item') a line, from the first column"
        var edited = lines
        edited.replace(value.start, edited.trimmed(value.end, after: value.start), with: String(written))
        let root = try reread(edited.text, file: file, advice: advice)
        guard let node = node(at: path, in: root), node.isCollection,
              edited.slice(node.start, edited.trimmed(node.end, after: node.start)) == String(written) else {
            throw refusal("YAML would not read the text as a list or mapping that is all of \(key)'s value: \(advice)", file)
        }
        lines = edited
    }

    /// A text written as a folded block at `indent`: each line's spaces around it dropped (as a cell drops them), each
    /// paragraph wrapped at a space between words, the lines of a paragraph read back joined by spaces, a line break
    /// as an empty line; `>` (the value ends with one line break) or, with `strip`, `>-`. The lines of the block it
    /// replaces (`keeping`) are kept where the text still starts with them, so an edit changes only the lines it touches.
    static func folded(_ text: String, indent: Int, strip: Bool, keeping old: [String]) -> Writing {
        let paragraphs = text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        let value = paragraphs.joined(separator: "\n")
        let pad = String(repeating: " ", count: indent)
        var out: [String] = [], breaks = 0
        var kept = old.filter { !$0.isEmpty }[...]
        for paragraph in paragraphs {
            if paragraph.isEmpty { breaks += 1; continue }
            if !out.isEmpty { out += Array(repeating: "", count: breaks + 1) }
            breaks = 0
            var rest = Substring(paragraph)
            // The old lines this paragraph still starts with, each ending at a space of the text (or its end).
            if let start = kept.firstIndex(where: { Self.begins(rest, with: $0) }) { kept = kept[start...] }
            while let line = kept.first, Self.begins(rest, with: line), rest.count > line.count {
                out.append(pad + line)
                rest = rest.dropFirst(line.count + 1)
                kept = kept.dropFirst()
            }
            out += wrapped(String(rest), width: max(40, 118 - indent)).map { pad + $0 }
        }
        return Writing(text: (strip ? ">-\n" : ">\n") + out.joined(separator: "\n"), value: strip ? value : value + "\n")
    }

    /// Whether `text` starts with the line `line` followed by a single space between words (so the line can stay).
    static func begins(_ text: Substring, with line: String) -> Bool {
        guard !line.isEmpty, text.hasPrefix(line), text.count > line.count + 1 else { return false }
        let after = text.dropFirst(line.count)
        return after.first == " " && after.dropFirst().first != " " && line.last != " "
    }

    /// A line of prose cut at single spaces (a space between two other characters) into lines of at most `width`
    /// characters where it can be.
    static func wrapped(_ line: String, width: Int) -> [String] {
        var lines: [String] = [], rest = Substring(line)
        while rest.count > width {
            let chars = Array(rest)
            let single = { (i: Int) in chars[i] == " " && chars[i - 1] != " " && chars[i + 1] != " " }
            guard let cut = (1..<min(width + 1, chars.count - 1)).reversed().first(where: single)
                ?? (width + 1..<max(width + 1, chars.count - 1)).first(where: single) else { break }
            lines.append(String(chars[..<cut]))
            rest = Substring(String(chars[(cut + 1)...]))
        }
        lines.append(String(rest))
        return lines
    }

    /// The refusal of a text written as YAML, in words for whoever typed it: a text that starts with a quote that YAML
    /// does not read whole is most often prose that begins with a quotation, so the refusal says how to keep it as
    /// typed (inside single quotes, its own single quotes doubled). So is a text that starts with a bracket and that YAML
    /// cannot read (`[draft] check with design`): prose that begins with a bracket, not a list or mapping.
    static func quoteRefusal(_ text: String, _ error: DiagnosticError, file: String) -> DiagnosticError {
        guard let first = text.unicodeScalars.first, "\"'[{".unicodeScalars.contains(first) else { return error }
        let keep = "to keep the text as typed, quotes and all, type it inside single quotes, as '\(text.replacingOccurrences(of: "'", with: "''"))'"
        let message = error.diagnostics.first?.message ?? ""
        if first == "[" || first == "{" {
            // YAML's own words first, for a list or mapping that lacks its bracket; then the way to keep prose.
            let kind = first == "[" ? "a list" : "a mapping"
            return refusal(message + "; a text that starts with \(first) is read as \(kind): if it is prose, "
                           + keep.replacingOccurrences(of: "quotes and all", with: "brackets and all"), file)
        }
        if message.hasPrefix("YAML would read the cell as") {
            return refusal(message.replacingOccurrences(of: "write the whole value inside its quotes or brackets", with: "write the whole value inside its quotes; or, \(keep)"), file)
        }
        return refusal("a text that starts with a quote is read as a quoted YAML value, and \(text) is not one (its quote closes before the text ends, or never closes): \(keep)", file)
    }

    /// One way to write a cell's text: the text written, and the scalar YAML must read back from it (nil: the text is
    /// YAML, a quoted scalar or a flow collection, to be read as YAML reads it).
    struct Writing {
        var text: String
        var value: String?
    }

    /// How a cell's text may be written, in the order tried. Spaces around it are dropped, as a spreadsheet's cell
    /// drops them (a value that needs them is typed in quotes). A text that then starts with a quote or a bracket is
    /// YAML, written as it is. Any other text is the value itself: written plain when YAML reads it back exactly (so
    /// not with a ` #`, a `: `, a leading indicator), else double-quoted.
    static func writings(of text: String) -> [Writing] {
        let value = text.trimmingSpaces
        if let first = value.unicodeScalars.first, "\"'[{".unicodeScalars.contains(first) {
            return [Writing(text: value, value: nil)]
        }
        return [Writing(text: value, value: value), Writing(text: QuotedText.quote(value, QuotedText.yaml), value: value)]
    }

    /// Checks that the edited text reads as YAML, and that the cell at `path` reads back as `writing`: its whole text,
    /// and its scalar when the writing names one. Throws the refusal that says what went wrong otherwise.
    static func readBack(_ writing: Writing, at path: [YAMLPathStep], in lines: LineText, file: String) throws(DiagnosticError) {
        let asValue = writing.value != nil
        let advice = asValue ? "edit the file" : "write the value in quotes, or as YAML"
        let root = try reread(lines.text, file: file, advice: advice)
        guard let node = node(at: path, in: root) else {
            throw refusal("the cell would not be found again at \(YAMLPathStep.written(path)): \(advice)", file)
        }
        let written = lines.slice(node.start, lines.trimmed(node.end, after: node.start))
        if asValue {
            guard written == writing.text, node.scalar == writing.value else {
                throw refusal("YAML would not read the text back as typed, even in double quotes: edit the file", file)
            }
        } else if written != writing.text {
            throw refusal("YAML would read the cell as \(written), not as all of the text (the rest would be a comment or another " +
                          "value): write the whole value inside its quotes or brackets", file)
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
            // A block value's lines are lines of their own. A mapping that ends with a block scalar ends where the next
            // line starts: the key goes after the block's last line (`trimmed`), and before the blank lines after a `>`
            // or `|` block that are not its value (a `|+` block keeps them).
            var last = lines.trimmed(mapping.end, after: mapping.start).line
            if !(mapping.children.last.map { keepsBlankLines($0, lines) } ?? false) {
                while last > mapping.start.line, lines.lines[last - 1].allSatisfy({ $0 == " " }) { last -= 1 }
            }
            lines.insertLines("\(indent)\(key): \(value)".split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) },
                              before: last + 1)
        }
    }

    /// Whether a value is a block scalar that keeps its trailing blank lines (`|+`, `>+`, `|2+`): they are its text.
    static func keepsBlankLines(_ value: YAMLSpan, _ lines: LineText) -> Bool {
        let header = lines.lines[value.start.line - 1].dropFirst(value.start.column - 1).prefix { $0 != " " && $0 != "#" }
        return (header.first == "|" || header.first == ">") && header.contains("+")
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
        guard lines.lines[key.start.line - 1][..<(key.start.column - 1)].allSatisfy({ $0 == " " }) else {
            throw refusal("'\(key.scalar ?? "")' shares its line with the row's start: change it instead of clearing it", file)
        }
        let end = lines.trimmed(value.end, after: value.start)
        let after = LineText.string(lines.lines[end.line - 1][(end.column - 1)...])
        guard after.allSatisfy({ $0 == " " }) || after.trimmingSpaces.hasPrefix("#") else {
            throw refusal("'\(key.scalar ?? "")' shares its line with another key: edit the file", file)
        }
        lines.removeLines(key.start.line...end.line)
    }
}
