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

    /// The keys an entry has, each required.
    static let keys = ["mutant", "reason", "expires"]
    /// The optional keys: `racy: true` for a mutant whose outcome depends on thread timing.
    static let optionalKeys = ["racy"]

    /// Reads a file; `AcceptedSurvivorsError` locates what is wrong.
    public static func load(path: String) throws -> AcceptedSurvivors {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw AcceptedSurvivorsError(file: path, line: 1, column: 1, message: "cannot read the accepted-survivors file")
        }
        return try parse(String(decoding: data, as: UTF8.self), file: path)
    }

    /// Reads the text of a file named `file`. A file holding nothing but comments is an empty list.
    public static func parse(_ text: String, file: String) throws -> AcceptedSurvivors {
        let root: Node
        do {
            root = try YAMLLoader().load(Array(text.utf8), file: file)
        } catch {
            if error.diagnostics.contains(where: { $0.id == "yaml.empty" }) { return AcceptedSurvivors(entries: []) }
            let first = error.diagnostics.first
            throw AcceptedSurvivorsError(file: file, line: first?.location.line ?? 1, column: first?.location.column ?? 1,
                                         message: first?.message ?? "could not read the YAML")
        }
        guard let items = root.sequence else {
            throw AcceptedSurvivorsError(at: root.location, file: file,
                                         message: "expected a list of entries '- mutant: <id>', not \(root.kindDescription)")
        }
        return AcceptedSurvivors(entries: try items.map { try entry($0, file: file) })
    }

    private static func entry(_ item: Node, file: String) throws -> AcceptedSurvivor {
        guard let mapping = item.mapping else {
            throw AcceptedSurvivorsError(at: item.location, file: file,
                                         message: "expected an entry with mutant, reason and expires, not \(item.kindDescription)")
        }
        var values: [String: Node] = [:]
        for pair in mapping {
            guard let key = pair.key.scalar, keys.contains(key) || optionalKeys.contains(key) else {
                let shown = pair.key.scalar.map { "'\($0)'" } ?? pair.key.kindDescription
                throw AcceptedSurvivorsError(at: pair.key.location, file: file,
                                             message: "unknown key \(shown) (expected mutant, reason, expires, racy)")
            }
            guard let text = pair.value.scalar else {
                throw AcceptedSurvivorsError(at: pair.value.location, file: file,
                                             message: "'\(key)' must be one value, not \(pair.value.kindDescription)")
            }
            values[key] = text.isEmpty ? nil : pair.value
        }
        for key in keys where values[key] == nil {
            throw AcceptedSurvivorsError(at: item.location, file: file, message: "the entry needs '\(key)'")
        }
        let expires = values["expires"]?.scalar ?? ""
        guard isDate(expires) else {
            throw AcceptedSurvivorsError(at: values["expires"]?.location ?? item.location, file: file,
                                         message: "expires must be YYYY-MM-DD, not '\(expires)'")
        }
        let racy = values["racy"]?.scalar ?? "false"
        guard racy == "true" || racy == "false" else {
            throw AcceptedSurvivorsError(at: values["racy"]?.location ?? item.location, file: file,
                                         message: "racy must be true or false, not '\(racy)'")
        }
        return AcceptedSurvivor(mutant: values["mutant"]?.scalar ?? "", reason: values["reason"]?.scalar ?? "",
                                expires: expires, line: item.location.line, racy: racy == "true")
    }

    private static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.utf8.count == 10, parts.count == 3, parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
              let m = Int(parts[1]), let d = Int(parts[2]), Int(parts[0]) != nil else { return false }
        return (1...12).contains(m) && (1...31).contains(d)
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
