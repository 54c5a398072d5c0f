import Foundation

/// Reads a file descriptor on a thread of its own, so what the editor writes is taken in while a lint runs: the
/// editor never waits on a full pipe, and `serve` sees at once whether more has come. Holds at most `limit` bytes
/// not yet taken (the thread stops reading until they are), so a flood cannot grow memory without bound.
public final class InputPump: @unchecked Sendable {
    // `buffer` and `ended` are read and written only with `condition` locked.
    private let condition = NSCondition()
    private var buffer: [UInt8] = []
    private var ended = false
    private let limit: Int

    /// Starts reading `descriptor` until its end or an error.
    public init(descriptor: Int32, limit: Int = 16 << 20) {
        self.limit = limit
        let thread = Thread { [self] in pump(descriptor) }
        thread.start()
    }

    private func pump(_ descriptor: Int32) {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(descriptor, &chunk, chunk.count)
            if n < 0 && errno == EINTR { continue }
            condition.lock()
            if n > 0 { buffer.append(contentsOf: chunk[..<n]) } else { ended = true }
            condition.broadcast()
            while n > 0 && buffer.count >= limit { condition.wait() }
            condition.unlock()
            if n <= 0 { return }
        }
    }

    /// Everything read and not yet taken, waiting for some when there is none; nil at the end of input.
    public func next() -> [UInt8]? {
        condition.lock()
        defer { condition.unlock() }
        while buffer.isEmpty && !ended { condition.wait() }
        guard !buffer.isEmpty else { return nil }
        let taken = buffer
        buffer = []
        condition.broadcast()
        return taken
    }

    /// Whether bytes are read and not yet taken.
    public var waiting: Bool {
        condition.lock()
        defer { condition.unlock() }
        return !buffer.isEmpty
    }
}
