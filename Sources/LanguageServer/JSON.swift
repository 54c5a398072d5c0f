import Foundation
import SpecKit

/// A JSON value, as JSON-RPC messages carry them. Parsed with JSONDecoder, written by `serialized` with sorted keys so
/// every message the server sends is deterministic.
public enum JSON: Hashable, Sendable, Decodable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number.
    case int(Int)
    /// Any other number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSON])
    /// An object.
    case object([String: JSON])

    /// Parses JSON text; nil when it is not JSON.
    public static func parse(_ bytes: [UInt8]) -> JSON? {
        try? JSONDecoder().decode(JSON.self, from: Data(bytes))
    }

    /// The member `key` of an object, or nil.
    public subscript(key: String) -> JSON? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    /// The string, if this is one.
    public var string: String? { if case .string(let s) = self { s } else { nil } }
    /// The whole number, if this is one.
    public var int: Int? { if case .int(let i) = self { i } else { nil } }

    /// The JSON text, keys sorted, no whitespace.
    public var serialized: String {
        switch self {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .int(let i): String(i)
        case .double(let d): d.isFinite ? String(d) : "null"
        case .string(let s): JSON.quote(s)
        case .array(let a): "[" + a.map(\.serialized).joined(separator: ",") + "]"
        case .object(let o): "{" + o.keys.sorted().map { JSON.quote($0) + ":" + (o[$0] ?? .null).serialized }.joined(separator: ",") + "}"
        }
    }

    static func quote(_ s: String) -> String { QuotedText.quote(s, QuotedText.json) }
}

extension JSON {
    /// Decodes any JSON value (booleans are not numbers, whole numbers are `int`).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let i = try? c.decode(Int.self) { self = .int(i) }
        else if let d = try? c.decode(Double.self) { self = .double(d) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSON].self) { self = .array(a) }
        else { self = .object(try c.decode([String: JSON].self)) }
    }
}
