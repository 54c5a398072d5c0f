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
}
