import SpecKit

/// Every decision taken where the documents are silent, once each: its id, its text, the rows that rely on it and
/// their results. A decision's text starts with its id (`D-GRACE-CMP: …`); a row whose decision also names other ids
/// (`… (D-MT-EFFECTS)`) relies on those too. A decision without an id is listed under its own text. A decision that
/// `specs/sections.yaml` names where it records what a section's rows leave out (`D-MT-LOCAL-COMPARE`, which no row
/// can observe) is listed with that section, rows or none.
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
    }

    /// The register of a run.
    public init(_ result: RunResult) {
        var byID: [String: Decision] = [:]
        for spec in result.specs.sorted(by: { $0.id < $1.id }) {
            for row in spec.rows {
                guard let text = row.decision, !text.isEmpty else { continue }
                let results = result.cases.filter { $0.spec == spec.id && $0.row == row.id }.map(\.status)
                let ids = Self.ids(in: text)
                let statements = Self.statements(text)
                for id in ids.isEmpty ? [text] : ids {
                    var decision = byID[id] ?? Decision(id: id, texts: [], rows: [], sections: [])
                    // A text without an id is its own decision; one with ids states each that starts one of its parts.
                    let statement = ids.isEmpty ? text : statements.first { $0.id == id }?.text
                    let own = statement != nil
                    if let statement, !decision.texts.contains(statement) { decision.texts.append(statement) }
                    decision.rows.append(Reliance(spec: spec.id, row: row.id, file: spec.file, line: row.line, primary: own, results: results))
                    byID[id] = decision
                }
            }
        }
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
        return (first, ReportText.trimmed(String(text.dropFirst(first.count + 1))))
    }
}
