/// Collects the findings of reading one spec file and offers the small readers every part of a spec uses.
/// Each reader reports a located, plain-language error and returns nil, so reading goes on and every mistake
/// in a file is reported at once.
final class ReadContext {
    let file: String
    /// The findings so far, at most `FileFindings.maximum` listed.
    private var findings: FileFindings
    /// The findings, with the one that counts those not listed.
    var diagnostics: [Diagnostic] { findings.all }
    /// Whether no more findings are listed: work that only improves a finding's words (a did-you-mean) is skipped.
    var listsNoMore: Bool { findings.isFull }
    /// The product parameters that rows and steps may name (see `ReadContext+Product`).
    var product = ProductScope()
    /// Failures already explained elsewhere (a reference to a product value reported at its own line).
    var quietFailures = 0
    /// The product values each row read by name, by row id, in the order first read (`RowIdentity.productValues`).
    var productReads: [String: [Binding]] = [:]

    /// The numbers each row's expressions give, and the product values they name, by row id (`ReadContext+StaleNumbers`).
    var rowNumbers: [String: Set<Value>] = [:]
    /// The numbers each row's expressions gave at the design documents' values, where the product file now differs.
    var formerNumbers: [String: [FormerNumber]] = [:]

    /// A row's identity, with the product values it read (call it once the row's conditions and outcomes are read).
    /// Its id, title, decision and notes (in `wording`) are checked for numbers a product value left behind.
    func rowIdentity(_ id: String, trace: Trace, wording: KeyedNodes, at location: SourceLocation) -> RowIdentity {
        checkStaleNumbers(of: id, wording: wording)
        return RowIdentity(id: id, trace: trace, location: location, sourceLocation: wording["source"]?.location,
                           productValues: productReads[id] ?? [])
    }
    /// Grows with every finding and every quiet failure: a reader compares it before and after a step to know
    /// whether that step failed for a reason already given.
    var failureMark: Int { findings.count + quietFailures }
    /// Names whose declaration was reported as wrong (a bad name, a bad domain). A later use of such a name follows
    /// from that finding, so it is not reported again as unknown: one typo, one finding.
    private(set) var brokenNames: Set<String> = []
    /// The spec's fixture and, when the fixtures are known, the types of its events' inputs: a declared input that
    /// does not fit is reported where it is declared, and the rows that use it follow from that.
    var fixture: (name: String, events: [String: [String: FixtureType]])?
    /// The observations the spec's fixture offers to a machine or a scenario, with their types, when the fixtures are
    /// known: a scenario expecting one its spec has not declared is told the declaration to add.
    var fixtureObservations: [String: FixtureType]?
    /// What findings call one of the spec's ids (`Spec.Kind.rowNoun`): a scenario is not a row to its author.
    var rowNoun = "row"

    init(file: String) {
        self.file = file
        findings = FileFindings(file: file)
    }

    /// Records a declaration found wrong elsewhere than by `declarations`, so its uses follow from that finding.
    func markBroken(_ name: String) { brokenNames.insert(name.trimmingSpaces) }

    /// Appends a finding made elsewhere (a shared check's).
    func report(_ diagnostic: Diagnostic) { findings.add(diagnostic.severity) { diagnostic } }

    func error(_ id: String, _ message: @autoclosure () -> String, at location: SourceLocation, hint: String? = nil, rows: [String] = [], notes: [String] = []) {
        findings.add(.error) { Diagnostic(.error, id: id, message(), at: location, rows: rows, notes: notes, hint: hint) }
    }

    func warning(_ id: String, _ message: @autoclosure () -> String, at location: SourceLocation, hint: String?, rows: [String] = []) {
        findings.add(.warning) { Diagnostic(.warning, id: id, message(), at: location, rows: rows, hint: hint) }
    }

    /// Whether a name's declaration was already reported as wrong, so an unknown use of it follows from that finding.
    func isBroken(_ name: String) -> Bool { brokenNames.contains(name.trimmingSpaces) }

