import SpecKit

/// Every fixture, by name: the catalog the compiler checks spec names against, and the factory the runner uses.
public struct FixtureRegistry: FixtureCatalog {
    /// The fixtures of this build.
    public static let standard = FixtureRegistry()

    /// Creates the registry.
    public init() {}

    /// The vocabulary of a fixture, or nil.
    public func vocabulary(of fixture: String) -> FixtureVocabulary? { nil }

    /// Every fixture's name, sorted.
    public var fixtureNames: [String] { [] }
}
