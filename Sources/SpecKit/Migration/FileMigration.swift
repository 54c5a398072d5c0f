/// The migration of one spec file: the rules of each language version after the one the file is written in, applied
/// to its nodes as text edits.
struct FileMigration {
    var edits: TextEdits
    private(set) var rewrites: [Diagnostic] = []
    /// The language-2 version names this file's values were rewritten from, each with the value it now writes
    /// (`v1_1` → `"1.1"`): its words may still name them (`VersionNames.staleWords`).
    var renamedValues: [String: String] = [:]
    private(set) var choices: [Diagnostic] = []
    /// A file that cannot be migrated (it says a version this build does not know).
    private(set) var errors: [Diagnostic] = []
    /// The notes of `rewrites` that report an added line, by index, with the index of the insertion that added it.
    private var insertions: [Int: Int] = [:]
    /// The same for the notes of `choices`.
    private var choiceInsertions: [Int: Int] = [:]
    /// The keys to add after `kind:` (`table: …`, `language: 3`), each with its note, written by `writeAddedKeys`.
    private var addedKeys: [(entry: String, note: String)] = []
    let root: NodeView
    let catalog: (any FixtureCatalog)?
    let products: MigrationProducts

    init(text: String, root: NodeView, catalog: (any FixtureCatalog)?, products: MigrationProducts) {
        edits = TextEdits(text)
        self.root = root
        self.catalog = catalog
        self.products = products
    }

    /// The version the file says it is written in, or nil when it says none.
    private var declaredLanguage: Int? { root["language"]?.scalar.flatMap { Int($0) } }

    /// The fixture function the spec's table runs: its `table:`, or the one `tableKey` adds, so that the rules after
    /// it read the file as migrated so far.
    private(set) var table: String?

    /// Applies every version's rules in order (language 2's, then language 3's), then records the current version
    /// in the file.
    ///
    /// Every rule runs whatever version the file says: each rewrites only a construct that lint reports in the
    /// current language, and that construct had one meaning, in the version that allowed it. A file that says
    /// `language: 2` but holds a language-1 construct (a plain `expect:` on a repeated step, no `table:`) was already
    /// rejected by language 2, so the only meaning it has is language 1's; skipping that rule would leave the file
    /// failing lint for a second run to fix.
    mutating func run() {
        if let node = root["language"], declaredLanguage.map({ !(1...SpecLanguage.current).contains($0) }) ?? true {
            errors.append(Diagnostic(.error, id: "migrate.unknown-language",
                "this file says \(node.scalar.map { $0.isEmpty ? "an empty language:" : "language \($0)" } ?? "a language: that is not a number"), which this lockspec does not know (it reads 1 to \(SpecLanguage.current)): it is left as it is",
                at: node.location))
            return
        }
        guard root.mapping != nil else {
            errors.append(Diagnostic(.error, id: "migrate.not-a-spec", "this file is not a spec (its top level is not a mapping of keys such as id: and kind:): it is left as it is", at: root.location))
            return
        }
        table = root["table"]?.scalar
        let kind = root["kind"]?.scalar
        // Language 2's rules.
        if kind == "decision" || kind == "matrix" { tableKey() }
        if kind == "scenarios" { root["scenarios"]?.sequence.map { for s in $0 { repeatedExpect(s["steps"]) } } }
        ProductBlock.migrate(&self)
        // Language 3's rule.
        VersionNames.migrate(&self)
        if kind == "product" { FormerDefaults.addToProductFile(&self) } else { FormerDefaults.listInSpec(&self) }
        if !edits.edits.isEmpty || !addedKeys.isEmpty || (declaredLanguage ?? SpecLanguage.current) < SpecLanguage.current { recordLanguage() }
        writeAddedKeys()
        relocate()
    }

    /// Points every note at its line and column in the migrated file: a rewritten node where it now stands, an added
    /// line at that line, a removed line at the start of the line that now stands where it stood.
    private mutating func relocate() {
        let edits = self.edits
        func moved(_ d: Diagnostic) -> Diagnostic {
            var d = d
            let (line, column) = (d.location.line, d.location.column)
            d.location.line = edits.newLine(line)
            d.location.column = edits.isRemoved(line) ? 1 : edits.newColumn(column, line: line)
            return d
        }
        rewrites = rewrites.map(moved)
        choices = choices.map(moved)
        for (note, edit) in insertions { rewrites[note].location.line = edits.insertedLine(edit) }
        for (note, edit) in choiceInsertions { choices[note].location.line = edits.insertedLine(edit) }
    }

