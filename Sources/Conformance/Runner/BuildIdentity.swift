/// The build under test: the commit LockSpec (and so AppLockCore) was built from and whether its tracked files
/// differed from that commit, recorded by the BuildIdentityPlugin when the binary was built, never read from the
/// folder it runs in.
public struct BuildIdentity: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The git commit, or `unknown` when the build was made outside a git checkout.
    public var commit: String
    /// Whether tracked files differed from the commit at build time; nil when unknown.
    public var dirty: Bool?
    /// When a build first recorded this commit and dirty flag (ISO 8601, UTC). An unchanged identity is not rewritten,
    /// so that an unchanged build recompiles nothing: this is the first such build, not necessarily the last.
    public var recordedAt: String

    /// Creates an identity.
    public init(commit: String, dirty: Bool?, recordedAt: String) {
        self.commit = commit
        self.dirty = dirty
        self.recordedAt = recordedAt
    }

    /// The identity of this build.
    public static let current = BuildIdentity(
        commit: BuildStamp.commit, dirty: BuildStamp.dirty, recordedAt: BuildStamp.recordedAt)

    /// The tool's version.
    public static let toolVersion = "0.1.0"

    /// `<commit>`, `<commit> (uncommitted changes)` or `unknown`.
    public var description: String {
        switch dirty {
        case true?: "\(commit) (uncommitted changes)"
        case false?: commit
        case nil: commit == "unknown" ? commit : "\(commit) (changes unknown)"
        }
    }

    /// Whether two builds are the same build: the same commit and the same dirty flag.
    public func sameBuild(as other: BuildIdentity) -> Bool { commit == other.commit && dirty == other.dirty }
}
