/// The product parameters a spec's rows and steps may refer to by name: the effective values (the fixture's product
/// file, overridden by the spec's `product:`, then by a scenario's `given:`) and the fixture's declared domains.
struct ProductScope: Sendable {
    /// The values in force, by name.
    var values: [String: Binding] = [:]
    /// The fixture's declared parameters and their domains, when a fixture catalog is known.
    var declared: [String: Domain]?
    /// Parameters whose value was already reported as wrong: a reference to them says nothing more.
    var broken: Set<String> = []
    /// What the design documents say of the product file's values (its `documented:`), by name.
    var documented: [String: DocumentedValue] = [:]
    /// The product file's `variants:`, by name, with the file: each case runs once per value, so no row can name one.
    var variants: [String: (values: [Binding], file: String)] = [:]

    /// The scope with more values laid over it (a spec's own `product:`, a scenario's `given:`).
    func overlaid(with bindings: [Binding]) -> ProductScope {
        var copy = self
        for b in bindings { copy.values[b.name] = b }
        return copy
    }

    /// Every name a reference could mean, for a did-you-mean.
    var knownNames: [String] { Set(values.keys).union(declared.map { Array($0.keys) } ?? []).sorted() }
}
