import Foundation

/// Builds the gate from a copy of the package. The engine uses `SwiftBuilder`; tests inject one that builds nothing.
public protocol MutantBuilder: Sendable {
    /// Builds the copy at `root`; on success the gate to run, else the compile errors (package-relative file, line)
    /// and the tail of the build log.
    func build(root: String) -> BuildOutcome
}

/// What one build gave.
public enum BuildOutcome: Sendable {
    /// It built: the gate to run.
    case built(Gate)
    /// It did not: each error's package-relative file and line, and the end of the log.
    case failed(errors: [CompileErrorLine], log: String)
}

/// A compile error's place, package-relative.
public struct CompileErrorLine: Sendable, Hashable {
    /// The file, relative to the copy's root.
    public var file: String
    /// The 1-based line.
    public var line: Int

    /// Makes a place.
    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }
}

/// `swift build -c release --product lockspec` in the copy (or `-c debug`), with a scratch path of its own, so neither
/// the product build nor the working tree is touched; the gate is the `lockspec` it built, run from the copy's root.
public struct SwiftBuilder: MutantBuilder {
    /// The scratch path (`.build/mutation/scratch`).
    public var scratch: String
    /// The build's log file.
    public var log: String
    /// `release` (the schematized copy) or `debug` (the fallback copy: an incremental debug build recompiles only the
    /// mutated file and what depends on it).
    public var configuration: String

    /// Makes a builder.
    public init(scratch: String, log: String, configuration: String = "release") {
        self.scratch = scratch
        self.log = log
        self.configuration = configuration
    }

    /// Runs the build and reads its errors.
    public func build(root: String) -> BuildOutcome {
        let args = ["swift", "build", "-c", configuration, "--product", "lockspec", "--scratch-path", scratch]
        let (ending, _) = ProcessRunner.run("/usr/bin/env", args, in: root, log: log, timeout: nil)
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        if ending == .exited(0) {
            return .built(Gate(executable: "\(scratch)/\(configuration)/lockspec", directory: root))
        }
        let tail = text.split(separator: "\n", omittingEmptySubsequences: false).suffix(40).joined(separator: "\n")
        return .failed(errors: Self.errors(in: text, root: root), log: tail)
    }

    /// The `path:line:col: error:` lines of a build log, with paths made relative to `root` (others dropped).
    public static func errors(in log: String, root: String) -> [CompileErrorLine] {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        var found: Set<CompileErrorLine> = []
        for line in log.split(separator: "\n") where line.contains(": error:") {
            let parts = line.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count >= 3, let number = Int(parts[1]) else { continue }
            var path = String(parts[0])
            if path.hasPrefix(prefix) { path.removeFirst(prefix.count) } else if path.hasPrefix("/") { continue }
            found.insert(CompileErrorLine(file: path, line: number))
        }
        return found.sorted { ($0.file, $0.line) < ($1.file, $1.line) }
    }
}
