import Foundation
@testable import AppLockCore

/// A fresh directory under the system temp dir, removed by the caller.
func makeTemporaryDirectory() -> String {
    let path = NSTemporaryDirectory() + "applockcore-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// Seconds as an instant.
func at(_ seconds: Int64, ms: Int64 = 0) -> Instant {
    Instant(milliseconds: seconds * 1000 + ms)
}

/// Seconds as a device time in boot 0 whose wall clock and uptime agree (no one has set the clock).
func at(_ seconds: Int64, ms: Int64 = 0) -> DeviceTime {
    DeviceTime(Instant(milliseconds: seconds * 1000 + ms))
}

/// True when `needle`'s UTF-8 bytes occur anywhere in `haystack`.
func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
    let n = Array(needle.utf8)
    guard !n.isEmpty, haystack.count >= n.count else { return false }
    for start in 0...(haystack.count - n.count) where Array(haystack[start..<start + n.count]) == n {
        return true
    }
    return false
}

extension Instant {
    /// An instant at whole `seconds` since the epoch (a test shorthand; the core has no use for it).
    static func seconds(_ seconds: Int64) -> Instant { Instant(milliseconds: seconds * 1000) }
}

extension DeviceTime {
    /// Both clocks at whole `seconds`, in boot 0 (a test shorthand).
    static func seconds(_ seconds: Int64) -> DeviceTime { DeviceTime(.seconds(seconds)) }
}
