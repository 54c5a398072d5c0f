/// What a fixture can drive and observe. The compiler checks every name a spec uses against it, so a spec that names
/// something its fixture does not know fails `lockspec lint` with a did-you-mean instead of failing at run time.
///
/// SpecKit knows no fixture: the runner's module supplies a `FixtureCatalog`.
public struct FixtureVocabulary: Hashable, Sendable {
    /// Events the fixture can send, with the inputs each one takes and the values it can translate for each. Every
    /// input is required (a spec that declares the event must declare the input) unless `optionalInputs` names it.
    public var events: [String: [String: FixtureType]]
    /// The inputs, by event, that the fixture can send the event without (`launch` without remote keys).
    public var optionalInputs: [String: Set<String>] = [:]
    /// Names the fixture can observe after a step (variables, `state`, observations, outputs of tables), with the
    /// values each can take.
    public var observations: [String: FixtureType]
    /// The observations that exist only right after a decision table's row or a matrix cell runs (its outputs): a
    /// machine or a scenario cannot observe them, and lint says so.
    public var tableOutputs: Set<String>
    /// The outputs each decision-table or matrix function sets, by the name a spec gives in `table:` (empty for one
    /// that sets none of `tableOutputs`). A spec of a table may not observe an output that only other tables set; an
    /// output no table lists here stands after any table's row.
    public var outputsOfTables: [String: Set<String>] = [:]
    /// Effect names the fixture reports.
    public var effects: Set<String>
    /// The arguments of each effect, by name, as the fixture reports them (an effect without an entry is not checked).
    public var effectSignatures: [String: EffectSignature] = [:]
    /// Product parameters the fixture understands, each with its domain: a product value outside it, or a
    /// reference that uses it as the wrong type, is a lint error.
    public var product: [String: Domain]
    /// For a parameter whose domain holds values the core cannot be configured with, the only ones it can run (the
    /// launch gates' fixed 1 s grace, MedTime's PIN lengths 4 and 6), with why. Lint refuses any other value.
    public var productChoices: [String: ProductChoices] = [:]
    /// For a text parameter that is a value type (the running version, a dated legal version), its grammar: lint
    /// checks each value against it.
    public var productLiterals: [String: LiteralGrammar] = [:]
    /// The product parameters the fixture cannot run without, and when it needs each. A parameter not listed here
    /// has the core's own configuration as its default.
    public var productNeeds: [String: ProductNeed] = [:]
    /// What a product owner should know about a parameter beyond its values (what it costs the run), for
    /// `lockspec lint --fixtures`.
    public var productNotes: [String: String] = [:]
    /// Product values the fixture used to take and no longer does, each with why: lint tells a spec that still sets
    /// one so, and `lockspec migrate` removes the line (the value configured nothing).
    public var retiredProducts: [String: String] = [:]
    /// The functions it can evaluate as a decision table, by the name a spec gives in `table:`, with their inputs and
    /// the values each takes. Every input is required: a spec of the table must declare all of them.
    /// Any number of specs, each under its own id, may drive one function.
    public var decisions: [String: [String: FixtureType]]
    /// The values of a decision table's input or a matrix's axis that the fixture can run only under some product
    /// values, by the name a spec gives in `table:`: lint refuses a row evaluated with one under another product.
    public var valueNeeds: [String: [ValueNeed]] = [:]
    /// The functions it can run as a matrix, by the name a spec gives in `table:`, with their axes and the values
    /// each takes (all required).
    public var matrices: [String: [String: FixtureType]]
    /// Whether the fixture can kill its core and relaunch it from what the core persisted (`TestAction.kill` and
    /// `.relaunch`; a `relaunch` of a core that was not killed first drops it as a kill does). Its machines are then
    /// modelled across a relaunch: the exploration fires `relaunch` in every reachable situation.
    public var supportsRelaunch: Bool
    /// The events and observations a killed app still serves, between a `kill` and the `relaunch` (the device's faults,
    /// the store's files); nil when a kill leaves nothing unserved. Lint refuses any other between the two.
    public var servedWhileKilled: Set<String>?
    /// The events that need the app killed first (damaging the store file under a running app is not one of them).
    public var onlyWhileKilled: Set<String>
    /// The event that chooses which instance of the app the steps drive (an app and its extension on one store), or
    /// nil for a fixture with one: a `kill` and a `relaunch` act on the instance in front, the other keeps running, or
    /// stays killed, until it is in front again.
    public var instanceSwitch: InstanceSwitch?
    /// The inputs of an event whose range depends on another of its inputs (`editSlot`'s `value` fits the field it is
    /// written to), by event: lint checks a scenario step's values against them.
    public var inputBounds: [String: [InputBound]] = [:]
    /// The events only a scenario can send, each with why: they need steps before them that no machine state holds
    /// (`lateReply` needs an earlier request). A machine that declares one, or an event of `onlyWhileKilled`, is a
    /// lint error: its rows could not run.
    public var scenarioOnlyEvents: [String: String] = [:]
    /// The observations that read a value the core ships with (its built-in configuration), by name, each with the
    /// product parameter it is the core's own copy of: the app ships that value, so a row may only expect it to be the
    /// product's (lint refuses another), and a failing check of it is a change in the core, not in the specs.
    public var shippedValues: [String: ShippedValue] = [:]
    /// The observations the fixture reads from the store file, by name, each with the events that can leave the store
    /// unreadable (reads made to fail, a store image the core cannot read): after one of them the read may fail. A
    /// machine that declares both is a lint error, as its exploration sends each event it declares from every state it
    /// reaches and reads every variable after it; a scenario set may, in an order that keeps the store readable.
    public var unreadableAfter: [String: Set<String>] = [:]
    /// Whether the fixture can set the device's wall clock back and forward with no time passing (`TestAction.setClock`,
    /// or `advance` by a negative amount, as a user setting the time would), running or killed. Its machines are then
    /// explored with the clock set back and forward by the amounts their duration conditions imply
    /// (`Machine.clockMoves`), each predicted to change nothing.
    public var setsClock: Bool

