import SpecKit

/// Why a JSON file cannot be read back as a run (the input of `lockspec merge`): it is not a LockSpec result, or it
/// holds a value no run can produce (a state listed twice, a negative step). Located at the offending value.
public struct RunResultDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `result.unreadable` (not JSON, or not shaped as a result) or `result.invalid` (an impossible value).
    public var id: String
    /// What is wrong, in a sentence.
    public var message: String
    /// Where in the JSON, as a path such as `specs[0].graph.states[2]` (empty for the whole document).
    public var path: String
    /// The 1-based line of the offending value (1 when it cannot be found).
    public var line: Int
    /// The 1-based column of the offending value (1 when it cannot be found).
    public var column: Int

    /// Creates an error.
    public init(id: String, message: String, path: String, line: Int, column: Int) {
        self.id = id
        self.message = message
        self.path = path
        self.line = line
        self.column = column
    }

    /// `path: message`.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }

    /// The error as a finding in `file`, for the CLI to print like any other.
    public func diagnostic(file: String) -> Diagnostic {
        Diagnostic(.error, id: id, "not a usable LockSpec result: \(description)",
                   at: SourceLocation(file: file, line: line, column: column),
                   hint: "give 'lockspec merge' the files written by 'lockspec run --json'")
    }
}
