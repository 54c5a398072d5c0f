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
        shouldPrompt(
            actionsSinceLastPrompt: state.actionsSinceLastPrompt,
            timeSinceLastPrompt: state.lastPromptAt.map { now - $0 },
            versionAlreadyPrompted: state.lastPromptedVersion.map { sameVersion($0, version) } ?? false,
            promptsInCapWindow: state.recentPrompts.filter { now - $0 < capWindow }.count)
    }

    /// The same rule over its four facts: actions since the last prompt (counting the current one), the time since
    /// the last prompt (nil: never prompted, D-RATE-FIRST), whether this version has prompted already, and how many
    /// prompts fall in the last 365 days. Exactly 90 days is enough. With no previous prompt only the action count
    /// decides (D-RATE-FIRST): no version has prompted and no prompt can be in the window.
    public static func shouldPrompt(
        actionsSinceLastPrompt: Int, timeSinceLastPrompt: TimeSpan?, versionAlreadyPrompted: Bool,
        promptsInCapWindow: Int
    ) -> Bool {
        guard actionsSinceLastPrompt >= minimumActions else { return false }
        guard let elapsed = timeSinceLastPrompt else { return true } // D-RATE-FIRST
        if versionAlreadyPrompted { return false }
        if elapsed < minimumInterval { return false }
        return promptsInCapWindow < platformCap
    }

    /// Versions compare as versions when both parse, else as text.
    static func sameVersion(_ a: String, _ b: String) -> Bool {
        if let x = AppVersion(a), let y = AppVersion(b) { return x == y }
        return a == b
    }
}
