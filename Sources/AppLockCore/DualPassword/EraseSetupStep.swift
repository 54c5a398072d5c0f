/// Where the "enable erase" flow stands (§2: main password, irreversible-action warning, second confirmation).
public enum EraseSetupStep: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// No flow in progress.
    case idle
    /// Main password verified; the irreversible-action warning is shown.
    case warning
    /// Warning acknowledged; the second confirmation is asked.
    case confirmation

    /// The raw name.
    public var description: String { rawValue }
}
