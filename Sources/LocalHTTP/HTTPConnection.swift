#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One accepted connection: reads one request within the limits, answers it, closes.
struct HTTPConnection: Sendable {
    let fd: Int32
    let limits: HTTPLimits
    let handler: @Sendable (HTTPRequest) -> HTTPResponse

    func run() {
        defer { close(fd) }
        var timeout = timeval(tv_sec: limits.readTimeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        send(respond())
    }

    /// Reads until the parser has a whole request or refuses it, then answers. The whole request must come within
    /// `readTimeout`: each read waits only for what is left of it, so a sender that trickles a byte at a time cannot
    /// hold the connection longer.
    func respond() -> HTTPResponse {
        let deadline = ContinuousClock.now + .seconds(limits.readTimeout)
        let late = HTTPResponse.error(408, "the request took longer than \(limits.readTimeout) s")
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return late }
            // A zero timeval would wait forever: at least a microsecond.
            let micro = max(1, left.components.seconds * 1_000_000 + left.components.attoseconds / 1_000_000_000_000)
            var wait = timeval(tv_sec: Int(micro / 1_000_000), tv_usec: Int(micro % 1_000_000))
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return n < 0 ? late : .error(400, "the connection closed before the request was whole") }
            received += chunk[0..<n]
            switch HTTPRequestParser.parse(received, limits: limits) {
            case .incomplete: continue
            case .bad(let status, let message): return .error(status, message)
            case .complete(let request): return handler(request)
            }
        }
    }

    func send(_ response: HTTPResponse) {
        let bytes = response.wire
        var sent = 0
        while sent < bytes.count {
            #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
            #else
            let flags: Int32 = 0
            #endif
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, flags) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return }
            sent += n
        }
    }
}
