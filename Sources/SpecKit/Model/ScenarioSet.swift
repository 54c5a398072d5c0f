/// A set of scenarios sharing one vocabulary (their own, plus a machine's through `uses`).
public struct ScenarioSet: Hashable, Sendable {
    /// The machine spec whose states, variables, events and effects the scenarios use, if any.
    public var uses: String?
    /// Extra events, beyond the machine's.
    public var events: [EventDeclaration]
    /// Extra observations, beyond the machine's state and variables.
    public var observe: [Declaration]
    /// Extra effects, beyond the machine's.
    public var effects: [Named]
    /// The scenarios, in file order.
    public var scenarios: [Scenario]
}

/// One scenario: ordered steps with expectations.
public struct Scenario: Hashable, Sendable {
    /// The scenario's id, trace and location.
    public var identity: RowIdentity
    /// A one-line title.
    public var title: String?
    /// Product values for this scenario only.
    public var given: [Binding]
    /// The steps.
    public var steps: [ScenarioStep]
}

/// One step of a scenario.
public struct ScenarioStep: Hashable, Sendable {
    /// What the step does.
    public indirect enum Action: Hashable, Sendable {
        /// Send an event with inputs.
        case event(String, inputs: [Binding])
        /// Let time pass (a negative amount sets the wall clock back, as `setClock`).
        case advance(milliseconds: Int)
        /// Set the device's wall clock forward or back; no time passes.
        case setClock(milliseconds: Int)
        /// Kill the app: only the persisted store survives.
        case kill
        /// Build a fresh core from the persisted store.
        case relaunch
        /// Only check the expectations.
        case check
        /// Repeat a block of steps.
        case block([ScenarioStep])
    }

    /// What the step does.
    public var action: Action
    /// How many times (1 unless `repeat:` says otherwise).
    public var count: Int
    /// Observations that must hold after the step: `expect:` on a step without `repeat:`, or `expect-last:` (after
    /// the last repetition only).
    public var expect: [Binding]
    /// The exact effects of the step (of its last repetition, for `expect-last:`), if named.
    public var expectEffects: [EffectCall]?
    /// Observations that must hold after every repetition (`expect-each:`); a block's after every pass.
    public var expectEach: [Binding] = []
    /// The exact effects of every repetition (`expect-each:`), if named.
    public var expectEachEffects: [EffectCall]?
    /// Where the step is written.
    public var location: SourceLocation
}

extension Array where Element == ScenarioStep {
    /// Every step as written, each `steps:` block followed by its own steps (once, whatever its `repeat:`), depth
    /// first: what a check that looks at each written step walks.
    var flattened: [ScenarioStep] {
        flatMap { step -> [ScenarioStep] in
            guard case .block(let inner) = step.action else { return [step] }
            return [step] + inner.flattened
        }
    }
}
