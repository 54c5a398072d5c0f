import Foundation
import SpecKit

/// A new spec, written out as YAML for the product owner to fill in: a decision table (or a matrix) of a fixture
/// function with every input (axis) the function takes, declared with the values the fixture can send, the outputs
/// (observations) chosen, and one example row that covers every case, so the table is complete from the start; or a
/// state machine of a fixture with the states and events chosen (each event with the inputs the fixture requires),
/// the fixture's effects, and one example row.
///
/// The citations are the placeholder `<document> §<section>` (the document filled in when one is given), which lint
/// refuses (`spec.placeholder-source`) until a real section is named: a starter never passes for traced.
public struct SpecStarter: Decodable, Hashable, Sendable {
    /// The spec's id (`gates.order-audit`).
    public var id: String
    /// The spec's title.
    public var title: String
    /// The fixture.
    public var fixture: String
    /// The fixture function the spec drives (`table:`); nil for a state machine.
    public var table: String?
    /// The observations a table's rows expect (a decision's `outputs`, a matrix's `observe`).
    public var observe: [String]
    /// A machine's states, the first one initial.
    public var states: [String]
    /// A machine's events.
    public var events: [String]
    /// The machine spec a scenario set uses; nil for any other kind.
    public var uses: String?
    /// The design document the citations name, when known; else they hold `<document>`.
    public var document: String?

    /// Creates a starter: a scenario set when `uses` is given, a table when `table` is, else a machine.
    public init(id: String, title: String, fixture: String, table: String?, observe: [String] = [], states: [String] = [],
                events: [String] = [], uses: String? = nil, document: String? = nil) {
        self.uses = uses
        self.id = id
        self.title = title
        self.fixture = fixture
        self.table = table
        self.observe = observe
        self.states = states
        self.events = events
        self.document = document
    }

