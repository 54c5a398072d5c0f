/// Turns libyaml's error state into one plain-language diagnostic.
extension YAMLEventParser {
    /// The diagnostic for the error libyaml has just reported.
    ///
    /// libyaml's problem text is kept (it names what was found), and made into a sentence: the context, such as
    /// "while parsing a block mapping", is followed by where that construct starts. Tabs and a few common slips get
    /// a sentence and hint of their own.
    func syntaxDiagnostic() -> Diagnostic {
        let error = self.error
        if let offset = error.offset, offset < input.count {
            var bytes = input[offset...].makeIterator()
            var decoder = UTF8()
            var code = "a character"
            if case .scalarValue(let scalar) = decoder.decode(&bytes) {
                code = "U+" + QuotedText.hex(scalar.value, digits: 4).uppercased()
            }
            return Diagnostic(
                .error, id: "yaml.control-character",
                "the file contains a control character (\(code)), which YAML does not allow",
                at: error.problemLocation, hint: "delete it; it is often invisible in an editor")
        }
        if let tab = indentationTab(near: error.problemLocation) {
            return Diagnostic(
                .error, id: "yaml.syntax", "could not read the YAML: tabs are not allowed for indentation; use spaces",
                at: tab, notes: ["libyaml said: \(error.problem)"])
        }
        var message = "could not read the YAML: \(error.problem)"
        var notes: [String] = []
        if let context = error.context, let contextLocation = error.contextLocation {
            let sameLine = contextLocation.line == error.problemLocation.line
            message += " \(context) that starts on "
                + (sameLine ? "column \(contextLocation.column)" : "line \(contextLocation.line)")
            notes.append("that construct starts at \(contextLocation)")
        }
        // A key whose ':' is missing (or is a look-alike) is found only at a line after it: the finding stands at the key.
        let missingColon = error.problem == "could not find expected ':'" && error.context == "while scanning a simple key"
        let look = lookAlike(near: error.problemLocation)
        let bare = look == nil && (missingColon || error.problem == "mapping values are not allowed in this context")
            ? keyWithoutColon(near: error.problemLocation) : nil
        let at = look?.at ?? bare?.at ?? (missingColon ? error.contextLocation ?? error.problemLocation : error.problemLocation)
        return Diagnostic(.error, id: "yaml.syntax", message, at: at, notes: missingColon || at != error.problemLocation ? [] : notes,
                          hint: look?.hint ?? bare?.hint ?? hint(problem: error.problem, context: error.context, at: error.problemLocation,
                                                                 opened: error.contextLocation))
    }

    /// A line at or just above the error that starts with a key and a space but has no ':' after the key, followed by
    /// one word or a flow collection (`- event background`, `then {phase: inactive}`): libyaml stops only at what
    /// follows it, with a message about that. The key's line, and the hint; nil when no such line is there.
    private func keyWithoutColon(near location: SourceLocation) -> (at: SourceLocation, hint: String)? {
        for line in [location.line, location.line - 1] where line >= 1 {
            let text = text(ofLine: line)
            let indent = text.prefix { $0 == " " }.count
            var body = Substring(text.dropFirst(indent))
            if body.hasPrefix("- ") { body = body.dropFirst(2) }
            let key = body.prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" })
            let rest = body.dropFirst(key.count), value = rest.drop(while: { $0 == " " })
            guard !key.isEmpty, rest.hasPrefix(" "), let first = value.first, first != ":", first != "#" else { continue }
            // One word, or a flow collection or quoted text: several words are more likely text (`- a plain text`).
            guard "{[\"'".contains(first) || !value.trimmingSpaces.contains(" ") else { continue }
            // No ':' before the value's own braces or quotes (`{phase: inactive}` has its own).
            guard !body.prefix(while: { !"{[\"'".contains($0) }).contains(":") else { continue }
            let column = text.count - body.count + 1
            return (SourceLocation(file: file, line: line, column: column),
                    "'\(key)' has no ':' after it: a key must be followed by ':' and a space ('\(key): …')")
        }
        return nil
    }

    /// Advice on a full-width colon or comma, or a typographic quote, on the error's line or the one above it (libyaml
    /// stops after a key whose `：` it did not take for a colon): the cause a reader cannot see.
    private func lookAlike(near location: SourceLocation) -> (at: SourceLocation, hint: String)? {
        for line in [location.line, location.line - 1] where line >= 1 {
            let text = text(ofLine: line)
            if let c = LookAlikePunctuation.first(in: Substring(text)) {
                let column = text.prefix { $0 == " " || $0 == "-" }.count + 1
                return (SourceLocation(file: file, line: line, column: column), "on line \(line), " + LookAlikePunctuation.advice(c))
            }
        }
        return nil
    }

