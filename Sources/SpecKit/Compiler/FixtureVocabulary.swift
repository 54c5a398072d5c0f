/// What a fixture can drive and observe. The compiler checks every name a spec uses against it, so a spec that names
/// something its fixture does not know fails `lockspec lint` with a did-you-mean instead of failing at run time.
///
/// SpecKit knows no fixture: the runner's module supplies a `FixtureCatalog`.
public struct FixtureVocabulary: Hashable, Sendable {
    /// Events the fixture can send, with the inputs each one takes and the values it can translate for each.
    public var events: [String: [String: FixtureType]]
    /// Names the fixture can observe after a step (variables, `state`, observations, outputs of tables), with the
    /// values each can take.
    public var observations: [String: FixtureType]
    /// Effect names the fixture reports.
    public var effects: Set<String>
    /// Product parameters the fixture understands, each with its domain: a product value outside it, or a
    /// reference that uses it as the wrong type, is a lint error.
    public var product: [String: Domain]
    /// The functions it can evaluate as a decision table, by the name a spec gives in `table:`, with their input names.
    /// Any number of specs, each under its own id, may drive one function.
    public var decisions: [String: Set<String>]
    /// The functions it can run as a matrix, by the name a spec gives in `table:`, with their axis names.
    public var matrices: [String: Set<String>]
    /// Whether the fixture can kill its core and relaunch it from what the core persisted (`TestAction.kill` and
    /// `.relaunch`; a `relaunch` of a core that was not killed first drops it as a kill does). Its machines are then
    /// modelled across a relaunch: the exploration fires `relaunch` in every reachable situation.
    public var supportsRelaunch: Bool

    /// Creates a vocabulary.
    public init(events: [String: [String: FixtureType]] = [:], observations: [String: FixtureType] = [:], effects: Set<String> = [],
                product: [String: Domain] = [:], decisions: [String: Set<String>] = [:], matrices: [String: Set<String>] = [:],
                supportsRelaunch: Bool = false) {
        self.events = events
        self.observations = observations
        self.effects = effects
        self.product = product
        self.decisions = decisions
        self.matrices = matrices
        self.supportsRelaunch = supportsRelaunch
    }
}

/// The fixtures known to the tool, by name.
public protocol FixtureCatalog: Sendable {
    /// The vocabulary of a fixture, or nil when there is no fixture of that name.
    func vocabulary(of fixture: String) -> FixtureVocabulary?
    /// Every fixture's name, sorted.
    var fixtureNames: [String] { get }
}
