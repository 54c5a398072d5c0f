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
    /// Creates missing folders. Writes through a temporary file and a rename, so a reader never sees half a file.
    @discardableResult
    public static func writeIfChanged(_ text: String, to path: String) throws -> Bool {
        let url = URL(fileURLWithPath: path)
        let bytes = Data(text.utf8)
        if let existing = try? Data(contentsOf: url), existing == bytes { return false }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: url, options: .atomic)
        return true
    }
}
