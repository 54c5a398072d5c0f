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

    /// Splits affected spec ids into those to run (they read, and no file they depend on has a lint error) and those
    /// not run for a lint error (a spec that no longer reads counts when it depended on a broken file; a deleted spec
    /// is just gone). `before` is the compilation before the change, if any.
    public static func partition(_ affected: [String], diagnostics: [Diagnostic], before: SpecCompiler.Compilation?,
                                 after: SpecCompiler.Compilation) -> (runnable: [String], notRun: [String]) {
        let broken = Set(diagnostics.filter { $0.severity == .error }.map(\.location.file))
        var runnable: [String] = [], notRun: [String] = []
        for id in affected {
            if let spec = after.specs.first(where: { $0.id == id }) {
                if dependencies(of: spec, in: after).contains(where: broken.contains) { notRun.append(id) } else { runnable.append(id) }
            } else if let before, let old = before.specs.first(where: { $0.id == id }),
                      dependencies(of: old, in: before).contains(where: broken.contains) {
                notRun.append(id)
            }
        }
        return (runnable, notRun)
    }

    /// The files a spec's cases depend on: its own, its fixture's product files (those that gave no values too), and
    /// the machine it `uses:`.
    static func dependencies(of spec: Spec, in compilation: SpecCompiler.Compilation) -> [String] {
        var files = [spec.file]
        files += compilation.products.filter { $0.fixture == spec.fixture }.map(\.file) + (compilation.unusableProductFiles[spec.fixture] ?? [])
        if case .scenarios(let set) = spec.body, let uses = set.uses {
            files += compilation.specs.filter { $0.id == uses }.map(\.file)
        }
        return files
    }
}
