/// What one failed attempt led to, as the attempt rules of medtime-biometric-unlock.es.md §6.1 decide it.
public struct MedTimeFailure: Hashable, Sendable {
    /// What the screen does next.
    public enum Action: String, Hashable, Sendable, CaseIterable {
        /// A biometric failure with attempts left: the prompt opens again (§6.1.1).
        case retryBiometric
        /// The last biometric failure: on to the PIN (§6.1.1).
        case fallbackToPIN
        /// A PIN failure below the block threshold: the error shows the attempts left (§6.1.2).
        case showRemaining
        /// A PIN failure that blocks the PIN (§6.1.2, §6.2).
        case block
    }

    /// What the screen does next.
    public var action: Action
    /// The attempts the screen and the announcement show as left (biometric or PIN).
    public var attemptsRemaining: Int
    /// The block this failure started (zero when none).
    public var block: TimeSpan
    /// The §7.3 announcement of this failure ("" when it made none).
    public var announcement: String

    /// Creates a value from all its fields.
    public init(action: Action, attemptsRemaining: Int, block: TimeSpan, announcement: String) {
        self.action = action
        self.attemptsRemaining = attemptsRemaining
        self.block = block
        self.announcement = announcement
    }
}
