/// One finding about a spec: a severity, a stable id, a plain-language message and a location.
///
/// Diagnostics are values: the library collects them and never prints. They print as
/// `file:line:col: error: message [id]`.
public struct Diagnostic: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// How serious a finding is.
    public enum Severity: String, Hashable, Sendable, Comparable, Codable {
        /// Extra information attached to another finding.
        case note
        /// Something a careful reviewer would question; an error under `--strict`.
        case warning
        /// The spec is wrong and cannot be trusted.
        case error

        /// Orders note < warning < error.
        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            switch (lhs, rhs) {
            case (.note, .warning), (.note, .error), (.warning, .error): true
            default: false
            }
        }
    }

    /// How serious this finding is.
    public var severity: Severity
    /// A stable identifier of the kind of finding, such as `yaml.duplicate-key` or `check.conflict`.
    public var id: String
    /// The message, a plain sentence for the person who edits the spec.
    public var message: String
    /// Where the finding points.
    public var location: SourceLocation
    /// The ids of the rows the finding is about, sorted.
    public var rows: [String]
    /// Further lines that help (other locations involved, concrete inputs), each printed as a note.
    public var notes: [String]
    /// A suggested fix, such as a did-you-mean.
    public var hint: String?
    /// Other places the finding involves, each with what it is (the rows a machine took on the way to a scenario's
    /// step): links for editors (LSP `relatedInformation`) and code scanning (SARIF `relatedLocations`). The text
    /// output says them in its notes.
    public var related: [Related] = []

    /// Another place a finding involves, and what it is there.
    public struct Related: Hashable, Sendable {
        /// Where.
        public var location: SourceLocation
        /// What is there, in a few words (`row LL-BG-ON, taken on background`).
        public var message: String

        /// Creates a related place.
        public init(_ location: SourceLocation, _ message: String) {
            self.location = location
            self.message = message
        }
    }

    /// Creates a diagnostic.
    public init(
        _ severity: Severity, id: String, _ message: String, at location: SourceLocation,
        rows: [String] = [], notes: [String] = [], hint: String? = nil, related: [Related] = []
    ) {
        self.severity = severity
        self.id = id
        self.message = message
        self.location = location
        self.rows = rows.sorted()
        self.notes = notes
        self.hint = hint
        self.related = related
    }

    /// `file:line:col: severity: message [id]`, followed by the hint and notes on their own lines. Control
    /// characters from the spec are shown escaped (`VisibleText`), so a finding is always exactly these lines.
    public var description: String {
        var text = "\(VisibleText.escape(location.description)): \(severity.rawValue): \(VisibleText.escape(message)) [\(id)]"
        if let hint { text += "\n    hint: \(VisibleText.escape(hint))" }
        for note in notes { text += "\n    note: \(VisibleText.escape(note))" }
        return text
    }

    /// Whether the finding follows from another one (a note `follows from <id> at <file:line:col>`): such findings
    /// are listed after every root cause.
    public var followsFromAnother: Bool { notes.contains { $0.hasPrefix("follows from ") } }

    /// Sorts root causes first, then by location, then id, then message, so output is deterministic.
    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        if lhs.followsFromAnother != rhs.followsFromAnother { return rhs.followsFromAnother }
        return (lhs.location, lhs.id, lhs.message) < (rhs.location, rhs.id, rhs.message)
    }
}

/// An error that carries the diagnostics that made an operation impossible.
public struct DiagnosticError: Error, Sendable, CustomStringConvertible {
    /// The findings, sorted.
    public var diagnostics: [Diagnostic]

    /// Creates an error from one or more diagnostics.
    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics.sorted() }

    /// The diagnostics, one per line.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
