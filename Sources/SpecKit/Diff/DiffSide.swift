import Foundation

/// One side of a diff: spec files read from a folder, or from a git revision's blobs (never checked out).
public struct DiffSide: Sendable {
    /// How the side is named in the output: the folder, or `<revision>:<path>`.
    public var label: String
    /// The spec files, as (path, bytes); each path is under the side's root, as a finding and its notes name the file.
    public var sources: [(path: String, bytes: [UInt8])]
    /// What `init` put before each path given it (`old/`, `HEAD:specs/`, nothing under `.`).
    private let prefix: String
    /// The paths of the specs to compare, when the side is one file: the others are the files beside it, read only
    /// for the machine it `uses:` and its product values. Nil compares every spec.
    public var focus: Set<String>?

    /// Creates a side from files already read, named relative to `root` (which defaults to the label). The paths are
    /// kept under `root`, so a finding and the locations in its notes name the file as the reader finds it; specs are
    /// matched across sides by id, never by path.
    public init(label: String, sources: [(path: String, bytes: [UInt8])], root: String? = nil, focus: Set<String>? = nil) {
        let root = root ?? label
        let under = { (path: String) in root == "." ? path : (root as NSString).appendingPathComponent(path) }
        self.label = label
        self.sources = sources.map { (under($0.path), $0.bytes) }
        self.prefix = String(under("x").dropLast())
        self.focus = focus.map { Set($0.map(under)) }
    }

    /// A file's path under the side's root, as the other side names the same file (`sub/x.yaml` for
    /// `old/sub/x.yaml`): how two sides' files are paired.
    public func name(of path: String) -> String {
        path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// The text of each file, by `name(of:)`.
    public var texts: [String: String] {
        sources.firstByKey { (name(of: $0.path), String(decoding: $0.bytes, as: UTF8.self)) }
    }

    /// The `.yaml`/`.yml` files under a folder, read with the loader's size limit. One file is compared alone, read
    /// with the files beside it as `lockspec run` reads it: for the machine it `uses:` and its folder's product values.
    public static func folder(_ path: String) throws(DiagnosticError) -> DiffSide {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
            try SpecCompiler.refuseReasonsFile(path)
            return oneFile(path, bytes: try readFile(path, limit: YAMLLimits.default.maximumFileSize))
        }
        let sources = try SpecCompiler.discover([path]).map { file throws(DiagnosticError) in
            (path: relative(file, to: path), bytes: try readFile(file, limit: YAMLLimits.default.maximumFileSize))
        }
        return DiffSide(label: path, sources: sources)
    }

