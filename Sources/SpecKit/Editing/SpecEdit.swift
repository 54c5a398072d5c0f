/// One step of a path into a YAML document: a mapping's key or a sequence's index.
public enum YAMLPathStep: Hashable, Sendable, Codable, CustomStringConvertible {
    /// A mapping's key.
    case key(String)
    /// A sequence's 0-based index.
    case index(Int)

    /// Decodes a JSON string as a key and a JSON integer as an index.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let index = try? container.decode(Int.self) { self = .index(index) } else { self = .key(try container.decode(String.self)) }
    }

    /// Encodes a key as a JSON string and an index as a JSON integer.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .key(let key): try container.encode(key)
        case .index(let index): try container.encode(index)
        }
    }

    /// `rows`, `[3]`.
    public var description: String {
        switch self {
        case .key(let key): key
        case .index(let index): "[\(index)]"
        }
    }

    /// A path as a reader writes it: `rows[3].when.away`.
    public static func written(_ path: [YAMLPathStep]) -> String {
        var out = ""
        for step in path {
            if case .key = step, !out.isEmpty { out += "." }
            out += step.description
        }
        return out
    }
}

/// One edit a table editor makes to a spec file: set a cell's text, or add, remove or move a row. Applied by
/// `SpecTextEditor`, which changes only the text of the node edited.
public struct SpecEdit: Hashable, Sendable, Codable {
    /// What the edit does.
    public enum Operation: String, Hashable, Sendable, Codable, CaseIterable {
        /// `path` names a cell (a mapping's key): its value's text becomes `text`; a blank `text` removes the key,
        /// and a key not yet written is added to its mapping.
        case set
        /// `path` names a list of rows: a copy of row `index` (with a new id) goes right after it.
        case addRow
        /// `path` names a list of rows: row `index` is removed.
        case removeRow
        /// `path` names a list of rows: row `index` moves to position `to`.
        case moveRow

        /// Reads an operation by name; an unknown one is an error that lists the operations there are.
        public init(from decoder: any Decoder) throws {
            let name = try decoder.singleValueContainer().decode(String.self)
            guard let operation = Self(rawValue: name) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription:
                    "'\(name)' is not an edit: one of \(Self.allCases.map(\.rawValue).joined(separator: ", "))"))
            }
            self = operation
        }
    }

    /// What the edit does.
    public var op: Operation
    /// The cell (`set`) or the list of rows (the row operations).
    public var path: [YAMLPathStep]
    /// The cell's new text (`set`). Starting (after spaces) with a quote or a bracket, it is YAML, written as it is;
    /// any other text is the value itself, written plain when YAML reads it back exactly, else double-quoted.
    public var text: String?
    /// The row (the row operations).
    public var index: Int?
    /// Where the row goes (`moveRow`).
    public var to: Int?

    /// Creates an edit.
    public init(_ op: Operation, path: [YAMLPathStep], text: String? = nil, index: Int? = nil, to: Int? = nil) {
        self.op = op
        self.path = path
        self.text = text
        self.index = index
        self.to = to
    }
}
