/// A spec as the runner and the reports need it: identity, traceability, and (for machines) its graph.
public struct CompiledSpec: Codable, Hashable, Sendable {
    /// The spec id.
    public var id: String
    /// The kind of table.
    public var kind: Spec.Kind
    /// The title.
    public var title: String
    /// The document and section.
    public var source: String
    /// The fixture that runs it.
    public var fixture: String
    /// The spec file's path.
    public var file: String
    /// SHA-256 of the spec file's bytes, lowercase hex.
    public var sha256: String
    /// Product configuration values.
    public var product: [NamedValue]
    /// Every row, in file order.
    public var rows: [RowRecord]
    /// The state graph, for machines.
    public var graph: MachineGraph?

    /// Creates a value from all its fields.
    public init(id: String, kind: Spec.Kind, title: String, source: String, fixture: String, file: String, sha256: String, product: [NamedValue], rows: [RowRecord], graph: MachineGraph?) {
        self.id = id
        self.kind = kind
        self.title = title
        self.source = source
        self.fixture = fixture
        self.file = file
        self.sha256 = sha256
        self.product = product
        self.rows = rows
        self.graph = graph
    }
}
