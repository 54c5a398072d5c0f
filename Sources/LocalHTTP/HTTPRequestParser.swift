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
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1."), !requestLine[0].isEmpty else {
            return .bad(400, "the request line is not 'METHOD /path HTTP/1.1'")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { return .bad(400, "a header line has no ':'") }
            headers[line[..<colon].lowercased()] = String(line[line.index(after: colon)...]).trimmingSpaces()
        }
        if headers["transfer-encoding"] != nil { return .bad(501, "chunked bodies are not accepted: send Content-Length") }
        var length = 0
        if let text = headers["content-length"] {
            guard let n = Int(text), n >= 0 else { return .bad(400, "Content-Length is not a number") }
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
