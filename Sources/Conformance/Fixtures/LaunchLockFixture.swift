import SpecKit

/// Binds the 'launch-lock' specs to AppLockCore. (Being written.)
public final class LaunchLockFixture: Fixture {
    /// The names this fixture knows.
    public static var vocabulary: FixtureVocabulary { FixtureVocabulary() }

    /// Builds a fresh core.
    public init(product: [NamedValue]) throws(FixtureError) { throw FixtureError("the launch-lock fixture is not written yet") }

    /// Performs one action.
    public func perform(_ action: TestAction) throws(FixtureError) -> [String] { [] }

    /// Reads an observation.
    public func observe(_ name: String) throws(FixtureError) -> Value { throw FixtureError("no observation \(name)") }
}
