#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The device's clocks, for production shells: the wall clock in milliseconds since 1970, the time since boot
/// including sleep (`CLOCK_BOOTTIME` on Linux, `CLOCK_MONOTONIC` on Apple platforms, which counts sleep there), and
/// the boot read once from the system's boot identifier.
public struct SystemClock: AppClock {
    private let boot: UInt64
    private let calls: any SystemClockCalls

    /// Reads the boot identifier (0 when the system offers none, so every reading is taken as one boot).
    public init() {
        self.init(calls: SystemClockReadings())
    }

    /// A clock over `calls` (the package's harness gives fixed readings; production, the real ones).
    package init(calls: any SystemClockCalls) {
        self.calls = calls
        boot = Self.bootIdentifier(calls).map(Self.fnv1a) ?? 0
    }

    /// The device's two clocks now. When the boot clock cannot be read, the uptime is 0 in `DeviceTime.unknownBoot`,
    /// from which no elapsed time is measured, so a grace ends and a delay runs again in full (D-CLOCK).
    public func now() -> DeviceTime {
        let wall = Instant(milliseconds: Int64((calls.secondsSince1970() * 1000).rounded(.down)))
        guard let uptime = uptime() else { return DeviceTime(wall: wall, uptime: .zero, boot: DeviceTime.unknownBoot) }
        return DeviceTime(wall: wall, uptime: uptime, boot: boot)
    }

    /// The boot clock in whole milliseconds, or nil when it cannot be read.
    private func uptime() -> Instant? {
        var spec = timespec()
        #if os(Linux)
        let clock = CLOCK_BOOTTIME
        #else
        let clock = CLOCK_MONOTONIC
        #endif
        guard calls.clockGetTime(clock, &spec) == 0 else { return nil }
        return Instant(milliseconds: Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000)
    }

    private static func bootIdentifier(_ calls: any SystemClockCalls) -> String? {
        #if os(Linux)
        return calls.contents(ofFile: "/proc/sys/kernel/random/boot_id")
        #elseif canImport(Darwin)
        var size = 0
        guard sysctlbyname("kern.bootsessionuuid", nil, &size, nil, 0) == 0, size > 0 else { return nil }
        var bytes = [CChar](repeating: 0, count: size)
        guard sysctlbyname("kern.bootsessionuuid", &bytes, &size, nil, 0) == 0 else { return nil }
        return String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
        return nil
        #endif
    }

    private static func fnv1a(_ text: String) -> UInt64 {
        text.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01b3 }
    }
}
