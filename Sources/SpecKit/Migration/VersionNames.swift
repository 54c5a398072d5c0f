/// Language 3's rule for value types: where a fixture takes a version or a date as a value (`LiteralGrammar`),
/// language 2's version names (`v1_10`, `empty`) become the values they stood for (`"1.10"`, `""`), and malformed text
/// the spec passed on purpose is marked (`v1_x` → `"invalid 1.x"`).
enum VersionNames {
    /// Rewrites every value of a literal-typed input: in `events:` declarations and `with:` steps (by event), in a
    /// machine row's `when:` (by its `on:` events), in a decision's `inputs:` or a matrix's `axes:` and rows' `when:`
    /// (by its table); and every value of a literal-typed product parameter (`products`).
    static func migrate(_ m: inout FileMigration) {
        guard let fixture = m.root["fixture"]?.scalar, let vocabulary = m.catalog?.vocabulary(of: fixture) else { return }
        products(vocabulary.productLiterals, &m)
        let byEvent = vocabulary.events.mapValues { grammars(of: $0) }.filter { !$0.value.isEmpty }
        if let events = m.root["events"]?.mapping {
            for event in events { values(event.value, byEvent[event.key.scalar ?? ""] ?? [:], &m) }
        }
        for scenario in items(m.root["scenarios"]) { steps(scenario["steps"], byEvent, &m) }
        let table = m.table.flatMap { vocabulary.decisions[$0] ?? vocabulary.matrices[$0] }.map(grammars) ?? [:]
        for key in ["inputs", "axes"] where !table.isEmpty { if let declared = m.root[key] { values(declared, table, &m) } }
        for row in items(m.root["rows"]) {
            let on = row["on"].map { $0.sequence.map { $0.compactMap(\.scalar) } ?? [$0.scalar].compactMap { $0 } } ?? []
            var types = table
            for event in on { types.merge(byEvent[event] ?? [:]) { a, _ in a } }
            if let when = row["when"] { values(when, types, &m) }
        }
        staleWords(&m)
    }

    /// The words of the file (its title and notes, each row's or scenario's title, decision and notes) that still name a
    /// version name its values were rewritten from (`v1_1 = "1.1"` in a note): listed for a person to rewrite, as a
    /// choice the migration made (the words may speak of language 2 on purpose). `empty` is left out: it is a word.
    private static func staleWords(_ m: inout FileMigration) {
        let names = m.renamedValues.filter { $0.key != "empty" }
        guard !names.isEmpty else { return }
        var texts: [(owner: String, key: String, node: NodeView)] = ["title", "notes"].compactMap { key in m.root[key].map { ("the spec", key, $0) } }
        for item in items(m.root["rows"]) + items(m.root["scenarios"]) {
            let owner = item["id"]?.scalar.map { "\(m.root["scenarios"] == nil ? "row" : "scenario") \($0)" } ?? "a row"
            texts += ["title", "decision", "notes"].compactMap { key in item[key].map { (owner, key, $0) } }
        }
        for (owner, key, node) in texts {
            guard let text = node.scalar else { continue }
            let written = Set(words(in: Array(text.unicodeScalars)).map(\.word))
            let named = names.keys.filter(written.contains).sorted()
            guard !named.isEmpty else { continue }
            let now = named.map { quoted(names[$0] ?? "") }
            m.choice("\(owner)'s \(key) still name\(key == "notes" ? "" : "s") \(joinedWithAnd(named)): the file now writes \(named.count == 1 ? "it" : "them") \(joinedWithAnd(now))",
                     at: firstWritten(named, from: node.location, in: m.edits) ?? node.location, hint: "write the values in the text, unless it speaks of language 2's names on purpose", written: true)
        }
    }

    /// The values of the literal-typed product parameters (the launch gates' `appVersion`, `legalVersion`), wherever a
    /// product value is written: the `product:` of a spec or a product file (a value alone or `{value: …, decision: …}`),
    /// a product file's `variants:`, a scenario's `given:`. A value on a line `ProductBlock` removes is left to go with it.
    private static func products(_ literals: [String: LiteralGrammar], _ m: inout FileMigration) {
        guard !literals.isEmpty else { return }
        var blocks = [m.root["product"], m.root["variants"]]
        blocks += items(m.root["scenarios"]).map { $0["given"] }
        for case let entries? in blocks.map({ $0?.mapping }) {
            for entry in entries {
                guard let name = entry.key.scalar, let grammar = literals[name] else { continue }
                let value = entry.value.mapping != nil ? entry.value["value"] : entry.value
                for node in value.map({ $0.sequence.map(Array.init) ?? [$0] }) ?? [] where !m.edits.isRemoved(node.location.line) {
                    rewrite(node, grammar, &m, product: name)
                }
            }
        }
    }

    /// The literal-typed inputs among a fixture's inputs.
    private static func grammars(of inputs: [String: FixtureType]) -> [String: LiteralGrammar] {
        inputs.compactMapValues { if case .literal(let g) = $0 { return g } else { return nil } }
    }

    /// Every value, scalar or listed, of the literal-typed keys of a mapping: input declarations (`min: [empty, v1_2]`),
    /// a step's `with:`, a row's `when:`.
    private static func values(_ node: NodeView, _ types: [String: LiteralGrammar], _ m: inout FileMigration) {
        guard let entries = node.mapping else { return }
        for entry in entries {
            guard let name = entry.key.scalar, let grammar = types[name] else { continue }
            for value in entry.value.sequence.map(Array.init) ?? [entry.value] { rewrite(value, grammar, &m) }
        }
    }

