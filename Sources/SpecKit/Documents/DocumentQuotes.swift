/// Checks the words a product file quotes from a design document (`documented: {…, quote: "60 秒"}`) against the
/// document: a value tied to words the section no longer holds may no longer be what the document says.
enum DocumentQuotes {
    /// The findings for `products`' documented values citing `document` (read from `text`): a section it lacks
    /// (`trace.unknown-section`), or a quote the section and those below it do not contain (`trace.quote-not-found`).
    /// Both sides are compared with every run of white space made one space, so a table cell broken over lines matches.
    static func check(_ products: [ProductFile], document: DocumentOutline, text: String) -> [Diagnostic] {
        guard !document.sections.isEmpty else { return [] }
        let lines = OutlineText.lines(text)
        return products.flatMap(\.documented).filter { $0.citation.document == document.name }.compactMap { said in
            let cited = said.citation.section
            guard let index = document.sections.firstIndex(where: { $0.isNamed(by: cited) }) else {
                return Diagnostic(.warning, id: "trace.unknown-section",
                    "documented value '\(said.name)' cites §\(cited) of \(document.name), which has no such section",
                    at: said.location, hint: SectionHint.hint(for: cited, among: document.sections.map(\.id)))
            }
            guard !folded(sectionText(document.sections, index, lines)).contains(folded(said.quote)) else { return nil }
            return Diagnostic(.warning, id: "trace.quote-not-found",
                "\(said.source) does not contain \"\(shortened(said.quote))\", the words documented value '\(said.name)' quotes: the document may have changed",
                at: said.quoteLocation,
                hint: "read \(said.source) again; if its value changed, change the value and the quote under documented: (and the product value, or give it a decision); "
                    + "then `lockspec diff --git HEAD` lists the words still written against the old value")
        }
    }

    /// The text of section `index`: from its heading to the next heading at its level or above (its subsections in).
    static func sectionText(_ sections: [DocumentOutline.Heading], _ index: Int, _ lines: [Substring]) -> String {
        let heading = sections[index]
        let end = sections[(index + 1)...].first { $0.level <= heading.level }?.line ?? lines.count + 1
        let from = max(heading.line - 1, 0), to = min(max(end - 1, from), lines.count)
        return lines[from..<to].joined(separator: "\n")
    }

    /// A quote as a message shows it: its first 60 characters, then `…`.
    static func shortened(_ quote: String) -> String {
        quote.count > 60 ? String(quote.prefix(59)) + "…" : quote
    }

    /// The text with every run of white space (new lines included) made one space, and none at either end.
    static func folded(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
