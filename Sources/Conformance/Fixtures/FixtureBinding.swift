import SpecKit

/// One name of a fixture's binding table with its domain and its closure: an event, an observation, an effect, a
/// product parameter, a decision table or a matrix.
///
/// Entries are built with the static functions (`.event("appear") { f, _ in … }`); `FixtureBindings` derives the
/// vocabulary lint reads and the fixture's dispatch from them.
public struct FixtureBinding<F: BoundFixture>: Sendable {
    // The closures throw untyped so that a table's literals need no `throws(FixtureError)` on each closure (Swift
    // does not infer a closure's thrown type from its context); `FixtureBindings` passes a `FixtureError` on as it is
    // and wraps any other error in one.

    /// Performs an event (or a table's row) on the fixture with the inputs the step gives, read through the entry's
    /// keys (`try inputs[key]`), and returns the effects.
    public typealias Run = @Sendable (F, FixtureInputs) throws -> [Effect]
    /// Reads an observation from the fixture's core.
    public typealias Read = @Sendable (F) throws -> Value
    /// The arguments of a core effect the fixture's core emitted when this entry names it, else nil (an error when
    /// the core gave a value the fixture has no spec name for).
    public typealias Translate = @Sendable (F, F.CoreEffect) throws -> [Effect.Argument]?
    /// Applies one product value (its name and value) to the settings the core is built with.
    public typealias Configure = @Sendable (inout F.Settings, NamedValue) throws -> Void

    /// Whether an event or an observation is served between a `kill` and its `relaunch`.
    public enum WhileKilled: Sendable {
        /// Only while the app runs (lint refuses it between a kill and a relaunch when any name is served).
        case no
        /// Whether the app runs or not (the device's faults, its files).
        case served
        /// Only while the app is killed (damaging the store file under a running app is not allowed).
        case only
    }

    /// What an entry is, with what it carries.
    enum Kind: Sendable {
        case event(inputs: [any FixtureInputKey], bounds: [FixtureVocabulary.InputBound], killed: WhileKilled, scenarioOnly: String?,
                   run: Run)
        case observation(FixtureType, tableOutput: Bool, killed: WhileKilled, ships: FixtureVocabulary.ShippedValue?, unreadableAfter: Set<String>,
                         read: Read)
        case effect(EffectSignature, Translate)
        case unmodelledEffect(Translate)
        case product(Product)
        case decision(inputs: [any FixtureInputKey], needs: [ValueNeed], run: Run)
        case matrix(axes: [any FixtureInputKey], needs: [ValueNeed], run: Run)
    }

    /// A product parameter: its domain, what lint needs to know about it, and how it configures the core.
    struct Product: Sendable {
        var domain: Domain
        var choices: ProductChoices?
        var literal: LiteralGrammar?
        var need: ProductNeed?
        var note: String?
        var configure: Configure
    }

    /// The name specs use (empty for an unmodelled effect).
    public let name: String
    let kind: Kind
    /// For an event, the product entries only it needs; for a decision table or a matrix, the outputs it sets.
    let nested: [FixtureBinding<F>]

    private init(name: String, kind: Kind, nested: [FixtureBinding<F>] = []) {
        self.name = name
        self.kind = kind
        self.nested = nested
    }

    /// This entry, then its nested entries: the product entries an event needs, each required by this event
    /// (`ProductNeed.forEvents`), or the outputs a table sets.
    var flattened: [FixtureBinding<F>] {
        [Self(name: name, kind: kind)] + nested.map { entry in
            guard case .product(var product) = entry.kind else { return entry }
            product.need = product.need ?? .forEvents([name])
            return Self(name: entry.name, kind: .product(product))
        }
    }

    /// The names of the outputs a decision table or a matrix sets (`outputs:`), nil for any other entry.
    var tableOutputNames: Set<String>? {
        switch kind {
        case .decision, .matrix: Set(nested.map(\.name))
        default: nil
        }
    }

    // MARK: - Events and observations

    /// An event a spec can send, with the inputs it takes (their keys; an optional key's input may be left out),
    /// the inputs whose range depends on another of them (`bounds`), whether a killed app serves it, why only a scenario can send it (`scenarioOnly`: it needs steps
    /// before it that no machine state holds, such as an earlier request), and the product parameters only it needs
    /// (`needing`: product entries, each then required of a spec that declares this event).
    public static func event(_ name: String, inputs: [any FixtureInputKey] = [], bounds: [FixtureVocabulary.InputBound] = [],
                             whileKilled: WhileKilled = .no, scenarioOnly: String? = nil, needing: [FixtureBinding<F>] = [],
                             _ run: @escaping Run) -> Self {
        Self(name: name, kind: .event(inputs: inputs, bounds: bounds, killed: whileKilled, scenarioOnly: scenarioOnly, run: run),
             nested: needing)
    }

