/// Decides when a watch reacts: it is fed one snapshot per poll with the time of the poll, and hands back the files
/// that changed once they have been quiet for `settle` seconds (an editor that writes a file in several steps is
/// seen once, whole). It holds no clock and touches no file, so tests drive it with their own snapshots and times.
public struct SpecWatcher: Sendable {
    /// How long (seconds) a change must be quiet before the watch reacts.
    public var settle: Double
    /// The last snapshot seen.
    public private(set) var current: FileSnapshot
    /// Files changed since the last reaction.
    public private(set) var pending: Set<String> = []
    /// When the last change was seen.
    var lastChange: Double?

    /// Starts from the snapshot taken when the watch starts (its files count as seen).
    public init(initial: FileSnapshot, settle: Double = 0.05) {
        self.current = initial
        self.settle = settle
    }

    /// Takes the snapshot of a poll made at `now` (seconds, any origin). Returns the changed files, sorted, when
    /// changes have been quiet for `settle` seconds; nil while nothing changed or a change is still settling.
    public mutating func observe(_ snapshot: FileSnapshot, at now: Double) -> [String]? {
        let changed = snapshot.changes(since: current)
        current = snapshot
        if !changed.isEmpty {
            pending.formUnion(changed)
            lastChange = now
            return nil
        }
        guard let last = lastChange, !pending.isEmpty, now - last >= settle else { return nil }
        let ready = pending.sorted()
        pending = []
        lastChange = nil
        return ready
    }
}
