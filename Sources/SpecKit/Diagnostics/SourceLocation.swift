/// A place in a spec file: the file's path and a 1-based line and column.
///
/// libyaml reports 0-based marks; they are converted to this type in exactly one place
/// (`YAMLDocumentBuilder.location(of:file:)`), so every location in SpecKit is 1-based.
///
/// The path is interned (`FileName`): a location is 16 bytes and copies without touching a reference count, which
/// matters because every node and every row of a large spec carries one.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The interned path of the file.
    public var fileName: FileName
    private var storedLine: UInt32
    private var storedColumn: UInt32

    /// The path of the file, as it was given to the loader.
    public var file: String {
        get { fileName.path }
        set { fileName = FileName(newValue) }
    }

    /// The 1-based line.
    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = UInt32(clamping: newValue) }
    }

    /// The 1-based column, counted in Unicode scalars as libyaml counts them.
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = UInt32(clamping: newValue) }
    }

    /// Creates a location from a file path and 1-based line and column.
    public init(file: String, line: Int, column: Int) {
        self.init(fileName: FileName(file), line: line, column: column)
    }

    /// Creates a location from an interned path and 1-based line and column (lines and columns past 2³² - 1, which
    /// the loader's file-size limit rules out, are clamped).
    public init(fileName: FileName, line: Int, column: Int) {
        self.fileName = fileName
        storedLine = UInt32(clamping: line)
        storedColumn = UInt32(clamping: column)
    }

    /// A location that stands for a whole file (line 1, column 1).
    public static func file(_ path: String) -> SourceLocation {
        SourceLocation(file: path, line: 1, column: 1)
    }

    /// `file:line:col`, the form editors and CI annotations understand.
    public var description: String { "\(file):\(line):\(column)" }

    /// Orders by file, then line, then column, so that findings sort the way a reader scans a file.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        if lhs.fileName != rhs.fileName { return lhs.file < rhs.file }
        return (lhs.storedLine, lhs.storedColumn) < (rhs.storedLine, rhs.storedColumn)
    }
}
