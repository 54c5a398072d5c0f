/// The PIN attempt rules of §6.1.2 with D-MT-TIERS as the document sets them (`PINLockoutTiers.document`; a
/// `MedTimeUnlock.Configuration` may set others), and the countdown format of §3.5 with D-MT-COUNTDOWN.
public enum PINLockoutPolicy {
    /// The longest block (the 8th and later failure): 1 hour. Also the fail-closed block of D-STORE-CORRUPT.
    public static let longestBlock = PINLockoutTiers.document.longestBlock

    /// The block that failure number `failure` (1-based, counted over the persisted counter) starts, or nil when it
    /// only shows the attempts left: 1-4 → nil, 5 → 60 s, 6 → 300 s, 7 → 900 s, 8+ → 3600 s.
    public static func blockDuration(afterFailure failure: Int) -> TimeSpan? {
        PINLockoutTiers.document.blockDuration(afterFailure: failure)
    }

    /// Attempts left after failure `failure` while no block applies: `5 - failure` (never below 0).
    public static func attemptsRemaining(afterFailures failures: Int) -> Int {
        PINLockoutTiers.document.attemptsRemaining(afterFailures: failures)
    }

    /// The remaining time rounded up to whole seconds as MM:SS (60 s → "01:00", 59.001 s → "01:00",
    /// 3600 s → "60:00"); minutes keep growing past 99 if a clock moved backwards. Zero or less → "00:00".
    public static func countdown(_ remaining: TimeSpan) -> String {
        let seconds = remaining.wholeSecondsRoundedUp
        let minutes = seconds / 60
        let rest = seconds % 60
        return (minutes < 10 ? "0\(minutes)" : "\(minutes)") + ":" + (rest < 10 ? "0\(rest)" : "\(rest)")
    }
}
