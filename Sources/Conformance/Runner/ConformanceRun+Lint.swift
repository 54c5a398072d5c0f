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
        // One read of each document, for its outline and quotes and for the fingerprint checks below.
        let folder = documents.map { DocumentFolder($0) }
        let sections = DesignDocuments.coverage(specs: compilation.suite.specs, products: compilation.products, specPaths: paths, documents: folder,
                                                specsMissing: compilation.failed(strict: false) || namesFiles(paths))
        // The documents a run would fingerprint, checked now: a folder that is not there, or a cited document missing
        // from it, stops the run; a clean lint must not say otherwise.
        let fingerprints = folder.map { DocumentFingerprints.take(citedBy: compilation.suite, products: compilation.products, specs: compilation.specs, in: $0).diagnostics } ?? []
        // A document too large for both is one finding, not two.
        let fingerprintOnly = fingerprints.filter { !sections.diagnostics.contains($0) }
        compilation.diagnostics = (compilation.diagnostics + sections.diagnostics + fingerprintOnly).cappedPerFile
        return compilation
    }

    /// Whether the paths name spec files rather than folders: a lint of some files holds only their rows, so the
    /// sections the other specs cover would all look uncovered (a trial got 77 such warnings linting one file with
    /// --documents).
    static func namesFiles(_ paths: [String]) -> Bool {
        paths.contains { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
    }
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
