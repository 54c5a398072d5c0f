import Foundation

extension SpecCompiler {
    /// What `lockspec lint PATHS` (default specs/) reports but the checks of the documents a run would fingerprint
    /// (Conformance's): the compilation of the paths, its findings joined by the design-document coverage's (from the
    /// citations and sections.yaml; with `documents`, also each cited document's outline and quotes), each file's past
    /// the first 1,000 only counted. A compilation that read nothing, or that could not read a path, comes back as
    /// compiled: there is nothing to cover. Paths that name files hold only their rows, so no section is called
    /// uncovered (a trial got 77 such warnings linting one file with --documents).
    public func lint(paths: [String], documents: DocumentFolder?) throws(DiagnosticError) -> Compilation {
        let paths = paths.isEmpty ? ["specs"] : paths
        var compilation = try compile(paths: paths)
        guard !compilation.readNothing, !compilation.couldNotReadInput else { return compilation }
        let sections = DesignDocuments.coverage(specs: compilation.suite.specs, products: compilation.products, specPaths: paths, documents: documents,
                                                specsMissing: compilation.failed(strict: false) || paths.contains(where: Self.isFile),
                                                written: compilation.specs)
        compilation.diagnostics = (compilation.diagnostics + sections.diagnostics).cappedPerFile
        return compilation
    }

    /// What an editor (the workbench, the language server) shows for a folder whose texts it holds, as `lockspec lint`
    /// reports it: the compilation of `sources`, its findings joined by `unreadable` (the folder's files that could not
    /// be read), `product.misnamed-file` and the design-document coverage's (the reasons file read from `folder`, the
    /// documents' outlines as `documents` reads them, nil for none), each file's past the first 1,000 only counted.
    public func lint(sources: [(path: String, bytes: [UInt8])], unreadable: [Diagnostic] = [], folder: String,
                     documents: DocumentFolder?) -> (compilation: Compilation, coverage: SectionCoverage) {
        var compilation = compile(sources: sources)
        compilation.diagnostics += unreadable + Self.misnamedProductFiles(compilation.products)
        let sections = DesignDocuments.coverage(specs: compilation.suite.specs, products: compilation.products, specPaths: [folder],
                                                documents: documents, specsMissing: compilation.failed(strict: false), written: compilation.specs)
        compilation.diagnostics = (compilation.diagnostics + sections.diagnostics).cappedPerFile
        return (compilation, sections.coverage)
    }
}

extension SpecCompiler {
    /// Whether a path names a file (not a folder, and there).
    public static func isFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
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
