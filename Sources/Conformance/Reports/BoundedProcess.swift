import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process the reports start (Graphviz's `dot`, headless Chromium) with a deadline: past it the child is
/// killed, so a tool that hangs cannot hang a report. Its stdin and stdout are the null device; its stderr goes to the
/// caller's file, never a pipe a child could fill.
enum BoundedProcess {
    /// How the child ended.
    enum Outcome: Hashable, Sendable {
        /// It could not be started (missing, not executable).
        case notStarted
        /// It ran past the deadline and was killed.
        case timedOut
        /// It ended by itself: its exit status, or a signal number plus 128.
        case exited(Int32)
    }

    /// Runs `executable` with `arguments` and waits at most `timeout` seconds.
    static func run(_ executable: String, _ arguments: [String], timeout: Double, stderr: FileHandle?) -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = stderr ?? FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return .notStarted
        }
        let deadline = Date().addingTimeInterval(timeout)
        var pause: UInt32 = 1_000
        while process.isRunning && Date() < deadline {
            usleep(pause)
            pause = min(pause * 2, 50_000)
        }
        if process.isRunning {
            // SIGKILL: a hung tool may ignore SIGTERM.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return .timedOut
        }
        process.waitUntilExit()
        return .exited(process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus)
    }

    /// The first line of a log file, at most 200 characters.
    static func firstLine(of file: URL) -> String {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return "" }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 400)) ?? Data()
        let line = String(decoding: head, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return String(line.prefix(200))
    }
}
