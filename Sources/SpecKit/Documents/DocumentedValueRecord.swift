/// A product value a design document states, as the per-section coverage lists it: what the document says, what the
/// specs run with, and the decision when the two differ.
public struct DocumentedValueRecord: Codable, Hashable, Sendable {
    /// The fixture whose product file sets the value.
    public var fixture: String
    /// The value's name.
    public var name: String
    /// The value the product file sets, which every spec of the fixture runs with unless it says otherwise.
    public var value: Value
    /// The value the document gives, as written under `documented:`.
    public var documented: String
    /// Whether the two are the same value.
    public var agrees: Bool
    /// The document's words for it.
    public var quote: String
    /// Why the product differs from the document (`{value: …, decision: "D-…"}`), when it says.
    public var decision: String?
    /// The product file.
    public var file: String
    /// The line of the value under `product:`.
    public var line: Int
}

extension ProductFile {
    /// Each documented value held against the value `product:` sets for it (one that `product:` leaves out has none),
    /// with the citation that says it, in file order: what the coverage lists and the diff compares.
    public var documentedRecords: [(citation: Citation, record: DocumentedValueRecord)] {
        documented.compactMap { said in
            guard let value = product.first(where: { $0.name == said.name }) else { return nil }
            return (said.citation, DocumentedValueRecord(fixture: fixture, name: said.name, value: value.value, documented: said.written,
                                                    agrees: value.value == said.value, quote: said.quote, decision: value.decision,
                                                    file: file, line: value.location.line))
        }
    }
}

extension SectionCoverage {
    /// Gives each section of `document` the documented values of `products` whose source names it.
    static func attach(_ products: [ProductFile], to sections: inout [Section], document: String) {
        for product in products.sorted(by: { $0.fixture < $1.fixture }) {
            for (citation, record) in product.documentedRecords where citation.document == document {
                guard let i = sections.firstIndex(where: { OutlineText.names(citation.section, $0) }) else { continue }
                sections[i].values = (sections[i].values ?? []) + [record]
            }
        }
    }
}
