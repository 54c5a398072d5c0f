/// The rating trigger's rule (app-launch-gates.zh.md "评分"; D-RATE-FIRST).
public enum RatingPolicy {
    /// Actions needed since the last prompt.
    public static let minimumActions = 3
    /// Time needed since the last prompt.
    public static let minimumInterval = TimeSpan.days(90)
    /// The platform cap: at most this many prompts...
    public static let platformCap = 3
    /// ...in any window of this length.
    public static let capWindow = TimeSpan.days(365)

    /// Whether to request a review now, given the state after counting the current action: ≥ 3 actions, this version
    /// not prompted yet, ≥ 90 days since the last prompt (both hold when there was none, D-RATE-FIRST), and fewer
    /// than 3 prompts in the last 365 days.
    public static func shouldPrompt(_ state: RatingState, version: String, now: Instant) -> Bool {
        guard state.actionsSinceLastPrompt >= minimumActions else { return false }
        if let last = state.lastPromptedVersion, sameVersion(last, version) { return false }
        if let lastAt = state.lastPromptAt, now - lastAt < minimumInterval { return false }
        let inWindow = state.recentPrompts.filter { now - $0 < capWindow }
        return inWindow.count < platformCap
    }

    /// Versions compare as versions when both parse, else as text.
    static func sameVersion(_ a: String, _ b: String) -> Bool {
        if let x = AppVersion(a), let y = AppVersion(b) { return x == y }
        return a == b
    }
}
