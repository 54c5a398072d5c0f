import SpecKit

/// Binds a spec's vocabulary to AppLockCore, like a FitNesse fixture: it builds a fresh core, performs the steps of a
/// test case through the core's public API, and reads back what the spec observes.
///
/// A fixture instance serves exactly one test case, with its own temporary store and manual clock, so no row can
/// leak into another. It never reads specs; it only translates names. The exploration tours several machines at once,
/// so a fixture type is used from several threads (`SendableMetatype`): each instance stays on one, and what the type
/// itself holds must be immutable.
///
/// A fixture declares its names once, in a binding table (`BoundFixture`, `FixtureBindings`), from which its
/// vocabulary and its dispatch are derived.
public protocol Fixture: AnyObject, SendableMetatype {
    /// The names this fixture knows; the compiler checks specs against it.
    static var vocabulary: FixtureVocabulary { get }

    /// Builds a fresh core configured with the product values.
    init(product: [NamedValue]) throws(FixtureError)

    /// Performs one action and returns the effects the core emitted, as typed values built from the core's own effect
    /// types (a name and the case's associated values as arguments), never from their text.
    func perform(_ action: TestAction) throws(FixtureError) -> [Effect]

    /// The current value of an observation (`state`, a variable, an observation, or a decision/matrix output).
    func observe(_ name: String) throws(FixtureError) -> Value
}

/// A fixture could not do what a step asked: an unknown name, an input it cannot translate, a core error.
public struct FixtureError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, in a sentence.
    public var message: String

    /// Creates an error.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }

    /// The error for a product value the fixture has no parameter for, or one of a kind the parameter cannot take.
    public static func unknownProduct(_ item: NamedValue) -> FixtureError {
        FixtureError("unknown product value \(item.name)=\(item.value)")
    }

    /// A table's output, when the last table step decided it (`value`); an error when no table step stands.
    public static func standingOutput(_ value: Value?) throws(FixtureError) -> Value {
        guard let value else { throw FixtureError("no observation: a table's outputs stand only right after one of its rows") }
        return value
    }
}
