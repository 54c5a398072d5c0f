/// Loads one YAML spec file into a compact `YAMLDocument`, with every node located and every mistake a located
/// diagnostic.
///
/// Built on libyaml's event parser: `loadDocument` builds the document straight from its events; `load` gives its
/// root as a `NodeView`, for readers that want only the root. The loader refuses, with a plain sentence and a stable
/// id: an empty file, several documents, bytes that are not UTF-8 or contain NUL, libyaml's syntax errors, unknown and
/// recursive aliases, merge keys (`<<`), duplicate scalar keys, and anything beyond `limits`.
///
/// Choices: an alias reads as its anchored node, located at the alias; explicit tags are ignored
/// except `!!str`, which marks a plain scalar as quoted; keys that are not scalars are kept but not checked for
/// duplicates.
public struct YAMLLoader: Sendable {
    /// The hard limits on size, depth, node count and scalar length.
    public var limits: YAMLLimits

    /// Creates a loader with the given limits.
    public init(limits: YAMLLimits = .default) {
        self.limits = limits
    }

    /// Reads and loads the file at `path`, giving its root; the file's size is checked against the limit before it
    /// is read.
    public func load(contentsOf path: String) throws(DiagnosticError) -> NodeView {
        try load(readFile(path, limit: limits.maximumFileSize), file: path)
    }

    /// Loads YAML from bytes, giving the document's root; `file` is the path that locations name.
    public func load(_ bytes: [UInt8], file: String) throws(DiagnosticError) -> NodeView {
        try loadDocument(bytes, file: file).root
    }

    /// Loads YAML from bytes as a compact `YAMLDocument`; `file` is the path that locations name.
    public func loadDocument(_ bytes: [UInt8], file: String) throws(DiagnosticError) -> YAMLDocument {
        if bytes.count > limits.maximumFileSize {
            throw DiagnosticError([YAMLLimits.tooLarge(size: bytes.count, limit: limits.maximumFileSize, file: file)])
        }
        return try bytes.withUnsafeBufferPointer { buffer throws(DiagnosticError) in try load(buffer, file: file) }
    }

    /// Runs libyaml's event loop over `bytes`, building nothing, and returns the number of events (stopping at
    /// the first error). The floor that the loader's speed is measured against.
    public static func parseOnly(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var count = 0
            try? YAMLEventParser(input: buffer, file: "")?.forEachEvent { _ in
                count += 1
                return true
            }
            return count
        }
    }

    private func load(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws(DiagnosticError) -> YAMLDocument {
        try checkEncoding(bytes, file: file)
        guard let parser = YAMLEventParser(input: bytes, file: file) else {
            throw DiagnosticError([Diagnostic(
                .error, id: "yaml.syntax", "could not read the YAML: libyaml ran out of memory", at: .file(file))])
        }
        var builder = YAMLDocumentBuilder(limits: limits, file: parser.file, sizeHint: bytes.count)
        do {
            try parser.forEachEvent { event throws(DiagnosticError) in try builder.handle(event) }
        } catch {
            throw DiagnosticError(builder.diagnostics + error.diagnostics)
        }
        // A file of nothing but comments, or blank, is an empty plain scalar.
        guard let document = builder.document(), document.root.isQuoted || !document.root.scalarIs("") else {
            throw DiagnosticError(builder.diagnostics + [Diagnostic(
                .error, id: "yaml.empty", "the file is empty: it holds no YAML, or only comments",
                at: .file(file))])
        }
        if !builder.diagnostics.isEmpty { throw DiagnosticError(builder.diagnostics) }
        return document
    }

    /// Whether the start of a file holds control bytes that no text has (other than tab, line feed and carriage
    /// return): 4 or more in its first 1,024 bytes, as an image or an archive does and a Latin-1 text does not.
    static func looksBinary(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.prefix(1024).filter { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D) || $0 == 0x7F }.count >= 4
    }

    /// Refuses UTF-16 and UTF-32, bytes that are not UTF-8, and NUL bytes, before libyaml sees them: libyaml would
    /// misread some of them or report them vaguely.
    private func checkEncoding(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws(DiagnosticError) {
        if let encoding = SourceBytes.foreignByteOrderMark(bytes) {
            throw DiagnosticError([Diagnostic(
                .error, id: "yaml.encoding",
                "the file is saved as \(encoding), but spec files must be UTF-8",
                at: .file(file), hint: "save the file as UTF-8 in your editor")])
        }
        switch SourceBytes.firstProblem(bytes) {
        case nil:
            return
        case .invalidUTF8(let offset)?:
            let byte = bytes[offset]
            let digits = String(byte, radix: 16, uppercase: true)
            throw DiagnosticError([Diagnostic(
                .error, id: "yaml.encoding",
                "the file is not valid UTF-8: the bytes here, starting with 0x\(digits), are not a UTF-8 character",
                at: SourceBytes.location(ofByte: offset, in: bytes, file: file),
                hint: Self.looksBinary(bytes) ? "the file looks like binary data, not text: is it a spec file at all?"
                    : "the file may be saved as Latin-1 or Windows-1252; save it as UTF-8")])
        case .nul(let offset)?:
            let looksWide = bytes.count >= 2 && (bytes[0] == 0 || bytes[1] == 0)
            throw DiagnosticError([Diagnostic(
                .error, id: "yaml.nul-byte", "the file contains a NUL byte (a zero byte), which YAML does not allow",
                at: SourceBytes.location(ofByte: offset, in: bytes, file: file),
                hint: looksWide ? "the file may be saved as UTF-16 or UTF-32; save it as UTF-8" : nil)])
        }
    }
}