    /// An observation a spec can read after any step, with the values it takes, read from the core by `read`; `ships`
    /// when it reads a value of the core's built-in configuration, the core's own copy of a product parameter;
    /// `unreadableAfter` the events after which `read` may fail, as they can leave the store unreadable
    /// (`FixtureVocabulary.unreadableAfter`).
    public static func observation(_ name: String, _ type: FixtureType, whileKilled: WhileKilled = .no,
                                   ships: FixtureVocabulary.ShippedValue? = nil, unreadableAfter: Set<String> = [],
                                   _ read: @escaping Read) -> Self {
        Self(name: name, kind: .observation(type, tableOutput: false, killed: whileKilled, ships: ships, unreadableAfter: unreadableAfter, read: read))
    }

    /// An observation that exists only right after a decision table's row or a matrix cell ran (its output); listed
    /// under the `outputs:` of the tables that set it, so lint knows which tables' specs may observe it.
    public static func output(_ name: String, _ type: FixtureType, _ read: @escaping Read) -> Self {
        Self(name: name, kind: .observation(type, tableOutput: true, killed: .no, ships: nil, unreadableAfter: [], read: read))
    }

    // MARK: - Effects

    /// An effect the fixture reports: `translate` gives the arguments of the core effects it names, nil for others.
    /// `arguments` are the types of its arguments without a label, in order (the first `required` of them always
    /// given; default all), `labels` those of its labelled ones (nil: any label and value), and `labelsByFirst` which
    /// of them each value of the first argument carries: lint checks a spec's effects against them, and every effect the
    /// fixture reports must fit them (else a fixture error), so the declaration cannot be wrong unseen.
    public static func effect(_ name: String, arguments: [FixtureType] = [], required: Int? = nil,
                              labels: [String: FixtureType]? = [:], labelsByFirst: [String: Set<String>]? = nil,
                              _ translate: @escaping Translate) -> Self {
        Self(name: name, kind: .effect(EffectSignature(positional: arguments, required: required, labels: labels,
                                                       labelsByFirst: labelsByFirst), translate))
    }

    /// Core effects the specs do not model (they are dropped from a step's effects): `matches` gives `[]` for
    /// them, nil for others.
    public static func unmodelledEffect(_ matches: @escaping Translate) -> Self {
        Self(name: "", kind: .unmodelledEffect(matches))
    }

    // MARK: - Product parameters

    /// A product parameter with its domain; `choices` are the only values the core can run, `literal` the grammar of
    /// a text that is a value type, `need` when a spec must set it, `note` what a product owner should know beyond its
    /// values (what a value costs the run). A value has one spelling: the one its domain lists, which lint checks.
    public static func product(_ name: String, _ domain: Domain, choices: ProductChoices? = nil,
                               literal: LiteralGrammar? = nil, need: ProductNeed? = nil, note: String? = nil,
                               _ configure: @escaping Configure) -> Self {
        Self(name: name, kind: .product(Product(domain: domain, choices: choices, literal: literal, need: need, note: note,
                                                configure: configure)))
    }

    /// A product parameter the core fixes: `core` (read from the core where the core has it) is the one value lint
    /// lets a spec give, for `reason`, and the run refuses any other rather than ignore it. A member of an
    /// enumeration is the same value as a symbol or as a text.
    public static func fixedProduct(_ name: String, _ domain: Domain, core: Value, because reason: String) -> Self {
        product(name, domain, choices: ProductChoices([core], because: reason)) { _, item in
            let word: Bool = if case .symbol = core { true } else { false }
            guard item.value == core || (word && item.value == .text(core.description)) else { throw FixtureError("the core's \(name) is \(core), fixed: \(item.value) cannot be configured (\(reason))") }
        }
    }

    // MARK: - Tables

    /// A function a spec's `table:` can evaluate as a decision table, with its inputs' keys (all required: an
    /// optional key is required here too), the input values it can run only under some product values (`needs`,
    /// made with `ValueNeed.need(_:_:product:notIn:because:)`) and the outputs it sets (`output` entries; several tables may
    /// list one output): a spec of this table may observe those, but no other table's.
    public static func decision(_ name: String, inputs: [any FixtureInputKey], needs: [ValueNeed] = [],
                                outputs: [FixtureBinding<F>] = [], _ run: @escaping Run) -> Self {
        Self(name: name, kind: .decision(inputs: inputs, needs: needs, run: run), nested: outputs)
    }

    /// A function a spec's `table:` can run as a matrix, with its axes' keys (all required), the axis values it
    /// needs a product for and the outputs it sets, as for a decision table.
    public static func matrix(_ name: String, axes: [any FixtureInputKey], needs: [ValueNeed] = [],
                              outputs: [FixtureBinding<F>] = [], _ run: @escaping Run) -> Self {
        Self(name: name, kind: .matrix(axes: axes, needs: needs, run: run), nested: outputs)
    }

}

extension ValueNeed {
    /// A table's `needs:` entry: the fixture can run `value` of the input `key` only while the product parameter
    /// `product` holds none of `excluded` (each a name of its enumeration), for `reason`.
    public static func need<Output>(_ key: FixtureInput<Output>, _ value: String, product: String, notIn excluded: [String],
                                    because reason: String) -> ValueNeed {
        ValueNeed(input: key.name, value: .symbol(value), product: product, excluded: excluded.map(Value.symbol), reason: reason)
    }
}
