import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Output helpers: standard output and error, and whether colour is wanted (a terminal, and NO_COLOR unset).
public enum Terminal {
    /// Writes `text` to standard output.
    public static func out(_ text: String) {
        if !text.isEmpty { wroteOutput.store(true, ordering: .relaxed) }
        write(text, to: STDOUT_FILENO)
    }

    /// Whether anything has been written to standard output, so a failure is not printed after a report there.
    public static var hasWrittenOutput: Bool { wroteOutput.load(ordering: .relaxed) }

    private static let wroteOutput = Atomic<Bool>(false)

    /// Writes `text` to standard error.
    public static func err(_ text: String) { write(text, to: STDERR_FILENO) }

    /// Writes all of `text` to `descriptor` (again after an interruption). A stream that cannot take it (a full disk,
    /// a closed descriptor) ends the command with status 2, saying why on standard error when that is not the stream
    /// that failed: its output could not be delivered, so it neither passed nor failed. (`FileHandle.write` trapped.)
    static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { raw in systemWrite(descriptor, raw.baseAddress, raw.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { undelivered(descriptor) }
            bytes = bytes.dropFirst(count)
        }
    }

    private static func undelivered(_ descriptor: Int32) -> Never {
        let why = String(cString: strerror(errno))
        if descriptor != STDERR_FILENO {
            let message = Array("lockspec: could not write to standard output (\(why)): stopped with status 2\n".utf8)
            _ = message.withUnsafeBytes { systemWrite(STDERR_FILENO, $0.baseAddress, $0.count) }
        }
        exit(2)
    }

    /// Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org).
    public static func colorWanted(fd: Int32) -> Bool {
        if let v = ProcessInfo.processInfo.environment["NO_COLOR"], !v.isEmpty { return false }
        return isatty(fd) != 0
    }
}

/// The system's `write(2)`, named apart from `Terminal.write`.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