    // MARK: - Recording

    mutating func rewrote(_ message: String, at location: SourceLocation) {
        rewrites.append(Diagnostic(.note, id: "migrate.rewrote", message, at: location))
    }

    /// Records a choice whose old meaning insertion `edit` wrote as a line of its own (located at that line).
    mutating func addedChoice(_ message: String, edit: Int, column: Int, hint: String) {
        choiceInsertions[choices.count] = edit
        choice(message, at: SourceLocation(file: root.location.file, line: 1, column: column), hint: hint, written: true)
    }

    /// Records a place where a person must choose: `migrate.choice` where what the old version meant is written
    /// (the file reads as a person would write it, so no later run finds the place again), `migrate.unresolved` where
    /// nothing is (the file is as it was there, lint reports it, and every run lists it until a person chooses).
    mutating func choice(_ message: String, at location: SourceLocation, hint: String, written: Bool) {
        choices.append(Diagnostic(.warning, id: written ? "migrate.choice" : "migrate.unresolved", message, at: location, hint: hint))
    }

    /// Where a scalar's text is written and how: its column (after an anchor such as `&twelve `, which stays, so the
    /// aliases read what is written there) and its text as written (plain, or in double or single quotes); nil when
    /// the source there is none of these.
    func written(_ node: NodeView) -> (column: Int, form: String)? {
        guard let value = node.scalar else { return nil }
        let location = node.location
        var text = edits.rest(at: location), column = location.column
        if text.first == "&" {
            let anchor = text.prefix { $0 != " " && $0 != "\t" }.count
            let gap = text.dropFirst(anchor).prefix { $0 == " " || $0 == "\t" }.count
            (text, column) = (text.dropFirst(anchor + gap), column + anchor + gap)
        }
        return [value, "\"\(value)\"", "'\(value)'"].first { text.starts(with: $0.unicodeScalars) }.map { (column, $0) }
    }

    /// Replaces a scalar's text as written (`written`) by `text`; false when the source there is not the scalar.
    mutating func replaceScalar(_ node: NodeView, with text: String) -> Bool {
        guard let (column, form) = written(node) else { return false }
        return edits.replace(form, at: node.location.line, column: column, with: text)
    }

    /// Writes `language: <current>`: over the file's own `language:`, or as a key added after `kind:`.
    private mutating func recordLanguage() {
        let current = String(SpecLanguage.current)
        if let node = root["language"] {
            // A file that already says the current version keeps its line as it is.
            guard declaredLanguage != SpecLanguage.current else { return }
            let was = node.scalar ?? ""
            if replaceScalar(node, with: current) { rewrote("language: \(was) → \(current) (the version this file is now written in)", at: node.location) }
        } else {
            addedKeys.append(("language: \(current)", "added language: \(current) (the version this file is now written in)"))
        }
    }

    /// Adds the keys of `addedKeys` after `kind:`, as its siblings: each on a line of its own at `kind:`'s indentation
    /// in a block mapping, or after `kind:`'s value inside the braces of a flow one (`{…, kind: decision, table: …}`).
    private mutating func writeAddedKeys() {
        let entries = root.mapping.map(Array.init) ?? []
        guard !addedKeys.isEmpty, let k = entries.firstIndex(where: { $0.key.scalarIs("kind") }) else { return }
        let (kind, key, value) = (entries[k], entries[k].key.location, entries[k].value.location)
        guard edits.rest(at: root.location).first == "{" else {
            // After kind:'s value: its own line, or, for a block scalar (`kind: >-` and the text below), before the
            // next key (the end of the text when kind: is last).
            let indicator = edits.rest(at: value).first
            let next = k + 1 < entries.count ? entries[k + 1].key.location.line : nil
            let before = indicator == "|" || indicator == ">" ? next ?? Int.max : value.line + 1
            for added in addedKeys {
                // Located at the line it adds once the file is migrated (`relocate`).
                insertions[rewrites.count] = edits.insertLine(String(repeating: " ", count: key.column - 1) + added.entry, before: before)
                rewrote(added.note, at: SourceLocation(file: key.file, line: 1, column: key.column))
            }
            return
        }
        let extra = addedKeys.map { ", " + $0.entry }.joined()
        guard let (column, form) = written(kind.value), edits.replace(form, at: value.line, column: column, with: form + extra) else {
            errors.append(Diagnostic(.error, id: "migrate.unwritable", "the keys to add after kind: (\(addedKeys.map(\.entry).joined(separator: ", "))) have no place this migration can write them: add them yourself; the file is left as it is", at: value))
            return
        }
        for added in addedKeys { rewrote(added.note, at: value) }
    }

