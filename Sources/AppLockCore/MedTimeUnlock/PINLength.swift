/// The PIN length chosen at onboarding (§4.3): 4 or 6 digits.
public enum PINLength: Int, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Four digits.
    case four = 4
    /// Six digits.
    case six = 6

    /// The digit count.
    public var description: String { String(rawValue) }
}