    /// The `with:` of every step that sends an event, in blocks too.
    private static func steps(_ node: NodeView?, _ byEvent: [String: [String: LiteralGrammar]], _ m: inout FileMigration) {
        for step in items(node) {
            steps(step["steps"], byEvent, &m)
            guard let event = step["event"]?.scalar, let types = byEvent[event], let with = step["with"] else { continue }
            values(with, types, &m)
        }
    }

    /// One value: a language-2 name becomes its literal; a literal outside the grammar keeps its text, marked as
    /// malformed on purpose, and is listed for a person to check.
    ///
    /// A product value (`product`, its parameter's name) is the exception for a name: language 2's fixture read no
    /// name there and passed the text to the core as written (`appVersion: v1_1` ran the running version "v1_1", which
    /// is no version). It now reads the value the name stands for, as everywhere else, and is listed, as that is not
    /// what language 2 ran.
    private static func rewrite(_ node: NodeView, _ grammar: LiteralGrammar, _ m: inout FileMigration, product: String? = nil) {
        // A node written as an alias (`*twelve`) is left: its value is written, and rewritten, at its anchor.
        guard let written = node.scalar, grammar.problem(with: written) != nil, m.edits.rest(at: node.location).first != "*" else { return }
        if let text = literal(ofName: written) {
            let value = grammar.problem(with: text) == nil ? text : LiteralGrammar.invalidMark + text
            guard m.replaceScalar(node, with: quoted(value)) else { return unwritable(node, written, value, &m) }
            m.renamedValues[written] = value
            guard let product else {
                guard value != text else {
                    m.rewrote("\(written) → \(quoted(value)) (language 2 named the \(grammar == .date ? "date" : "version") \(quoted(text)))", at: node.location)
                    return
                }
                // A name for a text that is no version (`v1_x`, `v1_3b`): the core got that text, and still does, marked
                // as malformed on purpose. One meaning in both languages, so a rewrite; its words must not call it a version.
                m.rewrote("\(written) → \(quoted(value)) (language 2 named the text \(quoted(text)), which is not \(grammar.noun): the core gets it as before, marked as malformed on purpose)",
                          at: node.location)
                return
            }
            let asIs = grammar == .date ? "write the value meant" : "write \(quoted(LiteralGrammar.invalidMark + written))"
            m.choice("\(product): language 2 passed \(written) to the core as written, which is not \(grammar.noun); it now reads \(quoted(value)), the \(grammar == .date ? "date" : "version") the name stands for elsewhere",
                     at: node.location, hint: "if the core was meant to get the text \(written) as it is, \(asIs)", written: true)
            return
        }
        let value = LiteralGrammar.invalidMark + written
        guard grammar != .date, grammar.problem(with: value) == nil else {
            m.choice("'\(written)' is not \(grammar.noun), and language 3 checks it", at: node.location, hint: "write \(grammar.description)",
                     written: false)
            return
        }
        guard m.replaceScalar(node, with: quoted(value)) else { return unwritable(node, written, value, &m) }
        m.choice("'\(written)' is not \(grammar.noun); it now reads \(quoted(value)), which passes the core the text as written",
                 at: node.location, hint: "if it was meant to be a version, write the version instead", written: true)
    }

    private static func unwritable(_ node: NodeView, _ written: String, _ value: String, _ m: inout FileMigration) {
        m.choice("'\(written)' could not be rewritten where it stands", at: node.location, hint: "write \(quoted(value))", written: false)
    }

    /// The text a language-2 version name stood for, as its fixture read it: `empty` is "", and a name of a letter then
    /// a digit or `_` (then letters, digits and `_`) loses its first letter and reads `_` as `.`: `v1_10` is "1.10",
    /// `V1_2` "1.2", `v1__2` "1..2". Nil for any other text (`1.3b`, `banana`), which it did not read as a name.
    static func literal(ofName name: String) -> String? {
        if name == "empty" { return "" }
        guard let first = name.first, first.isASCII, first.isLetter else { return nil }
        let body = name.dropFirst()
        guard let lead = body.first, lead.isASCIIDigit || lead == "_",
              body.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else { return nil }
        return String(body.map { $0 == "_" ? "." : $0 })
    }

    /// A text as a double-quoted YAML scalar, escaped as needed.
    private static func quoted(_ text: String) -> String { QuotedText.quote(text, QuotedText.yaml) }

    /// Where the first of `names` is written as a word on the lines from `start` on (a block scalar's text starts on
    /// the line after its `>`), within the 200 lines after it; nil when not there.
    private static func firstWritten(_ names: [String], from start: SourceLocation, in edits: TextEdits) -> SourceLocation? {
        for line in start.line..<(start.line + 200) {
            let first = line == start.line ? start.column : 1
            let text = Array(edits.rest(at: SourceLocation(file: start.file, line: line, column: first)))
            if let found = words(in: text).first(where: { names.contains($0.word) }) {
                return SourceLocation(file: start.file, line: line, column: first + found.offset)
            }
        }
        return nil
    }

    /// The words of a text (runs of letters, digits and `_`: a version name is one word), each with its offset.
    private static func words(in text: [Unicode.Scalar]) -> [(word: String, offset: Int)] {
        let isWord = { (c: Unicode.Scalar) in c.properties.isAlphabetic || c.properties.numericType != nil || c == "_" }
        // Each run is a slice of `text`, its start index its offset.
        return text.split { !isWord($0) }.map { (String(String.UnicodeScalarView($0)), $0.startIndex) }
    }

    /// A sequence's items; none for an absent node or another kind.
    private static func items(_ node: NodeView?) -> [NodeView] { node?.sequence.map { Array($0) } ?? [] }
}