    // MARK: - Language 2's rules

    /// A decision or matrix spec names its fixture function with `table:`; language 1 took the spec's id.
    private mutating func tableKey() {
        guard root["table"] == nil, let id = root["id"]?.scalar, let kind = root["kind"] else { return }
        let fixture = root["fixture"]?.scalar ?? ""
        let vocabulary = catalog?.vocabulary(of: fixture)
        let functions = Set(((kind.scalar == "decision" ? vocabulary?.decisions : vocabulary?.matrices) ?? [:]).keys)
        guard functions.contains(id) else {
            let known = functions.isEmpty ? "" : "; it has \(functions.sorted().joined(separator: ", "))"
            choice("language 1 ran this table as the fixture function named by the spec id '\(id)', which fixture '\(fixture)' does not have",
                   at: kind.location, hint: "add 'table: <function>' after kind:\(known)", written: false)
            return
        }
        table = id
        addedKeys.append(("table: \(id)", "added table: \(id) (language 1 ran the function named by the spec id)"))
    }

    /// `expect:` on a repeated step meant "after the last repetition" in language 1; it is written `expect-last:`
    /// now, and a person decides whether every repetition should be checked instead.
    private mutating func repeatedExpect(_ steps: NodeView?) {
        guard let items = steps?.sequence else { return }
        for step in items {
            guard let entries = step.mapping else { continue }
            repeatedExpect(step["steps"])
            guard step["repeat"] != nil, let entry = entries.first(where: { $0.key.scalar == "expect" }) else { continue }
            let at = entry.key.location
            guard edits.replace("expect", at: at.line, column: at.column, with: "expect-last") else { continue }
            // One repetition: after the last is after each, so there is nothing to choose.
            if step["repeat"]?.scalar == "1" {
                rewrote("expect → expect-last (a step repeated once: after the last repetition is after each)", at: at)
                continue
            }
            choice("'expect' on a repeated step was checked after the last repetition only; it now reads expect-last:, which keeps that",
                   at: at, hint: "if the expectation should hold after every repetition, write expect-each: instead", written: true)
        }
    }

    /// Whether two written product values are the same value of the parameter's domain (`60s` and `1m`), each read as
    /// it reads once migrated (`v1_1` and `"1.1"` are the same version).
    func sameProductValue(_ a: String, _ b: String, _ name: String, _ fixture: String) -> Bool {
        let (a, b) = (productValue(a, name, fixture), productValue(b, name, fixture))
        guard let domain = catalog?.vocabulary(of: fixture)?.product[name],
              case .success(let x) = domain.parse(a), case .success(let y) = domain.parse(b) else { return a == b }
        return x == y
    }

    /// A written product value as it reads once migrated: for a literal-typed parameter, a language-2 version name
    /// is the value it stood for (`v1_2` is `1.2`, marked when that is no value of the type), as `VersionNames` writes it.
    func productValue(_ text: String, _ name: String, _ fixture: String) -> String {
        guard let grammar = catalog?.vocabulary(of: fixture)?.productLiterals[name], grammar.problem(with: text) != nil,
              let named = VersionNames.literal(ofName: text) else { return text }
        return grammar.problem(with: named) == nil ? named : LiteralGrammar.invalidMark + named
    }

    /// A written product value as a spec writes it once migrated: `productValue`, quoted for a literal-typed parameter
    /// (`"1.2"`, as language 3 writes a version), as written for any other.
    func writtenProductValue(_ text: String, _ name: String, _ fixture: String) -> String {
        guard catalog?.vocabulary(of: fixture)?.productLiterals[name] != nil else { return text }
        return QuotedText.quote(productValue(text, name, fixture), QuotedText.yaml)
    }
}
