/// Every section of every design document, the rows that cite it, and for a section no row covers the reason
/// recorded in `specs/sections.yaml`: what an auditor reads document by document.
///
/// With the documents' outlines, the sections are the documents' own headings (plus any cited section the document
/// has no heading for, marked so); without them, the sections the rows cite and the reasons name.
public struct SectionCoverage: Codable, Hashable, Sendable {
    /// The documents, sorted by name.
    public var documents: [Document]

    /// One design document.
    public struct Document: Codable, Hashable, Sendable {
        /// Its file name.
        public var name: String
        /// Whether the sections were read from the document's headings (else from the citations and reasons only).
        public var fromHeadings: Bool
        /// Its sections, in document order (or natural order without the document).
        public var sections: [Section]
    }

    /// One section and what covers it.
    public struct Section: Codable, Hashable, Sendable {
        /// The section's number, or its title when it has none; empty for a citation of the whole document.
        public var id: String
        /// The heading's text (the id again when the document was not read).
        public var title: String
        /// 1 for a top-level section.
        public var level: Int
        /// The heading's line in the document; nil for a cited section that is not among the document's headings.
        public var line: Int?
        /// The rows whose source cites the section.
        public var rows: [RowReference]
        /// Why no row covers it, or (status `partly`) what its rows leave out, from the reasons file.
        public var reason: String?
        /// How it is covered.
        public var status: Status
        /// The product values the section states (`documented:` in a product file), held against the values the specs
        /// run with; nil when it states none.
        public var values: [DocumentedValueRecord]?
    }

    /// How a section is covered.
    public enum Status: String, Codable, Hashable, Sendable {
        /// Rows cite it.
        case covered
        /// No row cites it, but rows cite sections below it.
        case bySubsections
        /// Rows cite it (or sections below it), and the reasons file records what they leave out (`partly:`).
        case partly
        /// No row covers it, for the recorded reason.
        case reasoned
        /// No row covers it and no reason is recorded (a lint warning).
        case uncovered
    }

    /// A row, as the section lists it.
    public struct RowReference: Codable, Hashable, Sendable {
        /// The spec id.
        public var spec: String
        /// The row id.
        public var row: String
        /// The spec file.
        public var file: String
        /// The row's line.
        public var line: Int
        /// The row's column (nil in a result written before it was kept).
        public var column: Int?

        /// Creates a reference.
        public init(spec: String, row: String, file: String, line: Int, column: Int? = nil) {
            self.spec = spec
            self.row = row
            self.file = file
            self.line = line
            self.column = column
        }
    }

    /// Builds the coverage of `specs`' rows over the documents' `outlines` (empty without the documents) and `reasons`,
    /// with the values the product files' `documented:` entries tie to each section.
    public init(specs: [CompiledSpec], outlines: [DocumentOutline], reasons: SectionReasons, products: [ProductFile] = []) {
        var cited: [String: [String: [RowReference]]] = [:]
        for spec in specs.sorted(by: { $0.id < $1.id }) {
            for row in spec.rows {
                let reference = RowReference(spec: spec.id, row: row.id, file: spec.file, line: row.line, column: row.column)
                for citation in Citation.all(in: row.source) where cited[citation.document]?[citation.section]?.contains(reference) != true {
                    cited[citation.document, default: [:]][citation.section, default: []].append(reference)
                }
            }
        }
        // A section a documented value cites is listed even when no row cites it, so the value (and its decision)
        // is never dropped from the report.
        for citation in products.flatMap({ $0.documented.map(\.citation) }) {
            cited[citation.document, default: [:]][citation.section, default: []] += []
        }
        let names = Set(cited.keys).union(outlines.map(\.name)).union(reasons.entries.map(\.document)).sorted()
        documents = names.map { name in
            let outline = outlines.first { $0.name == name && !$0.sections.isEmpty }
            let entries = reasons.entries.filter { $0.document == name }
            var sections = Self.sections(outline: outline, cited: cited[name] ?? [:], reasons: entries)
            Self.settle(&sections, reasons: entries)
            Self.attach(products, to: &sections, document: name)
            return Document(name: name, fromHeadings: outline != nil, sections: sections)
        }
    }

    /// The sections with their rows, before their status is settled.
    static func sections(outline: DocumentOutline?, cited: [String: [RowReference]], reasons: [SectionReasons.Entry]) -> [Section] {
        let headings = outline?.sections ?? []
        var sections = headings.map { heading in
            let rows = cited.keys.filter { heading.isNamed(by: $0) }.sorted().flatMap { cited[$0] ?? [] }
            return Section(id: heading.id, title: heading.title, level: heading.level, line: heading.line, rows: rows,
                           reason: nil, status: .uncovered)
        }
        var loose = Set(cited.keys.filter { key in !headings.contains { $0.isNamed(by: key) } })
        if outline == nil { loose.formUnion(reasons.map(\.section)) }
        for key in loose.sorted(by: Self.sectionOrder) {
            let number = OutlineText.number(key)
            // A numbered section the document has no heading for goes where its number would stand (medtime's §3.3
            // between §3.2 and §3.4), not after every heading.
            let next = number == nil ? nil : sections.firstIndex { OutlineText.number($0.id) != nil && Self.sectionOrder(key, $0.id) }
            sections.insert(Section(id: key, title: key.isEmpty ? "(the whole document)" : key, level: number?.count ?? 1, line: nil,
                                    rows: cited[key] ?? [], reason: nil, status: .uncovered), at: next ?? sections.endIndex)
        }
        return sections
    }

    /// Each section's reason (from its document's `reasons`) and status.
    static func settle(_ sections: inout [Section], reasons: [SectionReasons.Entry]) {
        let coveredIDs = Set(sections.filter { !$0.rows.isEmpty }.map(\.id))
        for i in sections.indices {
            let id = sections[i].id
            let entry = reasons.first { OutlineText.names($0.section, sections[i]) }
            sections[i].reason = entry?.reason
            if !sections[i].rows.isEmpty {
                sections[i].status = entry?.partly == true ? .partly : .covered
            } else if OutlineText.number(id) != nil, coveredIDs.contains(where: { $0.hasPrefix(id + ".") }) {
                sections[i].status = entry?.partly == true ? .partly : .bySubsections
            } else {
                // `partly` with no row at all (lint warns of it, the document read) still says what no row covers.
                sections[i].status = entry == nil ? .uncovered : .reasoned
            }
        }
    }

    /// Section numbers in numeric order, before titles in text order.
    static func sectionOrder(_ a: String, _ b: String) -> Bool {
        switch (OutlineText.number(a), OutlineText.number(b)) {
        case let (x?, y?): x.lexicographicallyPrecedes(y)
        case (.some, nil): true
        case (nil, .some): false
        case (nil, nil): a < b
        }
    }
}

extension OutlineText {
    /// Whether a citation's or a reason's section text names a section: a heading by number or title, a cited
    /// section the document has no heading for by its id alone.
    static func names(_ text: String, _ section: SectionCoverage.Section) -> Bool {
        guard let line = section.line else { return text == section.id }
        return DocumentOutline.Heading(id: section.id, title: section.title, level: section.level, line: line).isNamed(by: text)
    }
}
