/// One `<document> §<section>` of a row's `source`. A source may cite several sections: written as a YAML list, it is
/// kept as one text with the citations joined by `; `.
public struct Citation: Codable, Hashable, Sendable {
    /// The document's file name.
    public var document: String
    /// The section after `§`; empty when the citation names the whole document.
    public var section: String

    /// Creates a citation.
    public init(document: String, section: String) {
        self.document = document
        self.section = section
    }

    /// The text that joins several citations in one `source`.
    public static let separator = "; "

    /// Every citation of a source text, in order; none for nil or an empty text.
    public static func all(in source: String?) -> [Citation] {
        guard let source else { return [] }
        return source.split(separator: ";").compactMap { part in
            let text = OutlineText.trimmed(String(part))
            guard !text.isEmpty else { return nil }
            guard let mark = text.firstIndex(of: "§") else { return Citation(document: text, section: "") }
            return Citation(document: OutlineText.trimmed(String(text[..<mark])),
                            section: OutlineText.trimmed(String(text[text.index(after: mark)...])))
        }
    }

    /// `document §section`, or the document alone.
    public var text: String { section.isEmpty ? document : "\(document) §\(section)" }
}
