/// The local delay after consecutive failed submissions (D-DP-DELAY): 0 for k ≤ 2, then 2^(k-3) s capped at 300 s.
public enum FailureDelay {
    /// The cap.
    public static let maximum = TimeSpan.seconds(300)

    /// The wait after `failures` consecutive failures before the next submission is considered, capped at `cap`
    /// (`DualPassword.Configuration.failureDelayCap`, 300 s unless configured).
    public static func delay(afterFailures failures: Int, cap: TimeSpan = maximum) -> TimeSpan {
        guard failures > 2 else { return .zero }
        let exponent = failures - 3
        guard exponent < 40 else { return cap } // 2^40 s is past any cap a configuration sets
        return min(.milliseconds(1000 << Int64(exponent)), cap) // 2^exponent s, at most 2^39 s: no overflow
    }
}
