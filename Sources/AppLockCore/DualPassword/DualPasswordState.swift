/// The states of the §4 unlock table.
public enum DualPasswordState: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The lock screen.
    case locked = "Locked"
    /// The real profile is open.
    case realUnlocked = "RealUnlocked"
    /// The decoy profile is open.
    case decoyUnlocked = "DecoyUnlocked"

    /// The document's name.
    public var description: String { rawValue }
}
