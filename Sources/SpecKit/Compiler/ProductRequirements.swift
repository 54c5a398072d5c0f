/// The values of a product parameter a fixture can run, within its domain, and why there are no others.
public struct ProductChoices: Hashable, Sendable {
    /// The values the fixture can configure the core with.
    public var values: [Value]
    /// Why no other value can be run, in a phrase (`the core's PIN lengths`).
    public var reason: String

    /// Creates the choices.
    public init(_ values: [Value], because reason: String) {
        self.values = values
        self.reason = reason
    }
}

/// When a fixture needs a product parameter to be set.
public enum ProductNeed: Hashable, Sendable, CustomStringConvertible {
    /// Every spec of the fixture needs it.
    case always
    /// A spec that declares one of these events needs it.
    case forEvents(Set<String>)

    /// Whether a spec that declares these events needs the parameter.
    public func applies(toEvents declared: some Sequence<String>) -> Bool {
        switch self {
        case .always: true
        case .forEvents(let events): declared.contains { events.contains($0) }
        }
    }

    /// The need as `lockspec lint --fixtures` prints it.
    public var description: String {
        switch self {
        case .always: "required"
        case .forEvents(let events): "required by " + events.sorted().joined(separator: ", ")
        }
    }
}

/// A value of a decision table's input (or a matrix's axis) that the fixture can run only when a product parameter
/// holds none of some values: MedTime's `method: biometric` needs a sensor, so not `biometricType: none` (the core
/// shows no biometric prompt then, and no biometric failure can be made). Lint refuses a row the run would evaluate
/// with the value under such a product (`fixture.needs-product`).
public struct ValueNeed: Hashable, Sendable {
    /// The input (or axis) the value is of.
    public var input: String
    /// The value that needs the product.
    public var value: Value
    /// The product parameter.
    public var product: String
    /// The parameter's values under which the fixture cannot run `value`.
    public var excluded: [Value]
    /// Why, in a phrase (`the core shows no biometric prompt without a sensor`).
    public var reason: String

    /// Creates the need.
    public init(input: String, value: Value, product: String, excluded: [Value], reason: String) {
        (self.input, self.value, self.product, self.excluded, self.reason) = (input, value, product, excluded, reason)
    }
}
