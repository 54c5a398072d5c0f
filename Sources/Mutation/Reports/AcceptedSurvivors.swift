import Foundation

/// The accepted-survivors file: a YAML list of `{mutant: <stable id>, reason: <text>, expires: YYYY-MM-DD}`, for
/// equivalent mutants and for survivors no behaviour table can see. Read by a small reader of that one shape (block
/// list of flat maps, or flow maps on one line; `#` comments); every error names file:line:col.
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

    /// Reads the text of a file named `file`.
    public static func parse(_ text: String, file: String) throws -> AcceptedSurvivors {
        var fields: [(line: Int, values: [String: (String, Int)])] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let line = stripComment(String(raw))
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed == "---" { continue }
            let indent = line.prefix { $0 == " " }.count
            var body = Substring(trimmed)
            if body.hasPrefix("- ") || body == "-" {
                fields.append((number, [:]))
                body = body.dropFirst().drop { $0 == " " }
                if body.isEmpty { continue }
            } else if fields.isEmpty || indent == 0 {
                throw AcceptedSurvivorsError(file: file, line: number, column: indent + 1,
                                             message: "expected a list item '- mutant: <id>'")
            }
            let column = line.count - body.count + 1
            for (key, value) in try pairs(body, file: file, line: number, column: column) {
                guard ["mutant", "reason", "expires"].contains(key) else {
                    throw AcceptedSurvivorsError(file: file, line: number, column: column,
                                                 message: "unknown key '\(key)' (expected mutant, reason, expires)")
                }
                fields[fields.count - 1].values[key] = (value, column)
            }
        }
        return AcceptedSurvivors(entries: try fields.map { try entry($0.line, $0.values, file: file) })
    }

    private static func entry(_ line: Int, _ values: [String: (String, Int)], file: String) throws -> AcceptedSurvivor {
        for key in ["mutant", "reason", "expires"] where (values[key]?.0 ?? "").isEmpty {
            throw AcceptedSurvivorsError(file: file, line: line, column: 1, message: "the entry needs '\(key)'")
        }
        let (expires, column) = values["expires"] ?? ("", 1)
        guard isDate(expires) else {
            throw AcceptedSurvivorsError(file: file, line: line, column: column, message: "expires must be YYYY-MM-DD, not '\(expires)'")
        }
        return AcceptedSurvivor(mutant: values["mutant"]?.0 ?? "", reason: values["reason"]?.0 ?? "", expires: expires, line: line)
    }

    /// `key: value` or a flow map `{key: value, …}` on one line.
    private static func pairs(_ body: Substring, file: String, line: Int, column: Int) throws -> [(String, String)] {
        var text = body
        if text.hasPrefix("{") {
            guard text.hasSuffix("}") else {
                throw AcceptedSurvivorsError(file: file, line: line, column: column, message: "a flow map must end with '}' on its line")
            }
            text = text.dropFirst().dropLast()
            return try splitFlow(text).map { try pair($0, file: file, line: line, column: column) }
        }
        return [try pair(text, file: file, line: line, column: column)]
    }

    private static func pair(_ text: Substring, file: String, line: Int, column: Int) throws -> (String, String) {
        guard let colon = text.firstIndex(of: ":") else {
            throw AcceptedSurvivorsError(file: file, line: line, column: column, message: "expected 'key: value'")
        }
        let key = text[..<colon].trimmingCharacters(in: .whitespaces)
        return (key, unquote(text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
    }

    private static func splitFlow(_ text: Substring) -> [Substring] {
        var parts: [Substring] = []
        var start = text.startIndex
        var quote: Character?
        for i in text.indices {
            let c = text[i]
            if let q = quote { if c == q { quote = nil } } else if c == "\"" || c == "'" { quote = c } else if c == "," {
                parts.append(text[start..<i])
                start = text.index(after: i)
            }
        }
        parts.append(text[start...])
        return parts.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    private static func unquote(_ value: String) -> String {
        guard value.count >= 2, let first = value.first, first == value.last, first == "\"" || first == "'" else { return value }
        return String(value.dropFirst().dropLast())
    }

    private static func stripComment(_ line: String) -> String {
        var quote: Character?
        var previous: Character = " "
        for (offset, c) in line.enumerated() {
            if let q = quote { if c == q { quote = nil } } else if c == "\"" || c == "'" { quote = c } else if c == "#", previous == " " {
                return String(line.prefix(offset))
            }
            previous = c
        }
        return line
    }

    private static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-")
        guard text.count == 10, parts.count == 3, let m = Int(parts[1]), let d = Int(parts[2]), Int(parts[0]) != nil else { return false }
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

    /// `file:line:col: error: message`.
    public var description: String { "\(file):\(line):\(column): error: \(message)" }
}
