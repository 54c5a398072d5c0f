/// The local delay after consecutive failed submissions (D-DP-DELAY): 0 for k ≤ 2, then 2^(k-3) s capped at 300 s.
public enum FailureDelay {
    /// The cap.
    public static let maximum = TimeSpan.seconds(300)

    /// The wait after `failures` consecutive failures before the next submission is considered.
    public static func delay(afterFailures failures: Int) -> TimeSpan {
        guard failures > 2 else { return .zero }
        let exponent = failures - 3
        guard exponent < 9 else { return maximum } // 2^9 = 512 s > 300 s
        return min(.seconds(Int64(1) << Int64(exponent)), maximum)
    }
}
