extension SpecCompiler {
    /// What an editor (the workbench, the language server) shows for a folder whose texts it holds, as `lockspec lint`
    /// reports it: the compilation of `sources`, its findings joined by `unreadable` (the folder's files that could not
    /// be read), `product.misnamed-file` and the design-document coverage's (the reasons file read from `folder`, the
    /// documents' outlines as `documents` reads them, nil for none), each file's past the first 1,000 only counted.
    public func lint(sources: [(path: String, bytes: [UInt8])], unreadable: [Diagnostic] = [], folder: String,
                     documents: DocumentFolder?) -> (compilation: Compilation, coverage: SectionCoverage) {
        var compilation = compile(sources: sources)
        compilation.diagnostics += unreadable + Self.misnamedProductFiles(compilation.products)
        let sections = DesignDocuments.coverage(specs: compilation.suite.specs, products: compilation.products, specPaths: [folder],
                                                documents: documents, specsMissing: compilation.failed(strict: false))
        compilation.diagnostics = (compilation.diagnostics + sections.diagnostics).cappedPerFile
        return (compilation, sections.coverage)
    }
}
