/// A product file (`kind: product`): the product values that every spec of one fixture inherits, written once.
///
/// A spec's own `product:` overrides a value for that spec (and must say why in a `decision:` when it differs);
/// a scenario's `given:` overrides it for that scenario.
public struct ProductFile: Hashable, Sendable {
    /// The file's unique id, such as `launch-lock.product`.
    public var id: String
    /// A one-line title.
    public var title: String
    /// The document and section the values come from.
    public var source: String
    /// The fixture whose specs inherit the values.
    public var fixture: String
    /// The values, in file order.
    public var product: [Binding]
    /// Parameters every case of the fixture runs under once per value (`variants:`), in file order.
    public var variants: [Variant] = []
    /// What the design documents say of the values (`documented:`), in file order.
    public var documented: [DocumentedValue] = []
    /// The path of the file.
    public var file: String
    /// SHA-256 of the file's bytes, lowercase hex (set by the compiler, which read them), for a run's identity.
    public var sha256 = ""
    /// Where the file starts.
    public var location: SourceLocation

    /// One `variants:` entry: a product parameter and the values each case runs under, such as
    /// `derivation: [parallel, sequential]`.
    public struct Variant: Hashable, Sendable {
        /// The parameter's name.
        public var name: String
        /// Its values, in file order (at least two, distinct).
        public var values: [Binding]
        /// Where the name is written.
        public var location: SourceLocation

    }
}
