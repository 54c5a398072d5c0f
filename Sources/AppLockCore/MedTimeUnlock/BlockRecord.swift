/// The persisted end of a PIN block (`pinBlockedUntil`, §6.2): the wall-clock instant it ends, and the reading of both
/// clocks when it began, so a relaunch in the same boot measures what is left of it in elapsed time, which setting the
/// wall clock forward or back does not change (D-MT-CLOCK).
///
/// 32 bytes: the wall-clock end, then the start's boot, uptime and wall clock (8 each). An 8-byte record in the
/// earlier layout (the wall-clock end alone) still reads, with `start` nil: the block is then measured on the wall
/// clock, cut to its full length.
struct BlockRecord: Sendable {
    /// When the block ends on the wall clock it began on.
    var until: Instant
    /// Both clocks when it began; nil in a record of the earlier layout.
    var start: DeviceTime?

    /// The persisted form of a block of `length` from `now`: 32 bytes (the core writes no other layout).
    static func encode(from now: DeviceTime, length: TimeSpan) -> [UInt8] {
        ByteCoding.encodeInstant(now.wall + length) + ByteCoding.encodeWord(now.boot) + ByteCoding.encodeInstant(now.uptime)
            + ByteCoding.encodeInstant(now.wall)
    }

    /// Reads a persisted record; nil when there is none; throws `.corrupt` for any other length.
    init?(bytes: [UInt8]?) throws(StoreError) {
        guard let bytes else { return nil }
        switch bytes.count {
        case 32:
            until = try ByteCoding.instant(Array(bytes[0..<8]))
            start = DeviceTime(wall: try ByteCoding.instant(Array(bytes[24..<32])), uptime: try ByteCoding.instant(Array(bytes[16..<24])),
                               boot: try ByteCoding.decodeWord(Array(bytes[8..<16])))
        case 8:
            until = try ByteCoding.instant(bytes)
            start = nil
        default:
            throw .corrupt
        }
    }

    /// When the block ends on the wall clock of `now`: its end moved by what the wall clock was set since the block
    /// began (what it moved beyond the time elapsed), so it keeps its length of elapsed time (at or before `now.wall`
    /// once it is over); nil where no elapsed time is known (another boot, an unreadable one, an uptime gone back, a
    /// record without its start: `DeviceTime.elapsed(since:)`).
    func end(at now: DeviceTime) -> Instant? {
        guard let start, let elapsed = now.elapsed(since: start) else { return nil }
        return until + (now.wall - (start.wall + elapsed))
    }
}
