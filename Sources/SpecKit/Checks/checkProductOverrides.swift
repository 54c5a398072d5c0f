/// Product values are written once: a fixture's product file sets them, and a spec that sets one of them again must
/// either differ and say why (`{value: …, decision: …}`) or not set it at all.
///
/// - `product.conflict` (error): a spec sets a parameter to another value than the product file, or than another
///   spec of the same fixture, without a `decision:`. Reported at both lines.
/// - `product.repeated` (warning): a spec sets a parameter to the value the product file already gives it.
func checkProductOverrides(products: [ProductFile], specs: [Spec]) -> [Diagnostic] {
    var out: [Diagnostic] = []
    let fixtures = Set(specs.map(\.fixture)).union(products.map(\.fixture)).sorted()
    for fixture in fixtures {
        let file = products.first { $0.fixture == fixture }
        let owners = specs.filter { $0.fixture == fixture }.sorted { $0.file < $1.file }
        var names = Set(file?.product.map(\.name) ?? [])
        for spec in owners { names.formUnion(spec.product.map(\.name)) }
        for name in names.sorted() {
            // The reference value: the product file's, else the first spec's that records no decision.
            var setters: [(owner: String, binding: Binding)] = owners.compactMap { spec in
                spec.product.first { $0.name == name }.map { (spec.id, $0) }
            }
            if let shared = file?.product.first(where: { $0.name == name }) { setters.insert((file!.id, shared), at: 0) }
            guard let reference = (file != nil ? setters.first : setters.first { $0.binding.decision == nil }) else { continue }
            for setter in setters where setter.binding.location != reference.binding.location {
                let b = setter.binding
                if b.value == reference.binding.value {
                    if file != nil && b.decision == nil {
                        out.append(Diagnostic(.warning, id: "product.repeated",
                            "\(setter.owner) sets \(name): \(b.value) again; \(reference.owner) already sets it for every '\(fixture)' spec",
                            at: b.location, notes: ["\(reference.owner) sets it at \(reference.binding.location)"], hint: "remove this line"))
                    }
                    continue
                }
                guard b.decision == nil else { continue }
                out.append(Diagnostic(.error, id: "product.conflict",
                    "\(setter.owner) sets \(name): \(b.value), but \(reference.owner) sets it to \(reference.binding.value)",
                    at: b.location, notes: ["\(reference.owner) sets it at \(reference.binding.location)"],
                    hint: "write the value once, or say why this spec differs: \(name): {value: \(b.value), decision: \"…\"}"))
                out.append(Diagnostic(.error, id: "product.conflict",
                    "\(reference.owner) sets \(name): \(reference.binding.value), but \(setter.owner) sets it to \(b.value)",
                    at: reference.binding.location, notes: ["\(setter.owner) sets it at \(b.location)"],
                    hint: "write the value once, or record a decision next to the override"))
            }
        }
    }
    return out
}
