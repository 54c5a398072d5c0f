import Foundation
import SpecKit

/// The spec folders the editor has open, with the unsaved text of each open document laid over the files on disk.
/// Each analysis compiles the whole folder of a document (so `uses:`, product files and duplicate ids are seen as
/// `lockspec lint <folder>` sees them) and gives every finding, by file.
public struct SpecWorkspace: Sendable {
    /// The fixtures to check names against.
    public var catalog: (any FixtureCatalog)?
    /// The text of each open document, by absolute path.
    public var documents: [String: String] = [:]
    /// The last compilation of each folder.
    public private(set) var compilations: [String: SpecCompiler.Compilation] = [:]
    /// The last spec read from each file that could be read, kept while the file is broken (for completion).
    public private(set) var lastGood: [String: Spec] = [:]
    /// How many folders were compiled so far (what a keystroke costs).
    public private(set) var compileCount = 0
    /// The folders whose saved files `lastRead(at:)` compiled (once each).
    private var savedRead: Set<String> = []

    /// Creates a workspace.
    public init(catalog: (any FixtureCatalog)?) { self.catalog = catalog }

    /// The most files and folders a document's folder tree may hold to be read whole (specs/ holds about 50).
    public static let maximumFolderEntries = 5_000

    /// The spec files of a folder and the folders below it, as `lockspec lint` reads them. A folder tree past
    /// `maximumFolderEntries` (a document at '/' or in a home folder) is not read whole, so a keystroke never reads a
    /// whole disk: then the folder's own YAML files are read (the specs a document `uses:`, its product file), when
    /// the folder itself holds no more than that many entries, and otherwise none.
    static func specFiles(in folder: String) -> [String] {
        let files: [String]
        if let all = try? SpecCompiler.discover([folder], maximumEntries: maximumFolderEntries) {
            files = all
        } else if let names = try? FileManager.default.contentsOfDirectory(atPath: folder), names.count <= maximumFolderEntries {
            files = names.filter(isSpec).map { (folder as NSString).appendingPathComponent($0) }
        } else {
            files = []
        }
        return files.filter { !$0.hasSuffix("/" + SectionReasons.fileName) }
    }

    /// The folder a document belongs to.
    public static func folder(of path: String) -> String { (path as NSString).deletingLastPathComponent }

    /// A folder's findings by file, and the bytes each file was read as (an open document's unsaved text).
    public struct Analysis: Sendable {
        /// Every file's findings, empty for a file without any.
        public var findings: [String: [Diagnostic]]
        /// The bytes read of each file, as the findings' places count them.
        public var texts: [String: [UInt8]]
    }

    /// Compiles the folder of `path` with the open documents laid over it: every finding of the folder's files (the
    /// compilation's and the design-document coverage's, as `lockspec lint` gives them), by file. Nil for a folder
    /// that holds no specs: none of its YAML files, open or on disk, names a `fixture:` or a spec `kind:` at its top
    /// level (a CI workflow, a compose file), so it is not linted, whatever the editor sends.
    public mutating func analyze(folder: String) -> Analysis? {
        var files = Self.specFiles(in: folder)
        for path in documents.keys where Self.folder(of: path) == folder && !files.contains(path) && Self.isSpec(path)
            && !path.hasSuffix("/" + SectionReasons.fileName) { files.append(path) }
        let loader = YAMLLoader()
        let (sources, unreadable) = Self.sources(files, open: documents, limit: loader.limits.maximumFileSize)
        guard sources.contains(where: { Self.looksLikeSpec($0.bytes) }) else { return nil }
        let compilation = SpecCompiler(loader: loader, catalog: catalog).lint(sources: sources, unreadable: unreadable, folder: folder, documents: nil).compilation
        compileCount += 1
        compilations[folder] = compilation
        for spec in compilation.specs { lastGood[spec.file] = spec }
        var byFile: [String: [Diagnostic]] = [:]
        for file in files { byFile[file] = [] }
        for diagnostic in compilation.diagnostics { byFile[diagnostic.location.file, default: []].append(diagnostic) }
        return Analysis(findings: byFile, texts: sources.firstByKey { ($0.path, $0.bytes) })
    }

