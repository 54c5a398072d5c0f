/// A name and a value.
public struct NamedValue: Codable, Hashable, Sendable {
    /// The name.
    public var name: String
    /// The value.
    public var value: Value

    /// Creates a named value.
    public init(_ name: String, _ value: Value) {
        self.name = name
        self.value = value
    }
}
