import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The raw readings below `SystemClock` (the calendar clock, `clock_gettime` and a small system file), as a seam
/// inside the package, like `RawFileCalls` under the store. Each answers what the system answers, so `SystemClock`
/// converts exactly as over the real calls. Production uses `SystemClockReadings`; a harness in the same package
/// (AppLockFixtures) gives fixed readings, so the tables see how the device's clocks are read (D-CLOCK). Not public:
/// an app cannot change what the device's clocks say.
package protocol SystemClockCalls: Sendable {
    /// The calendar clock: seconds since 1970 (`Date().timeIntervalSince1970`).
    func secondsSince1970() -> Double
    /// `clock_gettime(clock, &spec)`: 0, or -1 when the clock cannot be read.
    func clockGetTime(_ clock: clockid_t, _ spec: inout timespec) -> Int32
    /// The text of a small system file (the boot id), or nil when it cannot be read.
    func contents(ofFile path: String) -> String?
}

/// The real readings (the production default under every `SystemClock`).
package struct SystemClockReadings: SystemClockCalls {
    /// The real readings.
    package init() {}

    /// `Date().timeIntervalSince1970`.
    package func secondsSince1970() -> Double { Date().timeIntervalSince1970 }

    /// `clock_gettime(2)`.
    package func clockGetTime(_ clock: clockid_t, _ spec: inout timespec) -> Int32 { clock_gettime(clock, &spec) }

    /// The file's text as UTF-8, or nil.
    package func contents(ofFile path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }
}