    /// The bytes of `files`, in path order: an open document's text (`open`, by path), else the file as saved; a file
    /// that cannot be read (or is past `limit` bytes) is a `yaml.unreadable` finding instead.
    static func sources(_ files: [String], open: [String: String], limit: Int) -> (sources: [(path: String, bytes: [UInt8])], unreadable: [Diagnostic]) {
        var sources: [(path: String, bytes: [UInt8])] = []
        var unreadable: [Diagnostic] = []
        for file in files.sorted() {
            if let text = open[file] {
                sources.append((file, Array(text.utf8)))
            } else if let bytes = read(file, limit: limit) {
                sources.append((file, bytes))
            } else {
                unreadable.append(Diagnostic(.error, id: "yaml.unreadable", "could not read the file", at: .file(file)))
            }
        }
        return (sources, unreadable)
    }

    /// The top-level lines that make a YAML file a spec (or product file), even an unfinished one: a `fixture:`, or
    /// a `kind:` that is one of the spec kinds. A CI workflow or a compose file has neither.
    static let specMarks: [[UInt8]] = [Array("fixture:".utf8)]
        + (Spec.Kind.allCases.map(\.rawValue) + ["product"]).map { Array("kind: \($0)".utf8) }

    /// Whether some top-level line of a YAML text is one of `specMarks` (`kind: machine` but not `kind: machines`).
    static func looksLikeSpec(_ bytes: [UInt8]) -> Bool {
        bytes.split(separator: UInt8(ascii: "\n")).contains { line in
            specMarks.contains { mark in
                guard line.starts(with: mark) else { return false }
                let rest = line.dropFirst(mark.count).drop { $0 == 32 || $0 == 9 || $0 == 13 }
                return mark.last == UInt8(ascii: ":") || rest.isEmpty || rest.first == UInt8(ascii: "#")
            }
        }
    }

    /// Whether a path names a spec file.
    static func isSpec(_ path: String) -> Bool { path.hasSuffix(".yaml") || path.hasSuffix(".yml") }

    /// A file's bytes, or nil when it cannot be read or is over `limit`.
    static func read(_ path: String, limit: Int) -> [UInt8]? {
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size <= limit,
              let data = FileManager.default.contents(atPath: path), data.count <= limit else { return nil }
        return Array(data)
    }

    /// The spec of a file: from the last compilation, else the last one that could be read (its names, for
    /// completion; its lines may be another text's).
    public func spec(at path: String) -> Spec? {
        currentSpec(at: path) ?? lastGood[path]
    }

    /// The spec of a file as its text reads now, or nil while it cannot be read: what a hover may describe.
    public func currentSpec(at path: String) -> Spec? {
        compilations[Self.folder(of: path)]?.specs.first { $0.file == path }
    }


    /// The spec of a file as it last read, or, for a file that has not read cleanly since the editor opened it (opened
    /// with an error), as it reads on disk: its folder compiled from the saved files alone, once, its specs kept as
    /// they last read. Nil when the saved file does not read either. (A trial: a file opened broken had no hover on any
    /// row, where one broken after it opened keeps them.)
    public mutating func lastRead(at path: String) -> Spec? {
        if let spec = lastGood[path] { return spec }
        guard !savedRead.contains(Self.folder(of: path)) else { return nil }
        savedRead.insert(Self.folder(of: path))
        let loader = YAMLLoader()
        let sources = Self.sources(Self.specFiles(in: Self.folder(of: path)), open: [:], limit: loader.limits.maximumFileSize).sources
        let saved = SpecCompiler(loader: loader, catalog: catalog).compile(sources: sources)
        compileCount += 1
        for spec in saved.specs where lastGood[spec.file] == nil { lastGood[spec.file] = spec }
        return lastGood[path]
    }

    /// The product file of a fixture in a folder, if it was read.
    public func product(fixture: String, folder: String) -> ProductFile? {
        compilations[folder]?.products.first { $0.fixture == fixture }
    }
}