    /// The spec file at `path` compared alone (`bytes`, nil when it is absent), with the spec files right beside it
    /// (not in folders below: an old/ and a new/ copy would be read twice), named relative to its folder. One that
    /// cannot be read is left out: if the spec needed it, its compile says what is missing.
    static func oneFile(_ path: String, bytes: [UInt8]?) -> DiffSide {
        let folder = (path as NSString).deletingLastPathComponent, name = (path as NSString).lastPathComponent
        let here = folder.isEmpty ? "." : folder
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: here)) ?? []).sorted()
        let beside = names.filter { $0 != name && SpecCompiler.isSpecFile($0) }.compactMap { other in
            (try? readFile((here as NSString).appendingPathComponent(other), limit: YAMLLimits.default.maximumFileSize))
                .map { (path: other, bytes: $0) }
        }
        return DiffSide(label: path, sources: (bytes.map { [(path: name, bytes: $0)] } ?? []) + beside, root: here, focus: [name])
    }

    /// Whether the side holds what is compared: the one file, or any spec file of a folder.
    public var holdsFocus: Bool {
        sources.contains { compares($0.path) }
    }

    /// Whether a file's specs belong to the comparison: a focused file, or any file of a side with no focus.
    func compares(_ file: String) -> Bool {
        focus.map { $0.contains(file) } ?? true
    }

    /// The `.yaml`/`.yml` files under `path` (from the repository's top) at a git revision of the repository at
    /// `repository` (as a folder gives them: the sections' reasons file is not a spec), read as blobs with
    /// `git ls-tree` and `git cat-file`, so the working tree is never touched. A blob over `maximumFileSize` bytes
    /// is not read: it is a `yaml.too-large` error at `<revision>:<name>`, as a file over it is in a folder.
    public static func gitRevision(_ revision: String, path: String, repository: String = ".",
                                   maximumFileSize: Int = YAMLLimits.default.maximumFileSize) throws(DiagnosticError) -> DiffSide {
        guard !revision.isEmpty, !revision.hasPrefix("-") else {
            throw DiagnosticError([Diagnostic(.error, id: "input.bad-revision", "'\(VisibleText.escape(revision))' is not a git revision", at: .file(repository))])
        }
        // A revision git cannot find is said in words, not as the failure of the first git command that reads it.
        do { _ = try git(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"], in: repository) } catch {
            guard (try? git(["rev-parse", "--git-dir"], in: repository)) != nil else { throw error }
            throw DiagnosticError([Diagnostic(.error, id: "input.bad-revision",
                "no commit '\(VisibleText.escape(revision))' in the git repository: name a commit, a branch or a tag ('git log --oneline' lists the commits)",
                at: .file(repository))])
        }
        var sizes: [String: Int] = [:]
        func specs(under path: String) throws(DiagnosticError) -> [String] {
            // --full-tree: the path and the names are from the repository's top, as `<revision>:<name>` reads them,
            // wherever in the work tree git runs. -l: each blob's size, read before the blob is.
            let listing = try git(["ls-tree", "-r", "-z", "-l", "--full-tree", revision, "--", path], in: repository)
            var names: [String] = []
            for entry in listing.split(separator: 0) {
                // `<mode> <type> <object> <size>\t<name>`: the name follows the first tab, whatever it holds.
                let text = String(decoding: entry, as: UTF8.self)
                guard let tab = text.firstIndex(of: "\t") else { continue }
                let name = String(text[text.index(after: tab)...])
                sizes[name] = Int(text[..<tab].split(separator: " ").last ?? "") ?? 0
                if SpecCompiler.isSpecFile(name) { names.append(name) }
            }
            return names.sorted()
        }
        // git names files without `./` or doubled slashes: `./specs//x.yaml` is `specs/x.yaml`.
        let clean = path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
        var names = try specs(under: path)
        var root = path, focus: Set<String>? = nil
        // One file at that revision is compared alone, with the files right beside it read as a folder's (see
        // `folder`); a file that is not there at that revision is still one file, absent on this side.
        let oneFile = names == [clean] || (names.isEmpty && SpecCompiler.isSpecFile(clean))
        if oneFile {
            root = (clean as NSString).deletingLastPathComponent
            focus = [(clean as NSString).lastPathComponent]
            names = try specs(under: root.isEmpty ? "." : root).filter { ($0 as NSString).deletingLastPathComponent == root }
        }
        let sources = try names.map { name throws(DiagnosticError) in
            if let size = sizes[name], size > maximumFileSize {
                throw DiagnosticError([YAMLLimits.tooLarge(size: size, limit: maximumFileSize, file: "\(revision):\(name)")])
            }
            return (path: relative(name, to: root), bytes: try git(["cat-file", "blob", "\(revision):\(name)"], in: repository))
        }
        return DiffSide(label: "\(revision):\(path)", sources: sources, root: "\(revision):\(root)", focus: focus)
    }

    private static func relative(_ file: String, to root: String) -> String {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : (file as NSString).lastPathComponent
    }

    /// What `git -C <repository> <arguments>` writes on its output; its first error line, located at the repository,
    /// when it fails or cannot run.
    public static func git(_ arguments: [String], in repository: String) throws(DiagnosticError) -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", repository] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        do { try process.run() } catch {
            throw DiagnosticError([Diagnostic(.error, id: "input.git", "could not run git: \(error.localizedDescription)", at: .file(repository))])
        }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let first = message.split(separator: "\n").first.map(String.init) ?? "exit \(process.terminationStatus)"
            throw DiagnosticError([Diagnostic(.error, id: "input.git", "git \(arguments.first ?? ""): \(VisibleText.escape(first))", at: .file(repository))])
        }
        return Array(data)
    }
}
