/// The persisted end of a PIN block (`pinBlockedUntil`, §6.2): the wall-clock instant it ends, and the boot and the
/// uptime at which it ends, so a relaunch in the same boot measures what is left of it in elapsed time, which setting
/// the wall clock forward or back does not change (D-MT-CLOCK).
///
/// 24 bytes: the wall-clock end, then the boot and the uptime end (8 each). An 8-byte record in the earlier layout
/// (the wall-clock end alone) still reads, with `uptimeEnd` nil: the block is then measured on the wall clock, cut to
/// its full length.
struct BlockRecord: Equatable, Sendable {
    /// When the block ends on the wall clock.
    var until: Instant
    /// When it ends on the uptime clock of boot `boot`; nil when the record kept no uptime.
    var uptimeEnd: (boot: UInt64, uptime: Instant)?

    /// A block of `length` from `now`.
    init(from now: DeviceTime, length: TimeSpan) {
        until = now.wall + length
        uptimeEnd = now.boot == DeviceTime.unknownBoot ? nil : (now.boot, now.uptime + length)
    }

    /// Reads a persisted record; nil when there is none; throws `.corrupt` for any other length.
    init?(bytes: [UInt8]?) throws(StoreError) {
        guard let bytes else { return nil }
        switch bytes.count {
        case 24:
            until = try ByteCoding.instant(Array(bytes[0..<8]))
            uptimeEnd = (try ByteCoding.decodeWord(Array(bytes[8..<16])), try ByteCoding.instant(Array(bytes[16..<24])))
        case 8:
            until = try ByteCoding.instant(bytes)
            uptimeEnd = nil
        default:
            throw .corrupt
        }
    }

    /// The persisted form: 24 bytes, or 8 where the uptime is unknown.
    var bytes: [UInt8] {
        guard let uptimeEnd else { return ByteCoding.encodeInstant(until) }
        return ByteCoding.encodeInstant(until) + ByteCoding.encodeWord(uptimeEnd.boot) + ByteCoding.encodeInstant(uptimeEnd.uptime)
    }

    /// What is left of the block at `now` measured on the uptime clock, when `now` is in the boot the record names
    /// (never negative); nil otherwise.
    func remaining(at now: DeviceTime) -> TimeSpan? {
        guard let uptimeEnd, now.boot == uptimeEnd.boot, now.boot != DeviceTime.unknownBoot else { return nil }
        return max(.zero, uptimeEnd.uptime - now.uptime)
    }

    static func == (a: BlockRecord, b: BlockRecord) -> Bool {
        a.until == b.until && a.uptimeEnd?.boot == b.uptimeEnd?.boot && a.uptimeEnd?.uptime == b.uptimeEnd?.uptime
    }
}
