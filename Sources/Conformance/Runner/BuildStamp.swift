/// What the BuildIdentityPlugin records about a build (see Plugins/BuildIdentityPlugin).
protocol BuildStampValues {
    /// The package's git commit, or `unknown`.
    static var commit: String { get }
    /// Whether tracked files differed from the commit; nil when unknown.
    static var dirty: Bool? { get }
    /// When a build first recorded this commit and dirty flag (ISO 8601, UTC), or `unknown`.
    static var recordedAt: String { get }
}

/// Where nothing was recorded (SwiftPM does not compile prebuild outputs into the copy of this target built for a
/// plugin's tool), the build is honestly `unknown`.
extension BuildStampValues {
    static var commit: String { "unknown" }
    static var dirty: Bool? { nil }
    static var recordedAt: String { "unknown" }
}

/// The recorded build: the generated `GeneratedBuildStamp.swift` extends it with the real values.
enum BuildStamp: BuildStampValues {}
