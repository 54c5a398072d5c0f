import AppLockCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Fixed readings under the core's `SystemClock` for `launch-lock.device-clock` (D-CLOCK): the calendar clock, the
/// boot clock (or a call that fails) and the boot id, as the system would give them. `SystemClock` converts them;
/// the fixture reads the core's `DeviceTime` and the launch lock's decision, and works nothing out itself.
struct DeviceClockReadings: SystemClockCalls {
    /// The calendar clock at every reading: 2023-11-14 22:13:20.5 UTC (a half second, so the milliseconds show).
    static let calendarSeconds = 1_700_000_000.5

    /// The boot id the system file holds (nil: the system offers none).
    let bootID: String?
    /// The boot clock (nil: `clock_gettime` fails).
    let bootClock: timespec?

    func secondsSince1970() -> Double { Self.calendarSeconds }

    func clockGetTime(_ clock: clockid_t, _ spec: inout timespec) -> Int32 {
        guard let bootClock else { return -1 }
        spec = bootClock
        return 0
    }

    func contents(ofFile path: String) -> String? { bootID }

    /// The boot ids when the app went to the background and when it became active, by the table's name.
    enum BootIDs: String, CaseIterable, Sendable {
        /// One boot.
        case same
        /// A reboot while away.
        case changed
        /// A system with no boot id.
        case noID = "none"

        /// The two ids, as the system file holds them.
        var ids: (background: String?, active: String?) {
            let first = "4f1c0b52-7a5e-4c1e-9d3a-2b6f0e8c9a11\n", second = "d93e6a07-1b44-4f0a-8c52-7e1f3a9b6c20\n"
            switch self {
            case .same: return (first, first)
            case .changed: return (first, second)
            case .noID: return (nil, nil)
            }
        }
    }

    /// The boot clock when the app became active, by the table's name; it went to the background 100.001 s after
    /// boot.
    enum BootClockAtActive: String, CaseIterable, Sendable {
        /// The same reading.
        case noTime
        /// 1 ns less than the grace later.
        case underGrace
        /// 1 ms more than the grace later.
        case overGrace
        /// 30.999999999 s: the uptime of a boot the ids did not tell apart.
        case wentBack
        /// `clock_gettime` fails.
        case unreadable
        /// `clock_gettime` fails at background and at active.
        case neverReadable

        /// The readings at background and at active. The grace is the product value the core is configured with,
        /// so the edges move with it as every launch-lock row's do.
        func readings(grace: TimeSpan) -> (background: timespec?, active: timespec?) {
            let background: Int64 = 100_001_000_000
            let graceNanoseconds = grace.milliseconds * 1_000_000
            switch self {
            case .noTime: return (reading(background), reading(background))
            case .underGrace: return (reading(background), reading(background + graceNanoseconds - 1))
            case .overGrace: return (reading(background), reading(background + graceNanoseconds + 1_000_000))
            case .wentBack: return (reading(background), reading(30_999_999_999))
            case .unreadable: return (reading(background), nil)
            case .neverReadable: return (nil, nil)
            }
        }

        /// A boot clock reading of `nanoseconds` since boot, as `clock_gettime` fills it.
        private func reading(_ nanoseconds: Int64) -> timespec {
            timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        }
    }
}
