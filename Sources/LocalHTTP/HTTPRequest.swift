/// One HTTP/1.1 request, read whole: method, path, query, headers and body.
public struct HTTPRequest: Sendable {
    /// `GET`, `POST`, … as sent.
    public var method: String
    /// The path, percent-decoded, without the query.
    public var path: String
    /// The query's parameters, percent-decoded (the last of a repeated name wins).
    public var query: [String: String]
    /// The headers, by lower-cased name (the last of a repeated name wins).
    public var headers: [String: String]
    /// The body (`Content-Length` bytes).
    public var body: [UInt8]

    /// Creates a request.
    public init(method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:], body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// A header's value, by any case of its name.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The host name the request is addressed to (its `Host` header without the port; an IPv6 address keeps its
    /// brackets), or nil when there is none or it is not `name[:port]`.
    public var hostName: String? { header("host").flatMap(Self.hostName(of:)) }

    /// The name of a `Host` value `name[:port]`: a name of letters, digits, `-`, `.`, `_` and `~`, or an IPv6
    /// address in brackets, then an optional `:` and at most five digits. Nil for anything else (`a:1@b`, `a b`).
    public static func hostName(of value: String) -> String? {
        var name = Substring(value)
        var port = Substring("")
        if name.hasPrefix("[") {
            guard let close = name.firstIndex(of: "]") else { return nil }
            port = name[name.index(after: close)...]
            name = name[...close]
            guard name.dropFirst().dropLast().allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }), name.count > 2 else { return nil }
        } else {
            if let colon = name.firstIndex(of: ":") { port = name[colon...]; name = name[..<colon] }
            guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-._~".contains($0)) }) else { return nil }
        }
        if !port.isEmpty {
            guard port.first == ":", port.count <= 6, port.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        }
        return String(name)
    }
}
