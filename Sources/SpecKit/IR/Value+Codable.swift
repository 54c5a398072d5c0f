/// Values encode as a one-key object naming their kind, so JSON round-trips without guessing:
/// `{"bool":true}`, `{"int":3}`, `{"ms":61000}`, `{"symbol":"locked"}`, `{"text":"04:32"}`.
extension Value: Codable {
    private enum Key: String, CodingKey { case bool, int, ms, symbol, text }

    /// Encodes the value as a one-key object.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        switch self {
        case .bool(let b): try c.encode(b, forKey: .bool)
        case .int(let i): try c.encode(i, forKey: .int)
        case .duration(let ms): try c.encode(ms, forKey: .ms)
        case .symbol(let s): try c.encode(s, forKey: .symbol)
        case .text(let t): try c.encode(t, forKey: .text)
        }
    }

    /// Decodes a one-key object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        if let b = try c.decodeIfPresent(Bool.self, forKey: .bool) { self = .bool(b) }
        else if let i = try c.decodeIfPresent(Int.self, forKey: .int) { self = .int(i) }
        else if let ms = try c.decodeIfPresent(Int.self, forKey: .ms) { self = .duration(milliseconds: ms) }
        else if let s = try c.decodeIfPresent(String.self, forKey: .symbol) { self = .symbol(s) }
        else if let t = try c.decodeIfPresent(String.self, forKey: .text) { self = .text(t) }
        else { throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a value needs one of bool, int, ms, symbol, text")) }
    }
}