    /// The finding `id` for a use of `name`, which is none of `candidates` (`message` says what it is not), with a
    /// did-you-mean among them; none when the name's declaration was reported as wrong, as the use follows from that.
    /// Read inside the mapping of key `under` (`then:`), a name that is one of the keys beside it (`effects`, `to`) is
    /// most likely indented one step too far: the hint says so. A hint the caller knows better (`known`: the fixture has
    /// the name, or it is a value of another name) comes before the did-you-mean.
    func unknown(_ name: String, _ id: String, _ message: @autoclosure () -> String, at location: SourceLocation,
                 among candidates: some Sequence<String>, rows: [String] = [], notes: [String] = [],
                 under: String? = nil, beside keys: [String] = [], hint known: String? = nil) {
        guard !isBroken(name) else { return }
        let indented = under.flatMap { key in
            keys.contains(name) ? "'\(name):' belongs beside '\(key):', not inside it: indent it as far as '\(key):' is, not further" : nil
        }
        error(id, message(), at: location, hint: indented ?? known ?? Self.valueAsName(name) ?? Suggest.didYouMean(name, in: candidates),
              rows: rows, notes: notes)
    }

    /// For a name that is a number or a duration (`{away: 1,5m}` reads `5m` as a name: in `{…}` a ',' ends an entry,
    /// a decimal comma too), the hint that says so; nil for a name.
    static func valueAsName(_ name: String) -> String? {
        let duration = Value.isDurationText(name)
        guard duration || (!name.isEmpty && name.allSatisfy(\.isASCIIDigit)) else { return nil }
        return "'\(name)' is a value, not a name: in {…} a ',' starts the next entry, so a decimal comma splits a value in two: write one "
            + (duration ? "duration, a whole number of one unit (90s, not 1,5m)" : "whole number")
    }

    /// The kinds of name a spec takes from its fixture, which a spec cannot rename.
    enum FixtureName: String {
        case event, state
    }

    /// When the spec's fixture has `name` as one of its events or states although the spec does not declare it (a
    /// declaration renamed, most often), the hint that says so: the fixture's names are fixed. Nil otherwise.
    func fixtureKnows(_ name: String, as kind: FixtureName) -> String? {
        guard let fixture else { return nil }
        let known: Bool
        switch kind {
        case .event: known = fixture.events[name] != nil
        case .state:
            guard case .domain(.enumeration(let states))? = fixtureObservations?["state"] else { return nil }
            known = states.contains(name)
        }
        guard known else { return nil }
        let list = kind == .event ? "events:" : "states:"
        return "fixture '\(fixture.name)' has the \(kind.rawValue) '\(name)', and its names cannot be changed in a spec: if '\(list)' "
            + "renamed it, give it back its name there ('lockspec lint --fixtures \(fixture.name)' lists the fixture's names)"
    }

    /// The entries of a mapping, or an error saying what was expected.
    func mapping(_ node: NodeView, _ what: @autoclosure () -> String) -> NodeView.Entries? {
        if let entries = node.mapping { return entries }
        if node.scalarIs("") || node.scalarIs("~") || node.scalarIs("null") { return node.noEntries }
        error("spec.wrong-type", "\(what()) should be a mapping (name: value lines), but it is \(node.kindDescription)", at: node.location)
        return nil
    }

    /// The items of a list; a single value counts as a list of one when `single` is true.
    func list(_ node: NodeView, _ what: @autoclosure () -> String, single: Bool = false) -> NodeView.Items? {
        if let items = node.sequence { return items }
        if single, node.isScalar { return NodeView.Items(single: node) }
        error("spec.wrong-type", "\(what()) should be a list (lines starting with '- ', or [a, b]), but it is \(node.kindDescription)", at: node.location)
        return nil
    }

    /// The text of a scalar, or an error.
    func text(_ node: NodeView, _ what: @autoclosure () -> String, allowEmpty: Bool = false) -> String? {
        guard let text = node.scalar else {
            error("spec.wrong-type", "\(what()) should be a single value, but it is \(node.kindDescription)", at: node.location)
            return nil
        }
        if !allowEmpty && text.isBlank {
            error("spec.empty-value", "\(what()) is empty", at: node.location)
            return nil
        }
        return text
    }

