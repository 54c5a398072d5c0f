import Foundation

/// The base protocol's framing: `Content-Length: N\r\n` (and other headers) `\r\n`, then N bytes of JSON. Bytes go
/// in as they arrive; whole messages come out. Bounded: a header block over 8 KiB, one without a valid length, or a
/// body over `maximumMessageSize` is reported as malformed, and framing goes on at the next `Content-Length:`.
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
    /// Where the bytes not yet framed start in `buffer`. Those before it are dropped at the next `append`, in one
    /// move: taking each message out of a read of many moves no bytes, so framing a read costs time in proportion to
    /// its size, not to its square.
    var start = 0
    /// After a frame whose length cannot be trusted: bytes are dropped up to the next `Content-Length:`.
    var resyncing = false
    static let maximumHeaderSize = 8192
    static let marker = Array("content-length:".utf8)

    /// Creates a framer.
    public init(maximumMessageSize: Int = 16 << 20) { self.maximumMessageSize = maximumMessageSize }

    /// Adds bytes read from the stream.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.removeFirst(start)
        start = 0
        buffer.append(contentsOf: bytes)
    }

    /// The next whole frame, or nil until more bytes arrive. A frame that cannot be read is reported once as
    /// malformed, and framing starts again at the next `Content-Length:` header, so one bad frame never costs the
    /// messages after it (a declared length that cannot be trusted is not counted off the stream).
    public mutating func next() -> Frame? {
        if resyncing {
            guard let at = Self.headerStart(in: buffer, from: start) else {
                start = max(start, buffer.count - Self.marker.count)  // a marker may be cut at the end
                return nil
            }
            start = at
            resyncing = false
        }
        guard let end = headerEnd() else {
            if buffer.count - start > Self.maximumHeaderSize {
                start = buffer.count
                resyncing = true
                return .malformed("a header block longer than \(Self.maximumHeaderSize) bytes")
            }
            return nil
        }
        let header = String(decoding: buffer[start..<end], as: UTF8.self)
        guard let length = Self.contentLength(header) else {
            // What is left of a bad frame, then a good header: the good one is read next.
            if let later = Self.headerStart(in: buffer, from: start + 1), later < end {
                start = later
            } else {
                start = end + 4
                resyncing = true
            }
            return .malformed("a header block without a valid Content-Length")
        }
        if length > maximumMessageSize {
            start = end + 4
            resyncing = true
            return .malformed("a message of \(length) bytes, over the limit of \(maximumMessageSize)")
        }
        guard buffer.count - (end + 4) >= length else { return nil }
        let body = Array(buffer[(end + 4)..<(end + 4 + length)])
        start = end + 4 + length
        return .message(body)
    }

    /// Where `Content-Length:` (in any case) starts at or after `from`, if it is in the buffer.
    static func headerStart(in buffer: [UInt8], from: Int) -> Int? {
        guard buffer.count >= marker.count + from else { return nil }
        for i in from...(buffer.count - marker.count) {
            var j = 0
            while j < marker.count {
                let byte = buffer[i + j]
                guard ((65...90).contains(byte) ? byte | 0x20 : byte) == marker[j] else { break }
                j += 1
            }
            if j == marker.count { return i }
        }
        return nil
    }

    /// Where `\r\n\r\n` starts, if it is in the bytes not yet framed.
    func headerEnd() -> Int? {
        guard buffer.count - start >= 4 else { return nil }
        for i in start...(buffer.count - 4) where buffer[i] == 13 && buffer[i + 1] == 10 && buffer[i + 2] == 13 && buffer[i + 3] == 10 {
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
