import Foundation
import SpecKit

extension ConformanceRun {
    /// What `lockspec lint` reports over `paths` (default specs/), against the fixtures of `registry`: the
    /// compilation, its findings joined by the design-document coverage's (from the citations and sections.yaml; with
    /// `documents`, also each cited document's outline and quotes, and the checks of the fingerprints a run would
    /// take), each file's past the first 1,000 only counted. A compilation that read nothing, or that could not read a
    /// path, comes back as compiled: there is nothing to cover.
    public static func lint(_ paths: [String], documents: String?, registry: FixtureRegistry) throws(DiagnosticError) -> SpecCompiler.Compilation {
        var compilation = try compile(paths, registry: registry)
        guard !compilation.readNothing, !compilation.couldNotReadInput else { return compilation }
        // One read of each document, for its outline and quotes and for the fingerprint checks.
        let folder = documents.map { DocumentFolder($0) }
        let sections = DesignDocuments.coverage(specs: compilation.suite.specs, products: compilation.products, specPaths: paths, documents: folder,
                                                specsMissing: compilation.failed(strict: false) || namesFiles(paths))
        compilation.diagnostics = (compilation.diagnostics + sections.diagnostics + fingerprintFindings(compilation, folder, besides: sections.diagnostics)).cappedPerFile
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

    /// Whether the paths name spec files rather than folders: a lint of some files holds only their rows, so the
    /// sections the other specs cover would all look uncovered (a trial got 77 such warnings linting one file with
    /// --documents).
    static func namesFiles(_ paths: [String]) -> Bool { paths.contains(where: isFile) }
}

extension SpecCompiler.Compilation {
    /// Whether some finding says an input could not be read at all (a missing path, a file that is not readable):
    /// the commands exit 2 for it, not 1.
    public var couldNotReadInput: Bool {
        diagnostics.contains { $0.id == "yaml.unreadable" || $0.id == "input.not-found" }
    }

    /// Whether the paths held nothing to read: no spec, product file, unreadable file or finding.
    public var readNothing: Bool {
        specs.isEmpty && products.isEmpty && unreadableFiles.isEmpty && diagnostics.isEmpty
    }
}
