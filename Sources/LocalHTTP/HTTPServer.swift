import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 server over BSD sockets: one request per connection (`Connection: close`), each connection on a
/// thread of its own up to `HTTPLimits.maximumConnections`, every request bounded in size and time. Binds to the
/// loopback address unless told otherwise. Knows nothing of what it serves: `handler` answers every request.
public final class HTTPServer: Sendable {
    /// Why the server could not start.
    public struct StartError: Error, CustomStringConvertible {
        /// One sentence.
        public var description: String
    }

    /// The address it listens on.
    public let host: String
    /// The port it listens on (the one the system chose when asked for 0).
    public let port: UInt16
    private let socket: Int32
    private let limits: HTTPLimits
    private let handler: @Sendable (HTTPRequest) -> HTTPResponse
    private let stopped = Mutex(false)
    private let slots: DispatchSemaphore

    /// Binds and listens on `host`:`port` (0: a free port). Throws when the address cannot be bound.
    public init(host: String = "127.0.0.1", port: UInt16 = 0, limits: HTTPLimits = HTTPLimits(),
                handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws(StartError) {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { throw StartError(description: "'\(host)' is not an IPv4 address") }
        #if canImport(Glibc)
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw StartError(description: "could not open a socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw StartError(description: "could not listen on \(host):\(port): \(reason)")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.host = host
        self.port = UInt16(bigEndian: actual.sin_port)
        self.socket = fd
        self.limits = limits
        self.handler = handler
        self.slots = DispatchSemaphore(value: max(1, limits.maximumConnections))
    }

    deinit { stop() }

    /// Accepts connections until `stop()`; blocks the calling thread.
    public func serve() {
        while !stopped.withLock({ $0 }) {
            let client = accept(socket, nil, nil)
            guard client >= 0 else {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            slots.wait()
            let connection = HTTPConnection(fd: client, limits: limits, handler: handler)
            let slots = self.slots
            Thread.detachNewThread {
                connection.run()
                slots.signal()
            }
        }
    }

    /// Starts `serve()` on a thread of its own and returns at once.
    public func start() {
        Thread.detachNewThread { [self] in serve() }
    }

    /// Stops accepting connections (those being answered finish).
    public func stop() {
        let first = stopped.withLock { done in
            defer { done = true }
            return !done
        }
        guard first else { return }
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
    }
}
