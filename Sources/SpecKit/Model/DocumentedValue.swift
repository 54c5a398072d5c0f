/// What a design document says a product value is (`documented:` in a product file): the value, the section that
/// says it and the words it says it with. The product file's own value may differ only with a `decision:`; with the
/// design documents at hand, lint checks that the section still holds the quoted words.
public struct DocumentedValue: Hashable, Sendable {
    /// The product value's name, as `product:` sets it.
    public var name: String
    /// The value the document gives, typed by the parameter's domain.
    public var value: Value
    /// The value as written under `documented:` (`60s`), which messages and reports show.
    public var written: String
    /// The one section that says it, as the reader checked it (`<document> §<section>`, both named).
    public var citation: Citation
    /// The citation as a source text, `<document> §<section>`.
    public var source: String { citation.text }
    /// Words of that section that state the value (`60 秒`), compared with runs of white space made one space.
    public var quote: String
    /// Where the name is written under `documented:`.
    public var location: SourceLocation
    /// Where the quote is written.
    public var quoteLocation: SourceLocation
}