    /// A name: a letter or underscore, then letters, digits and underscores.
    func name(_ node: NodeView, _ what: @autoclosure () -> String) -> String? {
        guard let text = text(node, what()) else { return nil }
        guard Self.isName(text) else {
            brokenNames.insert(text.trimmingSpaces)
            error("spec.bad-name", "\(what()) '\(text)' is not a valid name: use letters, digits and '_', starting with a letter",
                  at: node.location)
            return nil
        }
        return text
    }

    /// A list of names (`each` names one), each kept once with where it is written; a repeat is `spec.duplicate-name`.
    func distinctNames(_ node: NodeView, _ what: String, each: String, repeated: (String) -> String) -> [Named] {
        guard let items = list(node, what) else { return [] }
        var seen: Set<String> = [], result: [Named] = []
        for item in items {
            guard let name = name(item, each) else { continue }
            if seen.insert(name).inserted { result.append(Named(name: name, location: item.location)) } else {
                error("spec.duplicate-name", repeated(name), at: item.location)
            }
        }
        return result
    }

    /// A member of an enumeration: a name, or a text expression (`main + " "`, `1.2`) for a fixture to evaluate. A
    /// quoted text that is neither a name nor an attempt at a text expression (`""`, `"invalid 1.x"`: no `+`, `(` or
    /// `"`) is a literal member, for a fixture whose value type takes it (`LiteralGrammar`); lint checks its grammar.
    func enumerationMember(_ node: NodeView, _ what: @autoclosure () -> String) -> String? {
        // Text after the mark of a malformed literal is whatever it is (`"invalid "` is the mark with no text: the
        // grammar says so, where as an expression it would read as the word `invalid`).
        if node.isQuoted, let text = node.scalar, text.isEmpty || (!text.contains(where: { "+(\"".contains($0) }) && !Self.isName(text)
                                                                 && (text.hasPrefix(LiteralGrammar.invalidMark) || (try? TextExpression.parse(text).get()) == nil)) {
            return text
        }
        guard let text = node.scalar, !Self.isName(text), text.contains(where: { "+(\"".contains($0) || $0.isNumber }) else {
            return name(node, what())
        }
        switch TextExpression.parse(text) {
        case .success: return text
        case .failure(let e):
            // A long value is named by its start: the location says where the rest is.
            let shown = text.count > 80 ? "\(text.prefix(60))…' (\(text.count) characters)" : "\(text)'"
            error("spec.bad-expression", "\(what()) '\(shown) is neither a name nor a text expression: \(e.message)", at: node.location, hint: e.hint)
            return nil
        }
    }

