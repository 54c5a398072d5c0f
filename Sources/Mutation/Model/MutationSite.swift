/// One mutant: a single change to one place of a core's sources.
///
/// A site is found on the original text; its location and texts refer to that text, never to a schematized copy.
public struct MutationSite: Codable, Sendable, Hashable {
    /// The stable id: derived from the file, the enclosing declaration, the operator, the original and mutated text
    /// and the site's ordinal among equal ones in that declaration, never from line numbers, so it survives
    /// unrelated edits. Used by the accepted-survivors file.
    public var id: String
    /// The switch value that selects this mutant in a schematized build (`LOCKSPEC_MUTANT=<number>`), 1-based.
    public var number: Int
    /// The file, relative to the package root (`Sources/AppLockCore/LaunchLock/LaunchLock.swift`).
    public var file: String
    /// The 1-based line of the first character that changes.
    public var line: Int
    /// The 1-based column (in characters) of the first character that changes.
    public var column: Int
    /// The 1-based line of the last character that changes.
    public var endLine: Int
    /// The 1-based column just past the last character that changes.
    public var endColumn: Int
    /// The enclosing declaration, outermost first (`LaunchLock.handle(_:)`), or the file's name at top level.
    public var declaration: String
    /// The operator that made this mutant.
    public var mutationOperator: MutationOperator
    /// The original text of the changed range.
    public var original: String
    /// The text that replaces it (empty when a statement is removed).
    public var mutated: String

    /// Makes a site from all its parts.
    public init(id: String, number: Int, file: String, line: Int, column: Int, endLine: Int, endColumn: Int,
                declaration: String, mutationOperator: MutationOperator, original: String, mutated: String) {
        self.id = id
        self.number = number
        self.file = file
        self.line = line
        self.column = column
        self.endLine = endLine
        self.endColumn = endColumn
        self.declaration = declaration
        self.mutationOperator = mutationOperator
        self.original = original
        self.mutated = mutated
    }
}
