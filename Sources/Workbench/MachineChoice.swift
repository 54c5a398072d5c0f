import SpecKit

/// A fixture whose core a new state machine can drive, as the page offers it: the states the fixture observes, the
/// events it can send with the inputs each requires, and the effects it reports.
public struct MachineChoice: Encodable, Hashable, Sendable {
    /// The fixture.
    public var fixture: String
    /// The states the fixture can observe (its `state` observation), in its order.
    public var states: [String]
    /// Every event a machine's rows can send, sorted by name, with the inputs a spec must declare for it: not those
    /// only a scenario can send (`FixtureVocabulary.onlyWhileKilled`, `.scenarioOnlyEvents`).
    public var events: [Event]
    /// The effects the fixture reports, sorted.
    public var effects: [String]

    /// One event and its required inputs (sorted by name).
    public struct Event: Encodable, Hashable, Sendable {
        /// Its name.
        public var name: String
        /// What a spec must declare for it, with the values a starter declares.
        public var inputs: [TableChoice.Column]
    }

    /// The choice for a fixture, or nil when it observes no `state` (it drives no machine).
    public static func of(fixture: String, vocabulary v: FixtureVocabulary) -> MachineChoice? {
        guard case .domain(.enumeration(let states))? = v.observations["state"], !states.isEmpty else { return nil }
        let machineEvents = v.events.keys.filter { !v.onlyWhileKilled.contains($0) && v.scenarioOnlyEvents[$0] == nil }
        let events = machineEvents.sorted().map { name in
            Event(name: name, inputs: v.requiredInputs(of: name).compactMap { input in
                v.events[name]?[input].map { TableChoice.Column(name: input, domain: TableChoice.domain(of: $0), own: false) }
            })
        }
        return MachineChoice(fixture: fixture, states: states, events: events, effects: v.effects.sorted())
    }
}
