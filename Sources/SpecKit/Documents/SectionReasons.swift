/// Why some sections of the design documents have no rows, or rows for only part of what they say:
/// `specs/sections.yaml`, one mapping per document from a section (its number, or its title when it has none) to the
/// reason, or to `partly:` and what the section's rows leave out.
///
/// ```yaml
/// medtime-biometric-unlock.es.md:
///   "2.1.1": The wireframe of the native iOS prompt: layout, no behaviour the core decides.
///   "8.1":
///     partly: Blocking screenshots is the platform window's; no row.
/// ```
public struct SectionReasons: Codable, Hashable, Sendable {
    /// The file's conventional name, in the specs folder.
    public static let fileName = "sections.yaml"

    /// The file the reasons were read from ("" when there is none).
    public var file: String
    /// Every reason, in file order.
    public var entries: [Entry]

    /// One section and why no row covers it, or what its rows leave out.
    public struct Entry: Codable, Hashable, Sendable {
        /// The document's file name.
        public var document: String
        /// The section, as a citation names it.
        public var section: String
        /// Why no row covers it; with `partly`, what its rows leave out and why.
        public var reason: String
        /// Whether rows cover the section in part, and `reason` says what they leave out (`partly:` in the file).
        public var partly = false
        /// The 1-based line of the entry.
        public var line: Int
        /// The 1-based column of the entry.
        public var column: Int
    }

    /// Creates a value.
    public init(file: String = "", entries: [Entry] = []) {
        self.file = file
        self.entries = entries
    }

    /// Reads the file's YAML tree. Anything but a mapping of documents to mappings of sections to texts (or to a
    /// mapping of `partly` alone to a text) is an error (`trace.bad-reasons`) at its place; so is a section listed twice.
    public static func read(_ root: NodeView, file: String) -> (reasons: SectionReasons, diagnostics: [Diagnostic]) {
        var entries: [Entry] = []
        var diagnostics: [Diagnostic] = []
        func bad(_ message: String, _ node: NodeView) { diagnostics.append(Diagnostic(.error, id: "trace.bad-reasons", message, at: node.location)) }
        guard let documents = root.mapping else {
            bad("the reasons for uncovered sections must be a mapping from document names to sections, not \(root.kindDescription)", root)
            return (SectionReasons(file: file), diagnostics)
        }
        for document in documents {
            guard let name = document.key.scalar, let sections = document.value.mapping else {
                bad("each document must map its sections to reasons, not \(document.value.kindDescription)", document.value)
                continue
            }
            for section in sections {
                guard let id = section.key.scalar, let (reason, partly) = text(of: section.value, bad: bad) else { continue }
                if entries.contains(where: { $0.document == name && $0.section == id }) {
                    bad("section '\(id)' of \(name) is listed twice", section.key)
                    continue
                }
                entries.append(Entry(document: name, section: id, reason: reason, partly: partly,
                                     line: section.key.location.line, column: section.key.location.column))
            }
        }
        return (SectionReasons(file: file, entries: entries), diagnostics)
    }

    /// A section's text: a reason, or `partly:` and what its rows leave out; nil (after `bad`) for anything else.
    static func text(of node: NodeView, bad: (String, NodeView) -> Void) -> (String, Bool)? {
        if let reason = words(node) { return (reason, false) }
        guard let fields = node.mapping else {
            bad("the reason for a section must be a text, or 'partly:' and what its rows leave out", node)
            return nil
        }
        guard fields.count == 1, let only = fields.first, only.key.scalar == "partly" else {
            let other = fields.first { $0.key.scalar != "partly" } ?? fields.first
            bad("a section's mapping takes one key, 'partly', with what its rows leave out", other?.key ?? node)
            return nil
        }
        guard let left = words(only.value) else {
            bad("'partly' must be a text: what the section's rows leave out, and why", only.value)
            return nil
        }
        return (left, true)
    }

    /// A scalar's text when it says something: not blank, and not YAML's null (`~`, `null` unquoted).
    static func words(_ node: NodeView) -> String? {
        guard let text = node.scalar, !text.trimmingSpaces.isEmpty else { return nil }
        if !node.isQuoted && ["~", "null", "Null", "NULL"].contains(text) { return nil }
        return text
    }
}
