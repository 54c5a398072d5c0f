/// Versioned Argon2id cost parameters, as persisted next to each credential.
///
/// Parameters read back from a store are checked against `bounds` before any work, so a corrupt or hostile record is
/// refused instead of making the device allocate gigabytes or loop for minutes.
public struct Argon2idParameters: Hashable, Sendable, CustomStringConvertible {
    /// Memory cost in KiB.
    public var memoryKiB: UInt32
    /// Number of passes.
    public var iterations: UInt32
    /// Lanes (and threads) used by one derivation.
    public var parallelism: UInt32

    /// Creates a parameter set (not yet validated; see `validated()`).
    public init(memoryKiB: UInt32, iterations: UInt32, parallelism: UInt32) {
        self.memoryKiB = memoryKiB
        self.iterations = iterations
        self.parallelism = parallelism
    }

    /// The production default: OWASP's Argon2id minimum (19 MiB, 2 passes, 1 lane).
    public static let productionDefault = Argon2idParameters(memoryKiB: 19_456, iterations: 2, parallelism: 1)

    /// Light parameters for tests and the harness only (64 KiB, 1 pass). Never for a real install.
    // lockspec:mutate-exclude test-only KDF costs: no product path reads them; the fixtures use them for speed
    public static let testing = Argon2idParameters(memoryKiB: 64, iterations: 1, parallelism: 1)

    /// Accepted memory range in KiB (64 KiB ... 64 MiB). A phone can afford the upper bound for both slots at once
    /// (2 x 64 MiB); a hostile record asking for more is refused before any work (about 3.4x the production cost).
    public static let memoryBounds: ClosedRange<UInt32> = 64...65_536
    /// Accepted pass count (1 ... 4; production uses 2).
    public static let iterationBounds: ClosedRange<UInt32> = 1...4
    /// Accepted lane count.
    public static let parallelismBounds: ClosedRange<UInt32> = 1...4

    /// True when every value is inside its bound (and memory covers Argon2's 8 KiB per lane).
    public var isWithinBounds: Bool {
        Self.memoryBounds.contains(memoryKiB)
            && Self.iterationBounds.contains(iterations)
            && Self.parallelismBounds.contains(parallelism)
            && UInt64(memoryKiB) >= 8 * UInt64(parallelism)
    }

    /// Returns `self`, or throws `CredentialError.parametersOutOfBounds` when a value is outside its bound.
    public func validated() throws(CredentialError) -> Argon2idParameters {
        guard isWithinBounds else { throw .parametersOutOfBounds }
        return self
    }

    /// `"argon2id(m=19456KiB,t=2,p=1)"`.
    public var description: String { "argon2id(m=\(memoryKiB)KiB,t=\(iterations),p=\(parallelism))" }
}
