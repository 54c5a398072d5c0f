import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A minimal HTTP client over a socket, so tests can send exactly the bytes they mean (malformed ones included).
enum RawHTTP {
    struct Answer {
        var status: Int
        var headers: [String: String]
        var body: String
    }

    /// A socket connected to 127.0.0.1:`port`.
    static func connected(port: UInt16) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { close(fd); throw CocoaError(.fileReadUnknown) }
        return fd
    }

    /// Sends `bytes` to 127.0.0.1:`port` and reads the answer until the server closes.
    static func send(_ bytes: [UInt8], port: UInt16, pauseAfterHead: Bool = false) throws -> Answer {
        let fd = try connected(port: port)
        defer { close(fd) }
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { break }
            sent += n
        }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { break }
            received += chunk[0..<n]
        }
        let text = String(decoding: received, as: UTF8.self)
        let parts = text.components(separatedBy: "\r\n\r\n")
        let head = parts.first?.components(separatedBy: "\r\n") ?? []
        let status = Int(head.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            if let colon = line.firstIndex(of: ":") {
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return Answer(status: status, headers: headers, body: parts.dropFirst().joined(separator: "\r\n\r\n"))
    }

    /// Sends `bytes` one at a time, `pause` milliseconds apart, until the server answers (or closes): the status it
    /// answered (0 for none) and how many bytes had gone by then.
    static func trickle(_ bytes: [UInt8], port: UInt16, pause: Int32) throws -> (status: Int, sent: Int) {
        let fd = try connected(port: port)
        defer { close(fd) }
        for (sent, byte) in bytes.enumerated() {
            var one = byte
            guard Glibc.send(fd, &one, 1, Int32(MSG_NOSIGNAL)) == 1 else { return (0, sent) }
            var watch = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&watch, 1, pause) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            let head = n > 0 ? String(decoding: chunk[0..<n], as: UTF8.self) : ""
            return (Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0, sent + 1)
        }
        return (0, bytes.count)
    }

    /// A request with a JSON body and the usual headers.
    static func request(_ method: String, _ path: String, port: UInt16, token: String?, body: String = "",
                        host: String? = nil, extra: [String: String] = [:]) -> [UInt8] {
        var text = "\(method) \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n"
        if let token { text += "X-LockSpec-Token: \(token)\r\n" }
        for (name, value) in extra.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
        text += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body
        return Array(text.utf8)
    }
}
