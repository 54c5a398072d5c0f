import SpecKit

/// Which specs a change to some files affects, so a watch re-runs those and no others.
public enum AffectedSpecs {
    /// The ids (sorted) of the specs to re-run when `changed` files changed: the specs written in a changed file; every
    /// spec of a fixture whose product file changed (they inherit its values); and, repeatedly, every scenario set that
    /// `uses:` an affected machine. Specs are looked up in `after` and in `before` (the compilation before the change,
    /// if any), so a machine that is now broken or deleted still brings the scenario sets that used it, which are
    /// themselves broken now; the caller runs only those `after` has and lints clean.
    public static func ids(changed: Set<String>, before: SpecCompiler.Compilation?, after: SpecCompiler.Compilation) -> [String] {
        let compilations = [before, after].compactMap { $0 }
        var specs: [String: Spec] = [:]
        for compilation in compilations { for spec in compilation.specs { specs[spec.id] = spec } }  // after wins
        var fixtures: Set<String> = []
        for compilation in compilations {
            for product in compilation.products where changed.contains(product.file) { fixtures.insert(product.fixture) }
        }
        var affected = Set(specs.values.filter { changed.contains($0.file) || fixtures.contains($0.fixture) }.map(\.id))
        var grew = true
        while grew {
            grew = false
            for spec in specs.values where !affected.contains(spec.id) {
                guard case .scenarios(let set) = spec.body, let uses = set.uses, affected.contains(uses) else { continue }
                affected.insert(spec.id)
                grew = true
            }
        }
        return affected.sorted()
    }
}
