/// Which profile a verified password opens. Known only after a slot unseals; never persisted in the clear.
public enum ProfileRole: UInt8, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The real profile (main password, or Face ID quick unlock).
    case real = 0
    /// The blank decoy profile (decoy password).
    case decoy = 1

    /// `real` or `decoy`.
    public var description: String {
        switch self {
        case .real: "real"
        case .decoy: "decoy"
        }
    }
}
