/// A place in a spec file: the file's path and a 1-based line and column.
///
/// libyaml reports 0-based marks; they are converted to this type in exactly one place
/// (`YAMLDocumentBuilder.location(of:file:)`), so every location in SpecKit is 1-based.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The path of the file, as it was given to the loader.
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, counted in Unicode scalars as libyaml counts them.
    public var column: Int

    /// Creates a location from a file path and 1-based line and column.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// A location that stands for a whole file (line 1, column 1).
    public static func file(_ path: String) -> SourceLocation {
        SourceLocation(file: path, line: 1, column: 1)
    }

    /// `file:line:col`, the form editors and CI annotations understand.
    public var description: String { "\(file):\(line):\(column)" }

    /// Orders by file, then line, then column, so that findings sort the way a reader scans a file.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
