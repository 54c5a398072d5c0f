import SpecKit

/// Every decision taken where the documents are silent, once each: its id, its text, the rows that rely on it and
/// their results. A decision's text starts with its id (`D-GRACE-CMP: …`); a row whose decision also names other ids
/// (`… (D-MT-EFFECTS)`) relies on those too. A decision without an id is listed under its own text. A decision that
/// `specs/sections.yaml` names where it records what a section's rows leave out (`D-MT-LOCAL-COMPARE`, which no row
/// can observe) is listed with that section, rows or none. A decision a product value is set with (`grace: {value: 30s,
/// decision: "D-GRACE-30: …"}`) is listed with that value and the rows that read it: they run on it.
public struct DecisionRegister: Codable, Hashable, Sendable {
    /// The decisions, sorted by id.
    public var decisions: [Decision]

    /// One decision.
    public struct Decision: Codable, Hashable, Sendable {
        /// The id (`D-GRACE-CMP`), or the whole text when it has none.
        public var id: String
        /// Each distinct text stating it (after `ID: `), in the order first met.
        public var texts: [String]
        /// The rows that rely on it.
        public var rows: [Reliance]
        /// The document sections whose recorded reason (or `partly:` text) in `specs/sections.yaml` names it.
        public var sections: [SectionNote]
        /// The product values set with it, in the run's order (`RunResult.productDecisions`); nil when none is.
        public var values: [ValueNote]? = nil
    }

    /// A product value set with a decision, as the register names it.
    public struct ValueNote: Codable, Hashable, Sendable {
        /// The fixture whose specs run with the value.
        public var fixture: String
        /// The spec that sets it for itself; nil when the fixture's product file sets it.
        public var spec: String?
        /// The value's name.
        public var name: String
        /// The value.
        public var value: Value
        /// The file that sets it.
        public var file: String
        /// The value's line.
        public var line: Int
    }

    /// A document section whose recorded coverage names a decision.
    public struct SectionNote: Codable, Hashable, Sendable {
        /// The document's file name.
        public var document: String
        /// The section's number, or its title.
        public var section: String
        /// The recorded text: why no row covers the section, or what its rows leave out.
        public var text: String
    }

    /// A row that relies on a decision, and its results.
    public struct Reliance: Codable, Hashable, Sendable {
        /// The spec id.
        public var spec: String
        /// The row id.
        public var row: String
        /// The spec file.
        public var file: String
        /// The row's line.
        public var line: Int
        /// Whether the decision is the row's own (its text starts with the id) rather than one it mentions.
        public var primary: Bool
        /// The results of the row's cases in this run (empty when none ran).
        public var results: [CaseStatus]
        /// The product value set with the decision that the row reads, when that (not the row's own decision) is how it
        /// relies on it; nil otherwise.
        public var reads: String? = nil
    }

    /// The register of a run.
    public init(_ result: RunResult) {
        var byID: [String: Decision] = [:]
        // The results of each row's cases, by spec and row, gathered once for every row the register lists.
        let results = Dictionary(grouping: result.cases, by: { RowKey(spec: $0.spec, row: $0.row) }).mapValues { $0.map(\.status) }
        for spec in result.specs.sorted(by: { $0.id < $1.id }) {
            for row in spec.rows {
                guard let text = row.decision, !text.isEmpty else { continue }
                let statuses = results[RowKey(spec: spec.id, row: row.id)] ?? []
                Self.file(text, into: &byID) { decision, own in
                    decision.rows.append(Reliance(spec: spec.id, row: row.id, file: spec.file, line: row.line, primary: own, results: statuses))
                }
            }
        }
        for decided in result.productDecisions ?? [] { Self.add(decided, results: results, to: &byID) }
        for document in result.sections?.documents ?? [] {
            for section in document.sections {
                for value in section.values ?? [] {
                    guard let decision = value.decision else { continue }
                    let text = ReportText.documentedValue(value)
                    for id in Self.ids(in: decision) {
                        byID[id, default: Decision(id: id, texts: [], rows: [], sections: [])].sections
                            .append(SectionNote(document: document.name, section: section.id, text: text))
                    }
                }
                guard let text = section.reason else { continue }
                for id in Self.ids(in: text) {
                    byID[id, default: Decision(id: id, texts: [], rows: [], sections: [])].sections
                        .append(SectionNote(document: document.name, section: section.id, text: text))
                }
            }
        }
        decisions = byID.values.sorted { ReportText.naturalLess($0.id, $1.id) }
    }

