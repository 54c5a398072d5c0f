/// Product values follow one rule: a fixture's defaults live in its product file (`<fixture>.product.yaml`); a spec
/// may set a value for itself only, and where the file already sets that parameter the spec must say why it differs.
/// Nothing a spec sets reaches another spec, and no spec's value is compared with another spec's.
///
/// - `product.conflict` (error): a spec sets a parameter the product file sets, to another value, without a
///   `decision:`. Reported at the spec's line, with the exact text to write.
/// - `product.repeated` (warning): a spec sets a parameter to the value the product file already gives it.
///
/// A value that is not of its parameter's value type (`appVersion: v1_2`, a language-2 name) is compared with
/// nothing: it is `product.bad-value` at its own line (`checkFixtureVocabulary`), and a conflict or a repetition
/// of it would be a second finding for the same mistake.
func checkProductOverrides(products: [ProductFile], specs: [Spec], catalog: (any FixtureCatalog)?) -> [Diagnostic] {
    var out: [Diagnostic] = []
    for spec in specs.sorted(by: { $0.file < $1.file }) {
        guard let file = products.first(where: { $0.fixture == spec.fixture }) else { continue }
        let literals = catalog?.vocabulary(of: spec.fixture)?.productLiterals ?? [:]
        let isValue = { (b: Binding) in literals[b.name].map { $0.problem(with: b.value.description) == nil } ?? true }
        for b in spec.product where isValue(b) {
            // A value set with a decision says why it is set here, the same as the file's or not.
            guard b.decision == nil, let shared = file.product.first(where: { $0.name == b.name }), isValue(shared) else { continue }
            if b.value == shared.value {
                out.append(Diagnostic(.warning, id: "product.repeated",
                    "\(spec.id) sets \(b.name): \(b.value), the value \(file.file) already gives every '\(spec.fixture)' spec",
                    at: b.location, notes: ["\(file.id) sets it at \(shared.location)"], hint: "remove this line"))
                continue
            }
            out.append(Diagnostic(.error, id: "product.conflict",
                "\(spec.id) sets \(b.name): \(b.value), but \(file.file) sets it to \(shared.value) for every '\(spec.fixture)' spec; "
                    + "a spec may differ for itself only when it says why",
                at: b.location, notes: ["\(file.id) sets it at \(shared.location); the override applies to \(spec.id) alone"],
                hint: "write \(b.name): {value: \(b.value), decision: \"D-…: why this spec differs\"}, or remove this line to use \(shared.value)"))
        }
    }
    return out
}
