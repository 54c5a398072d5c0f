import Foundation

/// The stable copy of the package the mutants are built in (`.build/mutation/copy`): the tracked files (git ls-files,
/// or every file outside `.build` and `.git` when the package is not a git checkout), with the schematized files on
/// top. A file is rewritten only when its text changes, so the next run's build is incremental.
public struct Workspace: Sendable {
    /// The package being mutated.
    public var packageRoot: String
    /// The copy's root.
    public var root: String

    /// Makes a workspace.
    public init(packageRoot: String, root: String) {
        self.packageRoot = packageRoot
        self.root = root
    }

    /// Copies the package's files into the copy, then writes `overrides` (package-relative path → text) over them, and
    /// removes every file an earlier run left that the package no longer has (a deleted source would still be compiled).
    public func prepare(overrides: [String: String]) throws {
        let fm = FileManager.default
        try fm.createDirectory(atPath: root, withIntermediateDirectories: true)
        var kept = Set(overrides.keys)
        for path in try trackedFiles() where overrides[path] == nil {
            guard let data = fm.contents(atPath: "\(packageRoot)/\(path)") else { continue }
            try write(data, to: path)
            kept.insert(path)
        }
        for (path, text) in overrides { try write(Data(text.utf8), to: path) }
        try removeLeftovers(keeping: kept)
    }

    /// Removes the copy's files that are not in `kept` (SwiftPM's own `.swiftpm` and `.build` folders are left alone).
    private func removeLeftovers(keeping kept: Set<String>) throws {
        let fm = FileManager.default
        guard let e = fm.enumerator(atPath: root) else { return }
        var leftovers: [String] = []
        while let path = e.nextObject() as? String {
            if path == ".swiftpm" || path == ".build" { e.skipDescendants(); continue }
            var isDirectory: ObjCBool = false
            if fm.fileExists(atPath: "\(root)/\(path)", isDirectory: &isDirectory), !isDirectory.boolValue, !kept.contains(path) {
                leftovers.append(path)
            }
        }
        for path in leftovers { try fm.removeItem(atPath: "\(root)/\(path)") }
    }

    /// Writes one file of the copy, unless it already holds exactly these bytes.
    public func write(_ data: Data, to path: String) throws {
        let target = "\(root)/\(path)"
        if FileManager.default.contents(atPath: target) == data { return }
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: target))
    }

    /// The package's files, package-relative and sorted.
    public func trackedFiles() throws -> [String] {
        let list = "\(NSTemporaryDirectory())/lockspec-mutate-ls-\(getpid()).txt"
        defer { try? FileManager.default.removeItem(atPath: list) }
        let (ending, _) = ProcessRunner.run("/usr/bin/env", ["git", "ls-files"], in: packageRoot, log: list, timeout: 60)
        if ending == .exited(0), let text = try? String(contentsOfFile: list, encoding: .utf8) {
            return text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }.sorted()
        }
        return walk()
    }

    private func walk() -> [String] {
        guard let e = FileManager.default.enumerator(atPath: packageRoot) else { return [] }
        var files: [String] = []
        while let path = e.nextObject() as? String {
            if path.hasPrefix(".build") || path.hasPrefix(".git") || path.hasPrefix(".swiftpm") {
                e.skipDescendants()
                continue
            }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: "\(packageRoot)/\(path)", isDirectory: &isDirectory), !isDirectory.boolValue {
                files.append(path)
            }
        }
        return files.sorted()
    }
}