    /// Adds the decision a product value is set with: its statement, the value, and each row that reads the value and
    /// does not already rely on the decision (`reads`); a decision the text only mentions is relied on as a row's
    /// mention is (not `primary`).
    private static func add(_ decided: ProductDecision, results: [RowKey: [CaseStatus]], to byID: inout [String: Decision]) {
        let value = ValueNote(fixture: decided.fixture, spec: decided.spec, name: decided.name, value: decided.value, file: decided.file,
                              line: decided.line)
        file(decided.decision, into: &byID) { decision, own in
            decision.values = (decision.values ?? []) + [value]
            for row in decided.rows where !decision.rows.contains(where: { $0.spec == row.spec && $0.row == row.row }) {
                decision.rows.append(Reliance(spec: row.spec, row: row.row, file: row.file, line: row.line, primary: own,
                                              results: results[RowKey(spec: row.spec, row: row.row)] ?? [], reads: decided.name))
            }
        }
    }

    /// Files a decision's text under each id it names (under the text itself when it names none): the part of the text
    /// that states the id (a text without an id states itself) joins that decision's texts, and `rely` then adds what
    /// relies on it, told whether the text states the decision (`own`) or only mentions it.
    private static func file(_ text: String, into byID: inout [String: Decision], rely: (inout Decision, _ own: Bool) -> Void) {
        let ids = ids(in: text)
        let statements = statements(text)
        for id in ids.isEmpty ? [text] : ids {
            var decision = byID[id] ?? Decision(id: id, texts: [], rows: [], sections: [])
            let statement = ids.isEmpty ? text : statements.first { $0.id == id }?.text
            if let statement, !decision.texts.contains(statement) { decision.texts.append(statement) }
            rely(&decision, statement != nil)
            byID[id] = decision
        }
    }

    /// A row of a spec, as the run's cases name it.
    private struct RowKey: Hashable {
        var spec: String
        var row: String
    }

    /// Every decision id in a text (`D-` then capitals, digits and dashes), in order, without repeats.
    static func ids(in text: String) -> [String] {
        var found: [String] = []
        let chars = Array(text)
        var i = 0
        while i + 2 < chars.count {
            let starts = chars[i] == "D" && chars[i + 1] == "-" && (i == 0 || !(chars[i - 1].isLetter || chars[i - 1].isNumber))
            guard starts else { i += 1; continue }
            var j = i + 2
            while j < chars.count, chars[j].isASCII, chars[j].isUppercase || chars[j].isNumber || (chars[j] == "-" && j + 1 < chars.count && (chars[j + 1].isUppercase || chars[j + 1].isNumber)) { j += 1 }
            if j > i + 2 {
                let id = String(chars[i..<j])
                if !found.contains(id) { found.append(id) }
            }
            i = j
        }
        return found
    }

    /// The decisions a text states, in order: `D-A: … ; D-B: …` states D-A and D-B, each with its own words (a part
    /// that starts with no id belongs to the one before it, and a leading one states nothing).
    static func statements(_ text: String) -> [(id: String, text: String)] {
        var found: [(id: String, text: String)] = []
        for part in text.components(separatedBy: "; ") {
            let (id, statement) = split(part)
            if let id {
                found.append((id, statement))
            } else if !found.isEmpty {
                found[found.count - 1].text += "; " + part
            }
        }
        return found
    }

    /// `D-ID: text` split into the id and the text; no id when the text does not start with one.
    static func split(_ text: String) -> (id: String?, text: String) {
        guard let first = ids(in: text).first, text.hasPrefix(first + ":") else { return (nil, text) }
        return (first, text.dropFirst(first.count + 1).trimmingSpaces)
    }
}
