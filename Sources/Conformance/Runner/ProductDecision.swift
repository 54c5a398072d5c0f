import SpecKit

/// A product value set with a decision (`grace: {value: 30s, decision: "D-GRACE-30: …"}`), in a fixture's product
/// file, in a spec's own `product:` or in a scenario's `given:`, with the rows that read it by name: the rows that rely
/// on the decision, as the decision register lists them.
public struct ProductDecision: Codable, Hashable, Sendable {
    /// The fixture whose specs run with the value.
    public var fixture: String
    /// The spec that sets the value for itself (its `product:`, or a scenario's `given:`); nil when the fixture's
    /// product file sets it, for every spec of the fixture that does not set its own.
    public var spec: String?
    /// The value's name.
    public var name: String
    /// The value.
    public var value: Value
    /// The decision, as written.
    public var decision: String
    /// The file that sets the value.
    public var file: String
    /// The value's 1-based line.
    public var line: Int
    /// The rows that read the value by name (a condition, an outcome, an input or a step naming it), in spec id order,
    /// then file order; a spec that sets its own value of that name reads its own, not this one.
    public var rows: [SectionCoverage.RowReference]

    /// Creates a record.
    public init(fixture: String, spec: String?, name: String, value: Value, decision: String, file: String, line: Int,
                rows: [SectionCoverage.RowReference] = []) {
        self.fixture = fixture
        self.spec = spec
        self.name = name
        self.value = value
        self.decision = decision
        self.file = file
        self.line = line
        self.rows = rows
    }

    /// Every product value set with a decision in `products` or in `specs`, each with the rows of `specs` that read it
    /// (`RowIdentity.productValues`, which holds the value in force for the row's spec), sorted by file, then line,
    /// then name. A value no row reads is listed with none.
    public static func all(specs: [Spec], products: [ProductFile]) -> [ProductDecision] {
        var found: [Key: ProductDecision] = [:]
        for product in products {
            for b in product.product {
                guard let decision = b.decision else { continue }
                found[Key(b)] = ProductDecision(fixture: product.fixture, spec: nil, name: b.name, value: b.value, decision: decision,
                                                file: b.location.file, line: b.location.line)
            }
        }
        for spec in specs.sorted(by: { $0.id < $1.id }) {
            for b in spec.product {
                guard let decision = b.decision else { continue }
                found[Key(b)] = ProductDecision(fixture: spec.fixture, spec: spec.id, name: b.name, value: b.value, decision: decision,
                                                file: b.location.file, line: b.location.line)
            }
            for row in spec.rows {
                for b in row.productValues {
                    guard let decision = b.decision else { continue }
                    // A value no product file or `product:` sets: a scenario's `given:`, for that scenario.
                    let given = ProductDecision(fixture: spec.fixture, spec: spec.id, name: b.name, value: b.value, decision: decision,
                                                file: b.location.file, line: b.location.line)
                    found[Key(b), default: given].rows.append(SectionCoverage.RowReference(
                        spec: spec.id, row: row.id, file: spec.file, line: row.location.line, column: row.location.column))
                }
            }
        }
        return found.sorted { $0.key < $1.key }.map(\.value)
    }

    /// Where a value is written, and its name: one binding, wherever a spec or a row meets it.
    private struct Key: Hashable, Comparable {
        var location: SourceLocation
        var name: String

        init(_ binding: Binding) {
            location = binding.location
            name = binding.name
        }

        static func < (a: Key, b: Key) -> Bool { (a.location, a.name) < (b.location, b.name) }
    }
}
