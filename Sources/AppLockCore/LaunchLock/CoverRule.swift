/// When the privacy cover shows, per product.
public enum CoverRule: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Kangkang (face-id-launch-lock.zh.md §2, §4): on background cover = enabled; on inactive cover = enabled and not
    /// locked (the lock screen already covers); on active hidden.
    case enabledUnlessLockScreen
    /// Launch gates (app-launch-gates.zh.md, D-GATE-COVER): cover whenever enabled and the phase is not active,
    /// locked or not.
    case enabledWhileNotActive

    /// The raw name.
    public var description: String { rawValue }
}
