import Foundation

/// The base protocol's framing: `Content-Length: N\r\n` (and other headers) `\r\n`, then N bytes of JSON. Bytes go
/// in as they arrive; whole messages come out. Bounded: a header block over 8 KiB or a body over
/// `maximumMessageSize` is skipped and reported as malformed, and framing goes on with the next message.
public struct MessageFramer: Sendable {
    /// One thing read from the stream.
    public enum Frame: Hashable, Sendable {
        /// A message body.
        case message([UInt8])
        /// Something that is not a message, with why; the server answers it with a JSON-RPC error.
        case malformed(String)
    }

    /// The largest body accepted, in bytes.
    public var maximumMessageSize: Int
    var buffer: [UInt8] = []
    var skipping = 0
    static let maximumHeaderSize = 8192

    /// Creates a framer.
    public init(maximumMessageSize: Int = 16 << 20) { self.maximumMessageSize = maximumMessageSize }

    /// Adds bytes read from the stream.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The next whole frame, or nil until more bytes arrive.
    public mutating func next() -> Frame? {
        if skipping > 0 {
            let n = min(skipping, buffer.count)
            buffer.removeFirst(n)
            skipping -= n
            if skipping > 0 { return nil }
        }
        guard let end = headerEnd() else {
            if buffer.count > Self.maximumHeaderSize {
                buffer = []
                return .malformed("a header block longer than \(Self.maximumHeaderSize) bytes")
            }
            return nil
        }
        let header = String(decoding: buffer[..<end], as: UTF8.self)
        guard let length = Self.contentLength(header) else {
            buffer.removeFirst(end + 4)
            return .malformed("a header block without a valid Content-Length")
        }
        if length > maximumMessageSize {
            buffer.removeFirst(end + 4)
            skipping = length
            return .malformed("a message of \(length) bytes, over the limit of \(maximumMessageSize)")
        }
        guard buffer.count >= end + 4 + length else { return nil }
        let body = Array(buffer[(end + 4)..<(end + 4 + length)])
        buffer.removeFirst(end + 4 + length)
        return .message(body)
    }

    /// Where `\r\n\r\n` starts, if it is in the buffer.
    func headerEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for i in 0...(buffer.count - 4) where buffer[i] == 13 && buffer[i + 1] == 10 && buffer[i + 2] == 13 && buffer[i + 3] == 10 {
            return i
        }
        return nil
    }

    static func contentLength(_ header: String) -> Int? {
        for line in header.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "content-length" else { continue }
            guard let n = Int(parts[1].trimmingCharacters(in: .whitespaces)), n >= 0 else { return nil }
            return n
        }
        return nil
    }

    /// A body framed for sending.
    public static func frame(_ body: String) -> [UInt8] {
        let bytes = Array(body.utf8)
        return Array("Content-Length: \(bytes.count)\r\n\r\n".utf8) + bytes
    }
}
