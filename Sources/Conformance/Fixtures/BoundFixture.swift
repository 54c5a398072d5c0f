import SpecKit

/// A fixture whose names all live in one binding table (`FixtureBindings`): its vocabulary, the events and tables it
/// dispatches, the observations it reads, the effects it reports and the product values it configures come from the
/// table, so a name is written once and lint's contract cannot drift from what the fixture does.
public protocol BoundFixture: Fixture, SendableMetatype {
    /// What the product values configure before the core is built (a core configuration, or the fixture's own
    /// settings).
    associatedtype Settings
    /// The core's effect type, translated into `Effect` values by the table's effect entries.
    associatedtype CoreEffect

    /// The fixture's binding table: every name it knows, each with its domain and what it does.
    static var bindings: FixtureBindings<Self> { get }
}

extension BoundFixture {
    /// The names this fixture knows, derived from its binding table.
    public static var vocabulary: FixtureVocabulary { bindings.vocabulary }
}
