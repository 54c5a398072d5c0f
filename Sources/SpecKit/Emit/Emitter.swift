import Foundation

/// Writes generated files: deterministic text, a header saying how to regenerate, and no rewrite when nothing changed.
public enum Emitter {
    /// The canonical JSON of a value: sorted keys, two-space indentation, a final newline. Stable and diff-friendly.
    public static func canonicalJSON<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Writes `text` to `path` only when the file's contents differ. Returns whether it wrote.
    /// Creates missing folders. Writes a file through a temporary file and a rename (`FileReplacement`: a reader never
    /// sees half a file, a symbolic link is written through, the mode is kept, a read-only file is refused). A path
    /// that is a device, a pipe or a socket (`/dev/stdout`, `/dev/null`, a `<(…)` path) is written to, never replaced;
    /// a write it refuses (a full disk) is an error.
    @discardableResult
    public static func writeIfChanged(_ text: String, to path: String) throws -> Bool {
        let bytes = Array(text.utf8)
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            guard status.st_mode & S_IFMT != S_IFDIR else { throw FileReplacement.Failure(description: "could not write \(path): it is a folder") }
            try FileReplacement.stream(bytes, to: path)
            return true
        }
        if let existing = FileManager.default.contents(atPath: path), Array(existing) == bytes { return false }
        let url = URL(fileURLWithPath: path)
        if let blocker = FileReplacement.fileAbove(path) {
            throw FileReplacement.Failure(description: "could not write \(path): \(blocker) is a file, not a folder")
        }
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw FileReplacement.Failure(description: "could not make the folder of \(path)")
        }
        do {
            try FileReplacement.write(bytes, to: path)
        } catch {
            throw FileReplacement.Failure(description: "could not write \(path): \(error.description)")
        }
        return true
    }
}
