/// The PIN attempt rules of §6.1.2 with D-MT-TIERS as the document sets them (`PINLockoutTiers.document`; a
/// `MedTimeUnlock.Configuration` may set others), and the countdown format of §3.5 with D-MT-COUNTDOWN.
public enum PINLockoutPolicy {
    /// The longest block (the 8th and later failure): 1 hour. Also the fail-closed block of D-STORE-CORRUPT.
    public static let longestBlock = PINLockoutTiers.document.longestBlock

    /// The remaining time rounded up to whole seconds as MM:SS (60 s → "01:00", 59.001 s → "01:00",
    /// 3600 s → "60:00"); minutes keep growing past 99 if a clock moved backwards. Zero or less → "00:00".
    public static func countdown(_ remaining: TimeSpan) -> String {
        let seconds = remaining.wholeSecondsRoundedUp
        let minutes = seconds / 60
        let rest = seconds % 60
        return (minutes < 10 ? "0\(minutes)" : "\(minutes)") + ":" + (rest < 10 ? "0\(rest)" : "\(rest)")
    }
}
