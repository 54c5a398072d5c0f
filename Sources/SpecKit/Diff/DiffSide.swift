import Foundation

/// One side of a diff: spec files read from a folder, or from a git revision's blobs (never checked out).
public struct DiffSide: Sendable {
    /// How the side is named in the output: the folder, or `<revision>:<path>`.
    public var label: String
    /// The spec files, as (path, bytes); paths are relative to the side so both sides name a file alike.
    public var sources: [(path: String, bytes: [UInt8])]

    /// Creates a side from files already read.
    public init(label: String, sources: [(path: String, bytes: [UInt8])]) {
        self.label = label
        self.sources = sources
    }

    /// The `.yaml`/`.yml` files under a folder (or one file), read with the loader's size limit.
    public static func folder(_ path: String, limit: Int = YAMLLimits.default.maximumFileSize) throws(DiagnosticError) -> DiffSide {
        let files = try SpecCompiler.discover([path])
        var sources: [(path: String, bytes: [UInt8])] = []
        for file in files {
            sources.append((relative(file, to: path), try readFile(file, limit: limit)))
        }
        return DiffSide(label: path, sources: sources)
    }

    /// The `.yaml`/`.yml` files under `path` at a git revision of the repository at `repository` (as a folder gives
    /// them: the sections' reasons file is not a spec), read as blobs with `git ls-tree` and `git cat-file`, so the
    /// working tree is never touched.
    public static func gitRevision(_ revision: String, path: String, repository: String = ".") throws(DiagnosticError) -> DiffSide {
        guard !revision.isEmpty, !revision.hasPrefix("-") else {
            throw DiagnosticError([Diagnostic(.error, id: "input.bad-revision", "'\(VisibleText.escape(revision))' is not a git revision", at: .file(repository))])
        }
        let listing = try git(["ls-tree", "-r", "-z", "--name-only", revision, "--", path], in: repository)
        let names = listing.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            .filter { ($0.hasSuffix(".yaml") || $0.hasSuffix(".yml")) && ($0 as NSString).lastPathComponent != SectionReasons.fileName }
            .sorted()
        var sources: [(path: String, bytes: [UInt8])] = []
        for name in names {
            sources.append((relative(name, to: path), try git(["cat-file", "blob", "\(revision):\(name)"], in: repository)))
        }
        return DiffSide(label: "\(revision):\(path)", sources: sources)
    }

    private static func relative(_ file: String, to root: String) -> String {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : (file as NSString).lastPathComponent
    }

    private static func git(_ arguments: [String], in repository: String) throws(DiagnosticError) -> [UInt8] {
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
