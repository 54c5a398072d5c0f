/// The persisted history the rating trigger decides from.
public struct RatingState: Hashable, Sendable, CustomStringConvertible {
    /// Actions recorded since the last prompt (or since install).
    public var actionsSinceLastPrompt: Int
    /// When the last prompt was requested.
    public var lastPromptAt: Instant?
    /// The app version of the last prompt.
    public var lastPromptedVersion: String?
    /// Prompt instants within the last 365 days (for the platform cap).
    public var recentPrompts: [Instant]

    /// Creates a state (default: fresh install).
    public init(
        actionsSinceLastPrompt: Int = 0, lastPromptAt: Instant? = nil, lastPromptedVersion: String? = nil,
        recentPrompts: [Instant] = []
    ) {
        self.actionsSinceLastPrompt = actionsSinceLastPrompt
        self.lastPromptAt = lastPromptAt
        self.lastPromptedVersion = lastPromptedVersion
        self.recentPrompts = recentPrompts
    }

    /// E.g. `actions=2 lastPrompt=none version=none recent=0`.
    public var description: String {
        "actions=\(actionsSinceLastPrompt) lastPrompt=\(lastPromptAt.map(String.init(describing:)) ?? "none") "
            + "version=\(lastPromptedVersion ?? "none") recent=\(recentPrompts.count)"
    }
}