    /// A tab in the indentation of the error's line, when the error is at or before the line's first real
    /// character: libyaml then reports a token it cannot start, which hides the real cause.
    private func indentationTab(near location: SourceLocation) -> SourceLocation? {
        let line = SourceBytes.line(location.line, in: input)
        var column = 1
        for byte in line {
            if byte == 0x09 {
                return SourceLocation(file: file, line: location.line, column: column)
            }
            guard byte == 0x20, column < location.column else { return nil }
            column += 1
        }
        return nil
    }

    /// Whether the line of `location` has a `: ` (or a `:` at its end) before the location's column: then a second
    /// `key: ` on one line is what libyaml stopped at, not a line indented under a key that already has its value.
    private func earlierColon(before location: SourceLocation) -> Bool {
        let line = Array(SourceBytes.line(location.line, in: input))
        let end = min(location.column - 1, line.count)
        return (0..<end).contains { i in line[i] == UInt8(ascii: ":") && (i + 1 == line.count || line[i + 1] == 0x20) }
    }

    /// The word of the line above `location` when that line is a list item of one plain word (`- relaunch`), which a
    /// more indented `key:` line cannot hang under; nil otherwise.
    private func plainItem(above location: SourceLocation) -> String? {
        guard location.line > 1 else { return nil }
        let text = text(ofLine: location.line - 1).trimmingSpaces
        guard text.hasPrefix("- ") else { return nil }
        let word = String(text.dropFirst(2)).trimmingSpaces
        return !word.isEmpty && word.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) ? word : nil
    }

    /// The word before which a flow collection lacks its ',', when libyaml stopped inside a line: the word it stopped
    /// at (`enabled` in `{phase: [a, b] enabled: true}`), or the last word before the ':' it stopped at (`source` in
    /// `{value: 60s source: x}`, read as the text `60s source`); nil at a line's start (a bracket left open).
    private func missingComma(at location: SourceLocation) -> String? {
        guard let (scalars, i) = scalars(at: location), i > 0 else { return nil }
        let isWord = { (s: Unicode.Scalar) in s.properties.isAlphabetic || ("0"..."9").contains(s) || "_-.".unicodeScalars.contains(s) }
        let word = isWord(scalars[i]) ? Array(scalars[i...].prefix(while: isWord))
            : scalars[i] == ":" ? Array(scalars[..<i].reversed().prefix(while: isWord).reversed()) : []
        // A word that starts its line (or its list item, `- event:`) follows a bracket left open on a line above.
        let start = isWord(scalars[i]) ? i : i - word.count
        guard !word.isEmpty, scalars[..<start].contains(where: { $0 != " " && $0 != "-" }) else { return nil }
        return String(String.UnicodeScalarView(word))
    }

    /// For a `}` or `]` where libyaml stopped, which closes nothing (`{away: grace}}`), the hint to delete it.
    private func strayCloser(at location: SourceLocation) -> String? {
        guard let (scalars, i) = scalars(at: location), scalars[i] == "}" || scalars[i] == "]" else { return nil }
        return "this '\(scalars[i])' closes nothing: delete it, or open its '\(scalars[i] == "}" ? "{" : "[")' where the value starts"
    }

    /// For a `key:` line indented between a list item's '-' and its first key (`   source:` under `  - id:`), the
    /// column its keys start at; for one indented between the keys of a mapping and those of the items of a list under
    /// it (`expect:` at or just left of its step's '-'), both columns; nil otherwise.
    private func itemKeyIndentation(at location: SourceLocation) -> String? {
        let indent = { (text: String) in text.prefix { $0 == " " }.count }
        let here = text(ofLine: location.line), column = indent(here)
        guard location.line > 1, here.trimmingSpaces.contains(":") else { return nil }
        // The outermost list item above, at or right of this line's column, whose keys are further in than it.
        var item: (line: Int, key: Substring, dash: Int)?
        for line in stride(from: location.line - 1, through: 1, by: -1) {
            let above = text(ofLine: line)
            let body = above.dropFirst(indent(above))
            let key = body.hasPrefix("- ") ? body.dropFirst(2).split(separator: ":").first : nil
            // Blank lines, comments and the item's other keys (as far in as they should be) are passed over.
            guard !body.isEmpty, !body.hasPrefix("#"), indent(above) < column else {
                if let key, column < indent(above) + 2, indent(above) < item?.dash ?? .max { item = (line, key, indent(above)) }
                continue
            }
            // The nearest line less indented: a list item whose first key is further in than this line…
            if let key {
                guard column < indent(above) + 2 else { return nil }
                return "this line starts at column \(column + 1), the keys of the list item on line \(line) ('\(key):') at column "
                    + "\(indent(above) + 3): indent it as '\(key):' is"
            }
            // …or a key of the mapping that holds a list whose items' keys are further in.
            guard let item, let outer = body.split(separator: ":").first else { return nil }
            return "this line starts at column \(column + 1), between the keys of the mapping on line \(line) ('\(outer):', column "
                + "\(indent(above) + 1)) and those of the list item on line \(item.line) ('\(item.key):', column \(item.dash + 3)): "
                + "indent it as the keys it belongs with"
        }
        return nil
    }

    /// For a value that starts with a character YAML keeps for itself (`away: > grace`: `>` and `|` start a block of
    /// text, `@` and `` ` `` are reserved), the hint to quote it, written out (`"> grace"`); nil otherwise.
    private func quotesNeeded(at location: SourceLocation) -> String? {
        guard let (scalars, i) = scalars(at: location), ">|@`".unicodeScalars.contains(scalars[i]) else { return nil }
        // The value runs to the end of its entry: a ',' or a closing bracket inside `{…}`, else the line (less a comment).
        let flow = scalars[..<i].contains { $0 == "{" || $0 == "[" }
        let value = String(String.UnicodeScalarView(scalars[i...].prefix { flow ? !",}]".unicodeScalars.contains($0) : $0 != "#" })).trimmingSpaces
        let why = scalars[i] == ">" || scalars[i] == "|" ? "starts a block of text there" : "is reserved there"
        return "YAML reads '\(scalars[i])' at the start of a value as a mark of its own (it \(why)): put the value in quotes, \"\(value)\""
    }

    /// The characters of the location's line and the index of the one at its column; nil past the line's end.
    private func scalars(at location: SourceLocation) -> (line: [Unicode.Scalar], index: Int)? {
        let scalars = Array(text(ofLine: location.line).unicodeScalars), i = location.column - 1
        return i >= 0 && i < scalars.count ? (scalars, i) : nil
    }

    /// The text of a 1-based line of the input, without its line break.
    private func text(ofLine line: Int) -> String { String(decoding: SourceBytes.line(line, in: input), as: UTF8.self) }

    /// Whether the line at `location` starts with a '-' glued to what follows (`-event: background`): YAML reads a
    /// key `-event` there, not a list item.
    private func dashWithoutSpace(at location: SourceLocation) -> Bool {
        let text = text(ofLine: location.line).trimmingSpaces
        return text.count > 1 && text.hasPrefix("-") && !text.dropFirst().hasPrefix(" ") && !text.hasPrefix("--")
    }

    private func hint(problem: String, context: String?, at location: SourceLocation, opened: SourceLocation?) -> String? {
        // A bracket left open: where it opened, when that is a line above.
        let unclosed = { (open: String, close: String, what: String) in
            opened.flatMap { $0.line < location.line ? "the '\(open)' on line \($0.line) is not closed: close it with '\(close)'" : nil }
                ?? "a \(what) written with '\(open)' must be closed with '\(close)'"
        }
        return switch (problem, context) {
        case ("found unexpected end of stream", "while scanning a quoted scalar"?):
            "a closing quote is missing"
        case (let problem, _) where problem.hasPrefix("did not find expected ',' or ']'"):
            missingComma(at: location).map { "a ',' is missing before '\($0)': the items of a list written with '[' are separated by ','" }
                ?? unclosed("[", "]", "list")
        case (let problem, _) where problem.hasPrefix("did not find expected ',' or '}'"):
            missingComma(at: location).map { "a ',' is missing before '\($0)': the entries of a mapping written with '{' are separated by ','" }
                ?? unclosed("{", "}", "mapping")
        case ("mapping values are not allowed in this context", _):
            earlierColon(before: location)
                ? "put the value in quotes if the ': ' is part of the text"
                : plainItem(above: location).map { "the line above is the list item '- \($0)', a plain value with no keys: to give it this "
                    + "one, write '- \($0):' and put this line under '\($0)', as far in" }
                ?? "this line is indented further than the key above it, which already has its value: indent it as that key is"
        case ("could not find expected ':'", _):
            "a key must be followed by ':' and a space"
        case ("found character that cannot start any token", _):
            quotesNeeded(at: location)
        case ("did not find expected comment or line break", "while scanning a block scalar"?):
            quotesNeeded(at: opened ?? location)
        case ("did not find expected key", _), ("did not find expected '-' indicator", _):
            dashWithoutSpace(at: location) ? "put a space after '-': a list item is written '- ' and then the item ('- event: …')"
                : strayCloser(at: location) ?? itemKeyIndentation(at: location) ?? "check the indentation of this line against the lines above it"
        default:
            nil
        }
    }
}