    static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || isLetter(first) else { return false }
        return text.unicodeScalars.allSatisfy(isNameScalar)
    }

    /// A character a name may hold: `_`, a letter of any script, an ASCII digit.
    static func isNameScalar(_ s: Unicode.Scalar) -> Bool { s == "_" || isLetter(s) || ("0"..."9").contains(s) }

    /// A letter of any script; an ASCII one is told without looking up its Unicode properties.
    private static func isLetter(_ s: Unicode.Scalar) -> Bool {
        s.isASCII ? ("a"..."z").contains(s) || ("A"..."Z").contains(s) : s.properties.isAlphabetic
    }

    /// ASCII only, so read byte by byte: a byte of a character outside ASCII is none of these.
    static func isRowID(_ text: String) -> Bool {
        func isAlphanumeric(_ b: UInt8) -> Bool { (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) }
        guard let first = text.utf8.first, isAlphanumeric(first) else { return false }
        return text.utf8.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") }
    }

    /// Words people write for a key that spelling alone does not lead to (`wait: 10s` for `advance: 10s`), with the
    /// key they mean: the did-you-mean of an unknown key, where that key is allowed.
    static let wordsForKeys = ["wait": "advance", "sleep": "advance", "delay": "advance", "elapse": "advance", "pass": "advance",
                               "times": "repeat", "inputs": "with", "input": "with", "then": "expect"]

    /// Checks a mapping's keys: unknown keys get a did-you-mean, missing required keys are named.
    /// Returns the entries by key for the known ones.
    /// `below`: the keys of what this mapping holds and its name (`a step` under a scenario): such a key here was
    /// indented too little, and is told so.
    func keys(_ entries: NodeView.Entries, of node: NodeView, what: @autoclosure () -> String, required: [String], optional: [String],
              below: (keys: [String], what: String)? = nil, missingHint: (String) -> String? = { _ in nil }) -> KeyedNodes {
        var byKey = KeyedNodes(capacity: entries.count)
        // Required keys an unknown key's did-you-mean already names: that finding says what is missing.
        var suggested: Set<String> = []
        for entry in entries {
            guard let key = entry.key.scalar else {
                error("spec.wrong-type", "a key of \(what()) should be a single name, but it is \(entry.key.kindDescription)", at: entry.key.location)
                continue
            }
            if required.contains(where: { KeyedNodes.same($0, key) }) || optional.contains(where: { KeyedNodes.same($0, key) }) {
                byKey.accept(entry, key: key)
            } else if let meant = refuseKey(key, at: entry.key.location, allowed: required + optional, what: what(), below: below) {
                suggested.insert(meant)
            }
        }
        for key in required where byKey[key] == nil && !suggested.contains(key) {
            error("spec.missing-key", "\(what()) needs '\(key)'", at: node.location, hint: missingHint(key))
        }
        return byKey
    }

    /// Reports a key a mapping does not take, with the likeliest reason: a key whose ':' is missing before its value
    /// (`with {away: 1s}`), a key of the level below indented too little, a word people use for a key, or a typo.
    /// Returns the key it names instead, if any.
    private func refuseKey(_ key: String, at location: SourceLocation, allowed: [String], what: String,
                           below: (keys: [String], what: String)?) -> String? {
        let head = String(key.prefix { $0 != " " && $0 != "{" && $0 != "[" })
        if head != key, allowed.contains(head) {
            error("spec.unknown-key", "\(what) has no key '\(key)'", at: location,
                  hint: "'\(head)' has no ':' after it: a key must be followed by ':' and a space ('\(head): …')")
            return head
        }
        let takes = "\(what) has no key '\(key)'; it takes \(allowed.map { "'\($0)'" }.joined(separator: ", "))"
        if let below, below.keys.contains(key) {
            error("spec.unknown-key", takes, at: location,
                  hint: "'\(key)' is a key of \(below.what): indent it under the one it belongs to, as far in as its other keys")
            return nil
        }
        let meant = Self.wordsForKeys[key.lowercased()].flatMap { word in allowed.contains(word) ? word : nil }
        let closest = listsNoMore ? nil : meant ?? Suggest.closest(to: key, in: allowed)
        error("spec.unknown-key", takes, at: location, hint: closest.map { "did you mean '\($0)'?" })
        return closest
    }

    /// A domain: `bool`, `text`, `int a..b`, `duration a..b`, or a list of names. A member refused (reported) leaves
    /// the others, and marks `declared` broken, so the values written for it follow from that finding.
    func domain(_ node: NodeView, _ what: @autoclosure () -> String, declared: String?) -> Domain? {
        if let items = node.sequence {
            var names: [String] = []
            for item in items {
                guard let name = enumerationMember(item, "a value of \(what())") else {
                    if let declared { brokenNames.insert(declared) }
                    continue
                }
                if names.contains(name) {
                    error("spec.duplicate-value", "\(what()) lists '\(name)' twice", at: item.location)
                } else {
                    names.append(name)
                }
            }
            guard !names.isEmpty else {
                error("spec.empty-domain", "\(what()) has no values: list at least one", at: node.location)
                return nil
            }
            return .enumeration(names)
        }
        guard let text = text(node, what()) else { return nil }
        switch Domain.parse(text) {
        case .success(let d): return d
        case .failure(let e):
            error("spec.bad-domain", "\(what()): \(e.message)", at: node.location, hint: e.hint)
            return nil
        }
    }

    /// Declarations: a mapping of names to domains, each written short (`bool`) or as `{type:, initial:}`.
    func declarations(_ node: NodeView, _ what: @autoclosure () -> String, allowText: Bool, allowInitial: Bool,
                      allowPersist: Bool = false) -> [Declaration] {
        guard let entries = mapping(node, what()) else { return [] }
        return entries.compactMap { entry -> Declaration? in
            guard let name = self.name(entry.key, "a name in \(what())") else { return nil }
            if name == "state" || name == "effects" {
                error("spec.reserved-name", "'\(name)' is reserved (it names the machine's state or a step's effects); choose another name",
                      at: entry.key.location)
                return nil
            }
            // Written as a mapping, its keys; written short, its value is the type.
            let byKey = entry.value.mapping.map {
                keys($0, of: entry.value, what: "the declaration of '\(name)'", required: ["type"],
                     optional: Self.declarationKeys(allowInitial: allowInitial, allowPersist: allowPersist))
            }
            guard let typeNode = byKey == nil ? entry.value : byKey?["type"] else { return nil }
            guard let domain = domain(typeNode, "the type of '\(name)'", declared: name) else {
                brokenNames.insert(name)
                return nil
            }
            if domain == .text && !allowText {
                brokenNames.insert(name)
                error("spec.text-in-condition", "'\(name)' cannot be text here: \(what()) are tested in conditions, so give a finite domain",
                      at: typeNode.location, hint: "use a list of names, bool, int a..b or duration a..b")
                return nil
            }
            let initial = byKey?["initial"].flatMap { value($0, domain, "the initial value of '\(name)'") } ?? domain.defaultValue
            var declaration = Declaration(name: name, domain: domain, initial: initial, location: entry.key.location)
            if let node = byKey?["open-ended"] { declaration.openEnded = openEnded(node, domain: domain, name: name) }
            if let persistNode = byKey?["persist"], let persists = flag(persistNode, "'persist' of '\(name)'") {
                declaration.persists = persists
                declaration.persistLocation = persistNode.location
            }
            return declaration
        }
    }

    /// `open-ended: true|false` on a variable; only an `int a..b` variable can be open-ended (the model stops at `b`).
    private func openEnded(_ node: NodeView, domain: Domain, name: String) -> Bool {
        guard let text = text(node, "open-ended of '\(name)'") else { return false }
        guard text == "true" || text == "false" else {
            error("spec.bad-open-ended", "open-ended of '\(name)' must be true or false, not '\(VisibleText.escape(text))'", at: node.location)
            return false
        }
        guard text == "true" else { return false }
        guard case .int = domain else {
            error("spec.bad-open-ended", "only an int variable can be open-ended ('\(name)' is \(domain)): the model stops at the top of its domain",
                  at: node.location, hint: "declare it as int a..b, or drop open-ended")
            return false
        }
        return true
    }

    /// The optional keys of a declaration written as a mapping (beside the required `type`): a machine variable's
    /// `initial`, `open-ended` and `persist`, and `notes` everywhere.
    static func declarationKeys(allowInitial: Bool, allowPersist: Bool) -> [String] {
        (allowInitial ? ["initial", "open-ended"] : []) + (allowPersist ? ["persist"] : []) + ["notes"]
    }

    /// `true` or `false`; anything else is `spec.bad-choice`.
    func flag(_ node: NodeView, _ what: @autoclosure () -> String) -> Bool? {
        guard let text = text(node, what()) else { return nil }
        if text == "true" || text == "false" { return text == "true" }
        error("spec.bad-choice", "\(what()) must be true or false, not '\(text)'", at: node.location)
        return nil
    }

    /// A value of a domain; an expression in it counts as read by `rows`. A value outside a `declaration`'s domain
    /// names where that domain is declared (another file's machine, often), so the limit can be found and moved.
    func value(_ node: NodeView, _ domain: Domain, _ what: @autoclosure () -> String, rows: [String] = [],
               declaration: Declaration? = nil) -> Value? {
        guard let text = text(node, what(), allowEmpty: domain == .text || domain.contains(.symbol(""))) else { return nil }
        switch domain.parse(text) {
        case .success(let v): return v
        case .failure(let e):
            if domain.isOrdered {
                switch evaluate(text, as: domain, within: domain.bounds, at: node.location, rows: rows) {
                case .value(let o): return domain.value(atOrdinal: o)
                case .failed: return nil
                case .notAReference: break
                }
            }
            error("spec.out-of-domain", "\(what()): \(e.message)", at: node.location,
                  hint: e.hint ?? declaration.flatMap { domain.wayOut(text, name: $0.name) },
                  notes: declaration.map { [$0.declaredNote] } ?? [])
            return nil
        }
    }

    /// A decision's text; the placeholder a hint shows (`D-…: why this spec differs`) is refused, so a hint pasted as
    /// it stands never passes for a decision someone took.
    func decisionText(_ node: NodeView, _ what: @autoclosure () -> String, rowID: String? = nil) -> String? {
        placeholderRefused(node, what(), rowID: rowID, marks: ["D-…", "D-..."], id: "spec.placeholder-decision",
                           ask: "say which decision this is and why", example: "an id and the reason, such as \"D-GATE-ON: these rows start with the gate on\"")
    }

    /// A trace: `source`, `decision`, or both; one of them is required.
    func trace(_ byKey: KeyedNodes, at location: SourceLocation, rowID: String) -> Trace {
        let (sourceNode, decisionNode) = (byKey["source"], byKey["decision"])
        let source = sourceNode.flatMap { sourceText($0, rowID: rowID) }
        let decision = decisionNode.flatMap { decisionText($0, "the decision of \(rowNoun) \(rowID)", rowID: rowID) }
        if source == nil && decision == nil && sourceNode == nil && decisionNode == nil {
            error("spec.untraced-row",
                  "\(rowNoun) \(rowID) says neither where it comes from nor why: add 'source: <document> §<section>' or 'decision: <why>'",
                  at: location, rows: [rowID])
        }
        if let source, Citation.anyWithoutSection(in: source) {
            // `face-id-launch-lock.zh.md 2`: the section is there, its mark is not.
            let leftOut = Self.markLeftOut(source)
            let says = leftOut.map { "has no '§' before its section: '\($0.written)'" }
                ?? "names no section: write '<document> §<section>'"
            let at = sourceNode?.location ?? location
            warning("spec.source-without-section", "the source of \(rowNoun) \(rowID) \(says)", at: at,
                    hint: leftOut.map { "write '\($0.meant.document) §\($0.meant.section)'" }, rows: [rowID])
        }
        return Trace(source: source, decision: decision)
    }

    /// The first citation of a source written with its `§` left out, and what it most likely means.
    static func markLeftOut(_ source: String) -> (written: String, meant: (document: String, section: String))? {
        source.split(separator: ";").lazy.map { OutlineText.trimmed(String($0)) }
            .compactMap { text in Citation.withoutMark(text).map { (text, $0) } }.first
    }

    /// A citation's text; the placeholder a hint or a new spec shows (`<document> §<section>`) is refused, so a row never
    /// passes for traced while it names no document.
    func citation(_ node: NodeView, _ what: @autoclosure () -> String, rowID: String? = nil) -> String? {
        placeholderRefused(node, what(), rowID: rowID, marks: ["<document>", "<section>"], id: "spec.placeholder-source",
                           ask: "name the design document and its section",
                           example: "the document's file name and the section, such as \"face-id-launch-lock.zh.md §3.1\"")
    }

    /// A text that must not still hold a placeholder's `marks`: one finding when it does. The text is kept, so the
    /// rest is read as written.
    private func placeholderRefused(_ node: NodeView, _ what: @autoclosure () -> String, rowID: String?, marks: [String], id: String,
                                    ask: String, example: String) -> String? {
        guard let text = text(node, what()) else { return nil }
        // A mark is searched for only in a text that holds its first byte (a '<' or a 'D': few texts do).
        if marks.contains(where: { mark in (mark.utf8.first.map { text.utf8.contains($0) } ?? true) && text.containsText(mark) }) {
            error(id, "\(what()) is still the placeholder '\(text)': \(ask)", at: node.location, hint: "write \(example)", rows: rowID.map { [$0] } ?? [])
        }
        return text
    }

    /// A row's source: one `<document> §<section>`, or a list of them (kept joined by `; `; an item may not contain `;`).
    func sourceText(_ node: NodeView, rowID: String) -> String? {
        guard let items = node.sequence else { return citation(node, "the source of \(rowNoun) \(rowID)", rowID: rowID) }
        if items.isEmpty { error("spec.empty-value", "the source of \(rowNoun) \(rowID) is an empty list", at: node.location); return nil }
        var texts: [String] = []
        for item in items {
            guard let t = citation(item, "each source of \(rowNoun) \(rowID)", rowID: rowID) else { return nil }
            if t.containsText(";") {
                error("spec.wrong-type", "a source in a list holds one citation, without ';'", at: item.location, rows: [rowID])
                return nil
            }
            texts.append(t)
        }
        return texts.joined(separator: Citation.separator)
    }

    /// The rows of a decision table or a matrix: each a mapping with `id`, a trace, an optional `when` on `conditions`'
    /// names, and its results under `resultKey` (`then` or `expect`), bindings of `results`.
    func tableRows(_ byKey: KeyedNodes, what: String, resultKey: String, conditions: [Declaration], tested: String,
                   results: [Declaration], resultWhat: String) -> [DecisionRow] {
        guard let node = byKey["rows"], let items = list(node, "rows") else { return [] }
        let names = conditions.firstByKey { ($0.name, $0) }
        return items.compactMap { item in
            guard let entries = mapping(item, "a row") else { return nil }
            let rowKeys = keys(entries, of: item, what: what, required: ["id", resultKey], optional: Self.tableRowKeys)
            guard let id = rowID(rowKeys, at: item.location) else { return nil }
            let trace = self.trace(rowKeys, at: item.location, rowID: id)
            let when = rowKeys["when"].map { self.conditions($0, names: names, what: tested, rowID: id, beside: ["id", resultKey] + Self.tableRowKeys) } ?? []
            let bound = rowKeys[resultKey].map { DecisionReader.bindings($0, declared: results, what: resultWhat, rowID: id, context: self) } ?? []
            return DecisionRow(identity: rowIdentity(id, trace: trace, wording: rowKeys, at: item.location), when: when, then: bound)
        }
    }

    /// The optional keys of a decision or matrix row (beside `id` and its result key).
    static let tableRowKeys = ["source", "decision", "when", "notes"]

    /// A row's id, checked for shape.
    func rowID(_ byKey: KeyedNodes, at location: SourceLocation) -> String? {
        guard let node = byKey["id"], let id = text(node, "a \(rowNoun) id") else { return nil }
        guard Self.isRowID(id) else {
            error("spec.bad-row-id", "\(rowNoun) id '\(Self.shortened(id))' may hold only letters, digits, '-', '_' and '.'", at: node.location)
            return nil
        }
        if let tooLong = Self.lengthProblem(of: id, named: "\(rowNoun) id") {
            error("spec.bad-row-id", tooLong, at: node.location, hint: "ids stand in every report line and rerun command; name what the row checks in its title or notes")
            return nil
        }
        return id
    }

    /// The longest row or spec id, in characters (ASCII): an id is named in every finding, report line and rerun
    /// command, so one that runs to pages is a mistake (the ids of specs/ are at most 41).
    static let longestID = 100

    /// What a finding says of an id (`what`: `row id`, `spec id`) longer than `longestID`; nil for one that is not.
    static func lengthProblem(of id: String, named what: String) -> String? {
        id.utf8.count <= longestID ? nil : "\(what) '\(shortened(id))' is \(id.utf8.count) characters long: an id is at most \(longestID)"
    }

    /// An id as a finding quotes it: whole up to `longestID`, else its start and how much is left out.
    static func shortened(_ id: String) -> String {
        id.count <= longestID ? id : String(id.prefix(40)) + "… (\(id.count - 40) more characters)"
    }
}
