/// The documents the editor has open, by the path of the file each names.
///
/// The client owns its URIs and may open one file under several (`…/specs/../specs/a.yaml`, `%2D` for `-`,
/// `file://localhost/…`): to it they are documents of their own, each with its text and version. A folder is linted
/// with one text per file, so of a file's documents one is *current*: the one opened or changed last (by a change
/// that was applied). Its text is the file's, and the file's findings are published under its URI with its version,
/// once. The others are kept, with their texts and versions, for their own changes, requests and closing; when the
/// current one is closed, the one opened or changed last before it takes its place.
struct OpenDocuments: Sendable {
    /// One open document.
    struct Document: Sendable, Equatable {
        /// Its URI, as the editor wrote it.
        var uri: String
        /// Its text, as the editor holds it.
        var text: String
        /// Its version, as the editor numbers it.
        var version: Int
    }

    /// Each file's open documents, the current one last.
    private var byPath: [String: [Document]] = [:]

    /// The current document of the file at `path`: the one opened or changed last.
    func current(_ path: String) -> Document? { byPath[path]?.last }

    /// The document of the file at `path` that `uri` names: the one opened under that very URI; else, when the file
    /// has one document open, that one (a client that spells one document's URI two ways still means the document it
    /// opened). Nil when it names none, or could name any of several.
    func document(_ uri: String, path: String) -> Document? {
        guard let documents = byPath[path] else { return nil }
        return documents.first { $0.uri == uri } ?? (documents.count == 1 ? documents[0] : nil)
    }

    /// Holds `document` (newly opened, or with a new text or version) as the current document of the file at `path`,
    /// in place of the one of its URI.
    mutating func put(_ document: Document, path: String) {
        var documents = byPath[path] ?? []
        documents.removeAll { $0.uri == document.uri }
        documents.append(document)
        byPath[path] = documents
    }

    /// Closes the document of the file at `path` that `uri` names (`document(_:path:)`), and gives it; nil when it
    /// names none.
    mutating func close(_ uri: String, path: String) -> Document? {
        guard let closed = document(uri, path: path) else { return nil }
        let documents = (byPath[path] ?? []).filter { $0.uri != closed.uri }
        byPath[path] = documents.isEmpty ? nil : documents
        return closed
    }
}
