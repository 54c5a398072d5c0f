/// The PIN attempt limit and the lockout tiers of §6.1.2 (D-MT-TIERS), as configuration: how many wrong PINs only
/// show the attempts left, and how long each blocking failure blocks.
public struct PINLockoutTiers: Hashable, Sendable, CustomStringConvertible {
    /// The failure that starts the first block (§6.1.2: the 5th); the failures before it only show the attempts left.
    public var attempts: Int
    /// The block of each blocking failure in turn, from failure `attempts` on; the last one repeats for every later
    /// failure. Never empty.
    public var blocks: [TimeSpan]

    /// Creates tiers; an empty `blocks` is read as the document's.
    public init(attempts: Int, blocks: [TimeSpan]) {
        self.attempts = max(1, attempts)
        self.blocks = blocks.isEmpty ? PINLockoutTiers.document.blocks : blocks
    }

    /// medtime-biometric-unlock.es.md §6.1.2: the 5th failure blocks 60 s, the 6th 300 s, the 7th 900 s, the 8th
    /// and every later one 3600 s.
    public static let document = PINLockoutTiers(attempts: 5, blocks: [.seconds(60), .seconds(300), .seconds(900), .seconds(3600)])

    /// The longest block (the last tier). Also the fail-closed block of D-STORE-CORRUPT.
    public var longestBlock: TimeSpan { blocks[blocks.count - 1] }

    /// The block that failure number `failure` (1-based, over the persisted counter) starts, or nil when it only shows
    /// the attempts left.
    public func blockDuration(afterFailure failure: Int) -> TimeSpan? {
        guard failure >= attempts else { return nil }
        let tier = failure - attempts
        return tier < blocks.count ? blocks[tier] : longestBlock
    }

    /// Attempts left after `failures` failures while no block applies: `attempts - failures` (never below 0).
    public func attemptsRemaining(afterFailures failures: Int) -> Int { max(0, attempts - failures) }

    /// E.g. `attempts=5 blocks=[60000ms, 300000ms, 900000ms, 3600000ms]`.
    public var description: String { "attempts=\(attempts) blocks=\(blocks)" }
}