    /// Creates a vocabulary.
    public init(events: [String: [String: FixtureType]] = [:], observations: [String: FixtureType] = [:],
                tableOutputs: Set<String> = [], effects: Set<String> = [], product: [String: Domain] = [:],
                decisions: [String: [String: FixtureType]] = [:], matrices: [String: [String: FixtureType]] = [:],
                supportsRelaunch: Bool = false, servedWhileKilled: Set<String>? = nil, onlyWhileKilled: Set<String> = [],
                setsClock: Bool = false) {
        self.events = events
        self.tableOutputs = tableOutputs
        self.observations = observations
        self.effects = effects
        self.product = product
        self.decisions = decisions
        self.matrices = matrices
        self.supportsRelaunch = supportsRelaunch
        self.servedWhileKilled = servedWhileKilled
        self.onlyWhileKilled = onlyWhileKilled
        self.setsClock = setsClock
    }
}

extension FixtureVocabulary {
    /// A value the core ships with, read by an observation: which product parameter it is the core's own copy of, and
    /// where in the core it is changed.
    public struct ShippedValue: Codable, Hashable, Sendable {
        /// The product parameter (`grace`).
        public var parameter: String
        /// Where the core sets it, for the developer who must change it (`AppLockCore: LaunchLock.Configuration.kangkang`).
        public var changedIn: String

        /// Creates a shipped value.
        public init(parameter: String, changedIn: String) {
            self.parameter = parameter
            self.changedIn = changedIn
        }
    }

    /// An event that chooses the instance the steps drive: its input naming the instance, and the instance in front
    /// before any step.
    public struct InstanceSwitch: Hashable, Sendable {
        /// The event (`useInstance`).
        public var event: String
        /// Its input naming the instance (`which`).
        public var input: String
        /// The instance the steps drive until the event is sent (`app`).
        public var initial: String

        /// Creates a switch.
        public init(event: String, input: String, initial: String) {
            (self.event, self.input, self.initial) = (event, input, initial)
        }
    }

    /// An input whose range depends on the value of another input of the same event.
    public struct InputBound: Hashable, Sendable {
        /// The bounded input (`value`).
        public var input: String
        /// The input it depends on (`field`).
        public var by: String
        /// The range `input` takes for each value of `by` (a value not listed leaves it as its domain says).
        public var ranges: [String: ClosedRange<Int>]
        /// Why, in a phrase (`the width of that field in the slot record`).
        public var reason: String

        /// Creates a bound.
        public init(input: String, by: String, ranges: [String: ClosedRange<Int>], reason: String) {
            (self.input, self.by, self.ranges, self.reason) = (input, by, ranges, reason)
        }
    }

    /// The inputs a spec must declare for an event: all the fixture's, less the optional ones. Empty for an event the
    /// fixture does not know.
    public func requiredInputs(of event: String) -> [String] {
        guard let inputs = events[event] else { return [] }
        let optional = optionalInputs[event] ?? []
        return inputs.keys.filter { !optional.contains($0) }.sorted()
    }
}

/// The fixtures known to the tool, by name.
public protocol FixtureCatalog: Sendable {
    /// The vocabulary of a fixture, or nil when there is no fixture of that name.
    func vocabulary(of fixture: String) -> FixtureVocabulary?
    /// Every fixture's name, sorted.
    var fixtureNames: [String] { get }
}
