/// Reads an HTTP/1.1 request from the bytes received so far, within limits. Pure: the server feeds it what it has
/// read until it says the request is complete or bad.
public enum HTTPRequestParser {
    /// What the bytes so far make.
    public enum State: Sendable {
        /// More bytes are needed.
        case incomplete
        /// A whole request.
        case complete(HTTPRequest)
        /// The request is refused: the status to answer and why.
        case bad(Int, String)
    }

    /// Parses `bytes` (everything received on the connection so far).
    public static func parse(_ bytes: [UInt8], limits: HTTPLimits) -> State {
        guard let headEnd = find([13, 10, 13, 10], in: bytes) else {
            return bytes.count > limits.maximumHeaderBytes ? .bad(431, "the request's headers are over \(limits.maximumHeaderBytes) bytes") : .incomplete
        }
        guard headEnd <= limits.maximumHeaderBytes else { return .bad(431, "the request's headers are over \(limits.maximumHeaderBytes) bytes") }
        guard let head = String(validating: bytes[..<headEnd], as: UTF8.self) else { return .bad(400, "the request's headers are not UTF-8") }
        let lines = head.components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ", omittingEmptySubsequences: false)
        guard requestLine.count == 3, isToken(requestLine[0]) else { return .bad(400, "the request line is not 'METHOD /path HTTP/1.1'") }
        guard requestLine[2] == "HTTP/1.1" || requestLine[2] == "HTTP/1.0" else {
            return .bad(505, "only HTTP/1.1 and HTTP/1.0 are spoken here, not '\(requestLine[2])'")
        }
        let headers: [String: String]
        switch read(headers: lines.dropFirst(), version: requestLine[2]) {
        case .success(let read): headers = read
        case .failure(let refusal): return .bad(refusal.status, refusal.reason)
        }
        if headers["transfer-encoding"] != nil { return .bad(501, "chunked bodies are not accepted: send Content-Length") }
        var length = 0
        if let text = headers["content-length"] {
            guard (1...18).contains(text.utf8.count), text.utf8.allSatisfy({ (48...57).contains($0) }), let n = Int(text) else {
                return .bad(400, "Content-Length is not a number of bytes (digits only)")
            }
            length = n
        }
        guard length <= limits.maximumBodyBytes else { return .bad(413, "the body is \(length) bytes; at most \(limits.maximumBodyBytes) are accepted") }
        let bodyStart = headEnd + 4
        guard bytes.count >= bodyStart + length else { return .incomplete }
        let (path, query) = split(target: String(requestLine[1]))
        guard let path else { return .bad(400, "the request's path is not well formed") }
        return .complete(HTTPRequest(method: String(requestLine[0]), path: path, query: query, headers: headers,
                                     body: Array(bytes[bodyStart..<(bodyStart + length)])))
    }

    /// Why a request's headers are refused.
    struct Refusal: Error {
        let status: Int
        let reason: String
    }

    /// The header lines by lower-cased name. Refused: a line without a colon, a name that is not a token (a space
    /// before the colon included), a second `Host` or `Content-Length` (which one would count is a guess a proxy in
    /// front may make otherwise), a `Host` that is not `name[:port]`, and an HTTP/1.1 request without one.
    static func read(headers lines: ArraySlice<String>, version: Substring) -> Result<[String: String], Refusal> {
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { return .failure(Refusal(status: 400, reason: "a header line has no ':'")) }
            let name = line[..<colon].lowercased()
            guard isToken(Substring(name)) else { return .failure(Refusal(status: 400, reason: "a header's name is not a token: '\(line[..<colon])'")) }
            if ["host", "content-length"].contains(name), headers[name] != nil {
                return .failure(Refusal(status: 400, reason: "the request has two \(name == "host" ? "Host" : "Content-Length") headers"))
            }
            headers[name] = String(line[line.index(after: colon)...]).trimmingSpaces()
        }
        if let host = headers["host"], HTTPRequest.hostName(of: host) == nil {
            return .failure(Refusal(status: 400, reason: "the Host header is not 'name' or 'name:port'"))
        }
        if headers["host"] == nil, version == "HTTP/1.1" { return .failure(Refusal(status: 400, reason: "an HTTP/1.1 request must have a Host header")) }
        return .success(headers)
    }

    /// Whether `text` is an HTTP token: one or more of the letters, digits and ``!#$%&'*+-.^_`|~``.
    static func isToken(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { b in
            (48...57).contains(b) || (65...90).contains(b) || (97...122).contains(b) || Array("!#$%&'*+-.^_`|~".utf8).contains(b)
        }
    }

    /// The percent-decoded path and query parameters of a request target; nil path when it is malformed.
    static func split(target: String) -> (String?, [String: String]) {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var query: [String: String] = [:]
        if parts.count == 2 {
            for pair in parts[1].split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard let name = decode(String(kv[0])) else { continue }
                query[name] = kv.count == 2 ? decode(String(kv[1])) ?? "" : ""
            }
        }
        let path = String(parts[0])
        guard path.hasPrefix("/") else { return (nil, query) }
        return (decode(path), query)
    }

    /// `%41` → `A`, `+` → space (in a query); nil for a malformed escape or bytes that are not UTF-8.
    static func decode(_ text: String) -> String? {
        var out: [UInt8] = []
        var bytes = Array(text.utf8)[...]
        while let b = bytes.popFirst() {
            if b == UInt8(ascii: "%") {
                guard bytes.count >= 2, let v = UInt8(String(decoding: bytes.prefix(2), as: UTF8.self), radix: 16) else { return nil }
                out.append(v)
                bytes = bytes.dropFirst(2)
            } else {
                out.append(b == UInt8(ascii: "+") ? 0x20 : b)
            }
        }
        return String(validating: out, as: UTF8.self)
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        for i in 0...(bytes.count - needle.count) where bytes[i] == needle[0] && Array(bytes[i..<(i + needle.count)]) == needle {
            return i
        }
        return nil
    }
}

extension String {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s.removeFirst() }
        while s.last == " " || s.last == "\t" { s.removeLast() }
        return String(s)
    }
}