    /// Reads a starter; the lists a kind does not use may be left out. `table` and `uses` choose the kind, so each is
    /// either left out or a name: a null is refused rather than read as "left out".
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        for key in [CodingKeys.table, .uses] where c.contains(key) {
            guard try !c.decodeNil(forKey: key) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "null; give a name, or leave the key out")
            }
        }
        self.init(id: try c.decode(String.self, forKey: .id), title: try c.decode(String.self, forKey: .title),
                  fixture: try c.decode(String.self, forKey: .fixture), table: try c.decodeIfPresent(String.self, forKey: .table),
                  observe: try c.decodeIfPresent([String].self, forKey: .observe) ?? [],
                  states: try c.decodeIfPresent([String].self, forKey: .states) ?? [],
                  events: try c.decodeIfPresent([String].self, forKey: .events) ?? [],
                  uses: try c.decodeIfPresent(String.self, forKey: .uses),
                  document: try c.decodeIfPresent(String.self, forKey: .document))
    }

    enum CodingKeys: String, CodingKey { case id, title, fixture, table, observe, states, events, uses, document }

    /// Why a starter cannot be written: one sentence for the page.
    public struct Refusal: Error, Hashable, Sendable {
        /// What is wrong and what to do.
        public var message: String

        /// Creates a refusal.
        public init(message: String) { self.message = message }
    }

    /// The spec's YAML, or why it cannot be written (an unknown fixture, function, state or event, a bad id or title,
    /// an id another spec has, no observation, state or event, an observation the fixture cannot make after this
    /// function, a `uses` that names no machine of `folder`). `folder` is the folder's specs as compiled, `texts` its
    /// files by name (with those a spec cannot be read from yet, such as another starter): the spec's id must be
    /// none of theirs, and the example row takes the first id of the form `PREFIX-n` that none of their rows has.
    /// `analyses` are the folder's machine analyses, as its compilation carries them (without them, the machine a
    /// scenario set uses is analysed here).
    public func text(catalog: any FixtureCatalog, folder: [Spec] = [], texts: [String: String] = [:],
                     analyses: [String: MachineAnalysis] = [:]) throws(Refusal) -> String {
        let taken = Self.ids(of: folder, texts: texts)
        if let file = taken.specs[id] { throw Refusal(message: "the spec \(file) already has the id '\(id)': choose another") }
        try checkHeader()
        let rowID = Self.freeRowID(prefix: Self.rowPrefix(of: id, fixture: fixture, scenarios: uses != nil, folder: folder), taken: taken.rows)
        if let uses { return try scenarioText(machine: Self.machine(uses, in: folder), analysis: analyses[uses], catalog: catalog, rowID: rowID) }
        guard let vocabulary = catalog.vocabulary(of: fixture) else {
            throw Refusal(message: "there is no fixture '\(fixture)'; the fixtures are \(catalog.fixtureNames.joined(separator: ", "))")
        }
        guard let table else { return try machineText(vocabulary, rowID: rowID) }
        let choice = try Self.choice(of: table, in: vocabulary, fixture: fixture)
        let observed = try checkedObservations(choice)
        let (inputsKey, outputsKey, resultKey) = choice.kind == .decision ? ("inputs", "outputs", "then") : ("axes", "observe", "expect")
        var lines = header(kind: choice.kind) + ["table: \(table)"]
        if choice.kind == .decision { lines.append("hit: unique") }
        lines.append("\(inputsKey):")
        lines += choice.inputs.map { "  \($0.name): \($0.domain)" }
        lines.append("\(outputsKey):")
        lines += observed.map { "  \($0.name): \($0.domain)" }
        let example = observed.map { "\($0.name): \(Self.example(of: $0.domain))" }.joined(separator: ", ")
        lines += [
            "rows:",
            "  - id: \(rowID)",
            "    source: \(citation)",
            "    notes: an example that covers every case; write the table's rows in its place",
            "    when: {}",
            "    \(resultKey): {\(example)}",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// A machine's YAML: the states and events chosen (each event with the inputs the fixture requires), every effect
    /// the fixture reports, and one example row: the first event in the initial state, changing nothing.
    func machineText(_ vocabulary: FixtureVocabulary, rowID: String) throws(Refusal) -> String {
        guard let choice = MachineChoice.of(fixture: fixture, vocabulary: vocabulary) else {
            throw Refusal(message: "\(fixture) observes no state, so it drives no machine")
        }
        let states = try Self.chosen(self.states, from: choice.states, what: "state", fixture: fixture)
        let events = try Self.chosen(self.events, from: choice.events.map(\.name), what: "event", fixture: fixture)
            .compactMap { name in choice.events.first { $0.name == name } }
        var lines = header(kind: .machine) + ["states: [\(states.joined(separator: ", "))]", "initial: \(states[0])", "events:"]
        for event in events {
            lines.append("  \(event.name):")
            lines += event.inputs.map { "    \($0.name): \($0.domain)" }
        }
        if !choice.effects.isEmpty { lines.append("effects: [\(choice.effects.joined(separator: ", "))]") }
        lines += [
            "rows:",
            "  - id: \(rowID)",
            "    source: \(citation)",
            "    notes: an example (\(events[0].name) in \(states[0]) changes nothing); write the machine's rows in its place",
            "    from: \(states[0])",
            "    on: \(events[0].name)",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// A scenario set's YAML over `machine` (the spec `uses` names, as compiled, with its fixture, whatever the page
    /// sent): one example scenario of one step, the machine's first event that a scenario can start with (not one
    /// that needs the app killed or steps before it, which lint refuses in a machine but the machine may still
    /// declare while it has errors) with the first value of each input, expecting the state the machine's table
    /// gives after it (`MachineWalkModel.replay`), or its initial state where the table predicts nothing there.
    func scenarioText(machine spec: Spec, analysis: MachineAnalysis?, catalog: any FixtureCatalog, rowID: String) throws(Refusal) -> String {
        guard case .machine(let machine) = spec.body else { throw Refusal(message: "\(spec.id) is not a machine spec") }
        let vocabulary = catalog.vocabulary(of: spec.fixture)
        let first = machine.events.first {
            vocabulary?.onlyWhileKilled.contains($0.name) != true && vocabulary?.scenarioOnlyEvents[$0.name] == nil
        }
        guard let uses, let event = first else {
            throw Refusal(message: "the machine \(uses ?? "") declares no event a scenario can start with")
        }
        var starter = self
        starter.fixture = spec.fixture
        let inputs = event.inputs.map { NamedValue($0.name, $0.domain.defaultValue) }
        let step = TestStep(action: .event(event.name, inputs: inputs), expect: [], effects: nil, row: nil, line: 1, column: 1)
        let predicted = MachineWalkModel(spec: spec, analysis: analysis)?.replay([step]).first?.predicted
        let state = predicted?.expect.first { $0.name == "state" }?.value.description ?? machine.initial
        var lines = starter.header(kind: .scenarios) + ["uses: \(uses)", "scenarios:"]
        lines += [
            "  - id: \(rowID)",
            "    source: \(citation)",
            "    notes: an example of one step\(predicted?.row.map { ", expecting the state row \($0) of \(uses) gives" } ?? ""); write the scenarios in its place",
            "    steps:",
            "      - event: \(event.name)",
        ]
        if !event.inputs.isEmpty {
            lines.append("        with: {\(event.inputs.map { "\($0.name): \(Self.example(of: $0.domain))" }.joined(separator: ", "))}")
        }
        lines.append("        expect: {state: \(state)}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The citation the starter writes: the placeholder, with the document when one is given.
    var citation: String {
        Self.scalar("\(document.map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 } ?? "<document>") §<section>")
    }

    /// The lines every starter begins with, up to the fixture.
    func header(kind: Spec.Kind) -> [String] {
        ["# yaml-language-server: $schema=schema.json", "id: \(id)", "kind: \(kind.rawValue)", "title: \(Self.scalar(title.trimmingCharacters(in: .whitespacesAndNewlines)))",
         "source: \(citation)", "fixture: \(fixture)"]
    }

    /// The names asked for, each one of the fixture's, in the order asked, at least one.
    static func chosen(_ asked: [String], from known: [String], what: String, fixture: String) throws(Refusal) -> [String] {
        guard !asked.isEmpty else { throw Refusal(message: "choose at least one \(what) for the machine") }
        var result: [String] = []
        for name in asked where !result.contains(name) {
            guard known.contains(name) else {
                throw Refusal(message: "\(fixture) has no \(what) '\(name)'; it has \(known.joined(separator: ", "))")
            }
            result.append(name)
        }
        return result
    }

    /// The longest title a starter takes, in characters: a title is one line a reader takes in at a glance.
    static let maximumTitleLength = 1_000

    /// The id, title and document, checked as lint would check them, so the starter is refused here rather than
    /// written wrong.
    func checkHeader() throws(Refusal) {
        guard SpecReader.isSpecID(id) else {
            throw Refusal(message: "the id '\(id)' should be lowercase words joined by '.' or '-', such as gates.order-audit")
        }
        guard !title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw Refusal(message: "give the spec a title: what its rows say, in a line")
        }
        guard !title.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw Refusal(message: "the title is one line of text: no line breaks, tabs or other control characters")
        }
        guard title.count <= Self.maximumTitleLength else {
            throw Refusal(message: "the title has \(title.count) characters; keep it to one line of at most \(Self.maximumTitleLength), and put the rest under notes:")
        }
        guard let document, !document.trimmingCharacters(in: .whitespaces).isEmpty else { return }
        guard Self.isFileName(document.trimmingCharacters(in: .whitespaces)) else {
            throw Refusal(message: "the document is a file name, such as face-id-launch-lock.zh.md: letters, digits, '.', '-', '_' and '/', no spaces")
        }
    }

    /// Whether `name` is a file name a citation can hold as it is: letters, digits, `.`, `-`, `_` and `/`.
    static func isFileName(_ name: String) -> Bool {
        name.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0.properties.numericType != nil || "._-/".unicodeScalars.contains($0) }
            && name.count <= maximumTitleLength
    }

    /// The machine spec `id` of `folder`, or why a scenario set cannot use it.
    static func machine(_ id: String, in folder: [Spec]) throws(Refusal) -> Spec {
        guard let spec = folder.first(where: { $0.id == id }), case .machine = spec.body else {
            throw Refusal(message: "there is no machine spec '\(id)' that compiles in the folder: a scenario set uses one (fix its errors first)")
        }
        return spec
    }

    /// The spec ids (each with its file's name) and row ids the folder's specs and texts hold. A text is read as YAML
    /// only (its `id`, and the `id` of each item under `rows` or `scenarios`), so one lint cannot read yet counts too.
    static func ids(of folder: [Spec], texts: [String: String]) -> (specs: [String: String], rows: Set<String>) {
        var specs: [String: String] = [:], rows = Set(folder.flatMap { $0.rows.map(\.id) })
        for spec in folder { specs[spec.id] = String(spec.file.split(separator: "/").last ?? "") }
        for (file, text) in texts.sorted(by: { $0.key < $1.key }) {
            guard let root = try? YAMLLoader().load(Array(text.utf8), file: file) else { continue }
            if let id = root["id"]?.scalar, specs[id] == nil { specs[id] = file }
            for key in ["rows", "scenarios"] {
                rows.formUnion((root[key]?.sequence.map(Array.init) ?? []).compactMap { $0["id"]?.scalar })
            }
        }
        return (specs, rows)
    }

    /// The first `prefix-n` (n from 1) that is not `taken`.
    static func freeRowID(prefix: String, taken: Set<String>) -> String {
        var n = 1
        while taken.contains("\(prefix)-\(n)") { n += 1 }
        return "\(prefix)-\(n)"
    }

    /// The observations asked for, each one the fixture can observe after this function, in the order asked.
    func checkedObservations(_ choice: TableChoice) throws(Refusal) -> [TableChoice.Column] {
        guard !observe.isEmpty else {
            throw Refusal(message: "choose at least one observation for the rows to expect")
        }
        var result: [TableChoice.Column] = []
        for name in observe where !result.contains(where: { $0.name == name }) {
            guard let column = choice.observations.first(where: { $0.name == name }) else {
                throw Refusal(message: "\(fixture) cannot observe '\(name)' after \(choice.table); it can observe \(choice.observations.map(\.name).joined(separator: ", "))")
            }
            result.append(column)
        }
        return result
    }

    /// The function `table` of the fixture, as a choice, or why there is none.
    static func choice(of table: String, in vocabulary: FixtureVocabulary, fixture: String) throws(Refusal) -> TableChoice {
        let choices = TableChoice.all(fixture: fixture, vocabulary: vocabulary)
        guard let choice = choices.first(where: { $0.table == table }) else {
            throw Refusal(message: "\(fixture) has no decision or matrix function '\(table)'; it has \(choices.map(\.table).joined(separator: ", "))")
        }
        return choice
    }

    /// The prefix of the example row's id, in the folder's own way when its fixture has rows: the first part most
    /// of them start with (`LL` of `LL-TGL-ON-SUCCESS`), `S` for a scenario set, then the spec id's last part in
    /// capitals (`LL-S-TURNED-OFF` for `launch-lock.turned-off`). With no row of its fixture, the spec id in capitals,
    /// its dots as dashes (`GATES-ORDER-AUDIT`).
    static func rowPrefix(of id: String, fixture: String, scenarios: Bool, folder: [Spec]) -> String {
        let firsts = folder.filter { $0.fixture == fixture }.flatMap(\.rows).compactMap { $0.id.split(separator: "-").first }
        let counts = Dictionary(firsts.map { (String($0), 1) }, uniquingKeysWith: +)
        guard let common = counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) })?.key else {
            return id.uppercased().replacingOccurrences(of: ".", with: "-")
        }
        return ([common] + (scenarios ? ["S"] : []) + [String(id.split(separator: ".").last ?? "").uppercased()]).joined(separator: "-")
    }

    /// A value of `domain` as a row writes it, for the example row: the first member, the lower bound, false, "".
    static func example(of domain: Domain) -> String {
        switch domain {
        case .enumeration(let names): String(Domain.enumeration(Array(names.prefix(1))).description.dropFirst().dropLast())
        case .text: "\"\""
        default: domain.defaultValue.description
        }
    }

    /// A text as a YAML value: as it is when YAML reads it back so, else double-quoted.
    static func scalar(_ text: String) -> String {
        let plain = try? YAMLLoader().load(Array("title: \(text)\n".utf8), file: "title")
        return plain?["title"]?.scalar == text && !text.contains("\n") ? text : QuotedText.quote(text, QuotedText.yaml)
    }
}
