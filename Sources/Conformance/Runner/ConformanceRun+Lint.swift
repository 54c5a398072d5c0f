import Foundation
import SpecKit

extension ConformanceRun {
    /// What `lockspec lint` reports over `paths` (default specs/), against the fixtures of `registry`:
    /// `SpecCompiler.lint(paths:documents:)`, and with `documents` also the checks of the fingerprints a run would
    /// take, over one read of each document.
    public static func lint(_ paths: [String], documents: String?, registry: FixtureRegistry) throws(DiagnosticError) -> SpecCompiler.Compilation {
        let folder = documents.map { DocumentFolder($0) }
        var compilation = try SpecCompiler(catalog: registry).lint(paths: paths, documents: folder)
        guard !compilation.readNothing, !compilation.couldNotReadInput else { return compilation }
        compilation.diagnostics = (compilation.diagnostics + fingerprintFindings(compilation, folder, besides: compilation.diagnostics)).cappedPerFile
        return compilation
    }

    /// What lint adds for the documents a run would fingerprint (`run.document-missing`, a folder that is not there):
    /// such a run stops, so a clean lint, or a clean workbench page, must not say otherwise. Nothing without
    /// `documents`; a finding already in `besides` (a document too large for both the coverage and the fingerprint)
    /// is not given twice.
    public static func fingerprintFindings(_ compilation: SpecCompiler.Compilation, _ documents: DocumentFolder?, besides: [Diagnostic]) -> [Diagnostic] {
        guard let documents else { return [] }
        return DocumentFingerprints.take(citedBy: compilation.suite, products: compilation.products, specs: compilation.specs, in: documents)
            .diagnostics.filter { !besides.contains($0) }
    }
}
