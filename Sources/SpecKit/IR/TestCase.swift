/// One concrete test: the steps that run a row (or a scenario, or a matrix cell) from a fresh core.
public struct TestCase: Codable, Hashable, Sendable {
    /// The test's id: the row id, or `<row id>[axis=value,…]` for a matrix cell.
    public var id: String
    /// The spec id.
    public var spec: String
    /// The row it checks.
    public var row: String
    /// The fixture that runs it.
    public var fixture: String
    /// Product values for the fixture (the spec's, then the scenario's `given`).
    public var product: [NamedValue]
    /// The steps. For a machine row, the steps before `target` are the path that reaches the row.
    public var steps: [TestStep]
    /// The index of the step that exercises the row itself.
    public var target: Int
    /// The row's file.
    public var file: String
    /// The row's 1-based line.
    public var line: Int
    /// The row's 1-based column.
    public var column: Int

    /// Creates a value from all its fields.
    public init(id: String, spec: String, row: String, fixture: String, product: [NamedValue], steps: [TestStep], target: Int, file: String, line: Int, column: Int) {
        self.id = id
        self.spec = spec
        self.row = row
        self.fixture = fixture
        self.product = product
        self.steps = steps
        self.target = target
        self.file = file
        self.line = line
        self.column = column
    }
}
