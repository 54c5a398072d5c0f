import Foundation
import SpecKit

/// The accepted-survivors file: a YAML list of `{mutant: <stable id>, reason: <text>, expires: YYYY-MM-DD}` (and
/// `racy: true` for a mutant whose outcome depends on thread timing), for equivalent mutants and for survivors no
/// behaviour table can see.
///
/// Read through SpecKit's libyaml loader, the same YAML every other tool reads: a file that YAML refuses (a plain
/// reason holding `: `, a tab, an unclosed quote) is refused here too, with libyaml's located message, so the file a
/// reviewer's YAML tools see and the file the gate sees cannot differ. Every error names file:line:col.
public struct AcceptedSurvivors: Sendable, Hashable {
    /// The entries, in file order.
    public var entries: [AcceptedSurvivor]

    /// Makes a list.
    public init(entries: [AcceptedSurvivor]) { self.entries = entries }

    /// The entry for a mutant id.
    public func entry(for id: String) -> AcceptedSurvivor? { entries.first { $0.mutant == id } }

    /// Reads a file; `AcceptedSurvivorsError` locates what is wrong.
    public static func load(path: String) throws -> AcceptedSurvivors {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw AcceptedSurvivorsError(file: path, line: 1, column: 1, message: "cannot read the accepted-survivors file")
        }
        return try parse(String(decoding: data, as: UTF8.self), file: path)
    }

    /// Reads the text of a file named `file`. A file holding nothing but comments is an empty list.
    public static func parse(_ text: String, file: String) throws -> AcceptedSurvivors {
        let root: NodeView
        do {
            root = try YAMLLoader().load(Array(text.utf8), file: file)
        } catch {
            if error.diagnostics.contains(where: { $0.id == "yaml.empty" }) { return AcceptedSurvivors(entries: []) }
            let first = error.diagnostics.first
            throw AcceptedSurvivorsError(file: file, line: first?.location.line ?? 1, column: first?.location.column ?? 1,
                                         message: first?.message ?? "could not read the YAML")
        }
        let (entries, problems) = DatedList(idKey: "mutant", optionalKeys: ["racy"], prefix: "accepted").read(root)
        if let first = problems.first { throw AcceptedSurvivorsError(at: first.location, file: file, message: first.message) }
        return AcceptedSurvivors(entries: try entries.map { entry throws(AcceptedSurvivorsError) in
            let racy = entry.options["racy"]
            guard racy == nil || racy?.text == "true" || racy?.text == "false" else {
                throw AcceptedSurvivorsError(at: racy?.location ?? entry.location, file: file,
                                             message: "racy must be true or false, not '\(racy?.text ?? "")'")
            }
            return AcceptedSurvivor(mutant: entry.id, reason: entry.reason, expires: entry.expires,
                                    line: entry.location.line, racy: racy?.text == "true")
        })
    }
}

/// A located error in the accepted-survivors file.
public struct AcceptedSurvivorsError: Error, Sendable, CustomStringConvertible {
    /// The file.
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column.
    public var column: Int
    /// What is wrong.
    public var message: String

    /// Makes an error at a line and column.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    init(at location: SourceLocation, file: String, message: String) {
        self.init(file: file, line: location.line, column: location.column, message: message)
    }

    /// `file:line:col: error: message`.
    public var description: String { "\(file):\(line):\(column): error: \(message)" }
}
