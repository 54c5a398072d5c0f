/// A value the core ships with (`FixtureVocabulary.shippedValues`: `builtInGrace`, the grace of the core's built-in
/// configuration) is what the app has, whatever the specs run with. A row may only expect it to be the product's value,
/// as the product file sets it for every spec of the fixture: expecting anything else would let a gate pass, and a
/// report certify the product's value, while the app ships another.
///
/// - `fixture.shipped-value` (error): a scenario step expects such an observation to be other than the product file's
///   value of its parameter (`builtInGrace: 60s` with the grace at 30s, or `builtInGrace: grace` under a scenario's
///   own `given: {grace: 60s}`). The hint says what to write, and that a failing row is then a change in the core.
///
/// A fixture whose product file does not set the parameter runs the core's own value: there is nothing to hold the
/// expectation against, and no finding.
func checkShippedValues(products: [ProductFile], specs: [Spec], catalog: (any FixtureCatalog)?) -> [Diagnostic] {
    guard let catalog else { return [] }
    var out: [Diagnostic] = []
    for spec in specs.sorted(by: { $0.file < $1.file }) {
        guard let shipped = catalog.vocabulary(of: spec.fixture)?.shippedValues, !shipped.isEmpty,
              case .scenarios(let set) = spec.body,
              let file = products.first(where: { $0.fixture == spec.fixture }) else { continue }
        for scenario in set.scenarios {
            for expectation in scenario.steps.flattened.flatMap({ $0.expect + $0.expectEach }) {
                guard let value = shipped[expectation.name],
                      let product = file.product.first(where: { $0.name == value.parameter }),
                      product.value != expectation.value else { continue }
                out.append(shippedValueFinding(expectation, value, product: product, file: file, row: scenario.identity.id,
                                               own: spec.product.first { $0.name == value.parameter }))
            }
        }
    }
    return out
}

/// The finding at `expectation`; `own` is the spec's own value of the parameter, when it sets one (then the parameter's
/// name in this spec is that value, not the product's, and the hint writes the product's value itself).
private func shippedValueFinding(_ expectation: Binding, _ shipped: FixtureVocabulary.ShippedValue, product: Binding,
                                 file: ProductFile, row: String, own: Binding?) -> Diagnostic {
    let name = expectation.name, parameter = shipped.parameter
    let shown = Value.shownAlike(expectation.value, product.value)
    let write = own.map { "write \(name): \(shown.1): this spec sets its own \(parameter) (\($0.value), at \($0.location)), so '\(parameter)' "
        + "here is that value, and the app ships the product's; or move this scenario to a spec that runs the product's \(parameter)" }
        ?? "write \(name): \(parameter) (and no given: of \(parameter) in this scenario)"
    return Diagnostic(.error, id: "fixture.shipped-value",
        "scenario \(row) expects \(name) to be \(shown.0), but \(name) is the \(parameter) the core ships with, and "
            + "\(file.file) sets the product's \(parameter) to \(shown.1): a scenario may not expect the app to ship another "
            + "\(parameter) than the product's, or the gate would pass with the product's value absent from the app",
        at: expectation.location, rows: [row],
        notes: ["\(file.id) sets \(parameter) at \(product.location)"],
        // With the spec's own value, the fix is in the spec; else, a scenario that then fails asks for a change in the core.
        hint: own != nil ? write : "\(write); while the core ships another value this scenario fails, and the change is in the core "
            + "(\(shipped.changedIn)), not in the specs")
}
