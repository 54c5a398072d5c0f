/// The persisted counter of D-DP-DELAY: how many submissions failed in a row, and when the last one did.
///
/// 28 bytes: the count (4), then the last failure's boot, uptime and wall clock (8 each, D-CLOCK). A 12-byte record
/// in the earlier layout (the count, then the wall clock alone) still reads, with `at` nil: how much time has passed
/// since that failure is unknown, so its delay runs again in full.
struct FailureRecord: Equatable, Sendable {
    /// Consecutive failures.
    var count: Int
    /// When the last one happened; nil when the record kept no elapsed time.
    var at: DeviceTime?

    /// Reads a persisted record; throws `.corrupt` for any other length.
    init(bytes: [UInt8]) throws(StoreError) {
        switch bytes.count {
        case 28:
            count = try ByteCoding.decodeCount(Array(bytes[0..<4]))
            let boot = try ByteCoding.decodeWord(Array(bytes[4..<12]))
            let uptime = try ByteCoding.instant(Array(bytes[12..<20]))
            let wall = try ByteCoding.instant(Array(bytes[20..<28]))
            at = DeviceTime(wall: wall, uptime: uptime, boot: boot)
        case 12:
            count = try ByteCoding.decodeCount(Array(bytes[0..<4]))
            at = nil
        default:
            throw .corrupt
        }
    }

    /// The 28-byte persisted form of `count` failures, the last at `at`.
    static func encode(count: Int, at: DeviceTime) -> [UInt8] {
        ByteCoding.encodeCount(count) + ByteCoding.encodeWord(at.boot)
            + ByteCoding.encodeInstant(at.uptime) + ByteCoding.encodeInstant(at.wall)
    }
}
