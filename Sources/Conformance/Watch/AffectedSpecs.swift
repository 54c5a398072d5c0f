import SpecKit

/// Which specs a change to some files affects, so a watch re-runs those and no others.
public enum AffectedSpecs {
    /// The ids (sorted) of the specs of `after` to re-run when `changed` files changed: the specs written in a changed
    /// file; every spec of a fixture whose product file changed (they inherit its values); and, repeatedly, every
    /// scenario set that `uses:` an affected machine. `before` (the compilation before the change, if any) names the
    /// specs and product files of files that are now deleted or broken, so their users are still found.
    public static func ids(changed: Set<String>, before: SpecCompiler.Compilation?, after: SpecCompiler.Compilation) -> [String] {
        let compilations = [before, after].compactMap { $0 }
        var touched: Set<String> = []
        var fixtures: Set<String> = []
        for compilation in compilations {
            for spec in compilation.specs where changed.contains(spec.file) { touched.insert(spec.id) }
            for product in compilation.products where changed.contains(product.file) { fixtures.insert(product.fixture) }
        }
        var affected = Set(after.specs.filter { touched.contains($0.id) || fixtures.contains($0.fixture) }.map(\.id))
        var grew = true
        while grew {
            grew = false
            for spec in after.specs where !affected.contains(spec.id) {
                guard case .scenarios(let set) = spec.body, let uses = set.uses else { continue }
                if affected.contains(uses) || touched.contains(uses) {
                    affected.insert(spec.id)
                    grew = true
                }
            }
        }
        return affected.sorted()
    }
}
