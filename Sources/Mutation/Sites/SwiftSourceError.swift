/// A source file the mutation analysis cannot read: where (file:line:col, 1-based, in characters) and why.
public struct SwiftSourceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file, relative to the package root (or as given).
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, in characters.
    public var column: Int
    /// What is wrong there.
    public var message: String

    /// Makes an error from all its parts.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:col: message`.
    public var description: String { "\(file):\(line):\(column): \(message)" }
}
