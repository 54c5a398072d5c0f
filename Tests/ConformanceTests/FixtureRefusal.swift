import Conformance

/// The message of the `FixtureError` that `body` throws, or nil when it runs through: how the fixture tests read a
/// refusal.
func fixtureRefusal(_ body: () throws(FixtureError) -> Void) -> String? {
    do throws(FixtureError) {
        try body()
        return nil
    } catch {
        return error.message
    }
}
