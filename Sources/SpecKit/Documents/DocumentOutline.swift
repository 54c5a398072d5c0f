/// A design document's sections, read from its headings, so a report can list every section and what covers it.
///
/// The documents come in several shapes, and the reader tries them in order:
/// 1. Markdown headings (`## 4. 触发逻辑`): the number, when there is one, is the section's id, else its title;
/// 2. numbered lines (`6.1.2. PIN`), kept only when each number follows the one before in an outline (so the items
///    of a numbered list inside a section are not taken for headings);
/// 3. the same numbers inside one long line, for a document with no line breaks at all;
/// 4. short lines that read as titles (no sentence punctuation, no code), for a document without numbers.
/// The first of these that finds at least three headings wins. Reading never fails: a document with no headings
/// has an empty outline.
public struct DocumentOutline: Codable, Hashable, Sendable {
    /// The document's file name, as the specs cite it.
    public var name: String
    /// Every section heading, in document order.
    public var sections: [Heading]

    /// One heading.
    public struct Heading: Codable, Hashable, Sendable {
        /// What a citation names after `§`: the section number (`6.1.2`), or the title when it has no number.
        public var id: String
        /// The heading's text without its number.
        public var title: String
        /// 1 for a top-level section, 2 for `x.y`, and so on.
        public var level: Int
        /// The 1-based line of the heading.
        public var line: Int

        /// Whether a citation's section text names this section (by number or by title).
        public func isNamed(by citation: String) -> Bool {
            citation == id || citation == title || citation == "\(id). \(title)" || citation == "\(id) \(title)"
        }
    }

    /// Reads the headings of a document's text.
    public init(name: String, text: String) {
        self.name = name
        let lines = OutlineText.lines(text)
            .map { OutlineText.trimmed(String($0)) }
        let tries: [() -> [Heading]] = [
            { OutlineReader.markdown(lines) },
            { OutlineReader.numberedLines(lines) },
            { OutlineReader.inlineNumbers(text) },
            { OutlineReader.titleLines(lines) },
        ]
        sections = tries.lazy.map { $0() }.first { $0.count >= 3 } ?? []
    }
}
