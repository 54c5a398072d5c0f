/// A state-transition table: states, variables, events with inputs, effects and rows.
public struct Machine: Hashable, Sendable {
    /// The control states, in the order declared.
    public var states: [Named]
    /// The initial state.
    public var initial: String
    /// The initial state's index in `states`, as the reader resolved it.
    public var initialIndex: Int = 0
    /// The observed variables.
    public var variables: [Declaration]
    /// The events, each with its inputs.
    public var events: [EventDeclaration]
    /// The effects a row may name.
    public var effects: [Named]
    /// The names a condition may test besides the variables: the declared events' inputs, each name once, in the order
    /// first declared. Set by the reader.
    public var inputNames: [String] = []
    /// What happens where no row matches.
    public var otherwise: Otherwise
    /// How overlapping rows are treated.
    public var hit: HitPolicy
    /// The transitions, in file order.
    public var rows: [MachineRow]
    /// Whether the machine is modelled across an app kill and relaunch: its fixture can kill and relaunch the core
    /// (`FixtureVocabulary.supportsRelaunch`), or it says what persists (`mentionsRelaunch`; a fixture that cannot
    /// relaunch is then a lint error). Set by the compiler.
    public var relaunches: Bool = false
    /// The amounts, in milliseconds, the exploration sets the device clock back by, and forward by, in every situation
    /// (just before, at and just after each edge of the machine's duration conditions and each duration product
    /// value), positive and sorted; empty where the fixture cannot set its clock. Set by the compiler (`ClockMoves`).
    public var clockMoves: [Int] = []

    /// Each clock amount back, then each forward (`-ms`, then `ms`): the moves the tour and the walks make, in order.
    var signedClockMoves: [Int] { clockMoves.map { -$0 } + clockMoves }

    /// The built-in event a kill followed by a relaunch is, in rows' `on:` (never declared under `events:`).
    public static let relaunchEvent = "relaunch"
    /// The name the exploration gives a move of the device clock back (in ids and reports; no row names it).
    public static let clockBackEvent = "clockBack"
    /// The name the exploration gives a move of the device clock forward, with no time passing (in ids and reports).
    public static let clockForwardEvent = "clockForward"

    /// How the exploration names a move of the device clock by `ms` (back when negative), in ids and reports: the event
    /// `clockBack` or `clockForward` and its input `by`, the amount.
    static func clockMove(_ ms: Int) -> (event: String, inputs: [NamedValue]) {
        (ms < 0 ? clockBackEvent : clockForwardEvent, [NamedValue("by", .duration(milliseconds: abs(ms)))])
    }

    /// The declaration of a variable by name.
    public func variable(_ name: String) -> Declaration? { variables.first { $0.name == name } }
    /// The declaration of an event by name; `relaunch` is built in and carries no inputs.
    public func event(_ name: String) -> EventDeclaration? {
        events.first { $0.name == name } ?? (name == Self.relaunchEvent ? EventDeclaration.relaunch : nil)
    }

    /// Whether the spec says anything about persistence: a variable with `persist: true` or a row `on: relaunch`.
    public var mentionsRelaunch: Bool {
        variables.contains(where: \.persists) || rows.contains { $0.on.contains(Self.relaunchEvent) }
    }

    /// The situation a relaunched core starts from, before any row `on: relaunch`: the initial values of the variables
    /// that do not persist, and the values of those that do (`values`, in declaration order).
    public func valuesAfterRelaunch(_ values: [Value]) -> [Value] {
        zip(variables, values).map { $0.persists ? $1 : $0.initial }
    }
}

/// An event and the inputs it carries.
public struct EventDeclaration: Hashable, Sendable {
    /// The event's name.
    public var name: String
    /// Its inputs, each with a finite domain.
    public var inputs: [Declaration]
    /// Where it is declared.
    public var location: SourceLocation

    /// The declaration of an input by name.
    public func input(_ name: String) -> Declaration? { inputs.first { $0.name == name } }

    /// The built-in `relaunch` event: no inputs, declared nowhere.
    public static let relaunch = EventDeclaration(name: Machine.relaunchEvent, inputs: [], location: SourceLocation(file: "", line: 0, column: 0))
}

/// One transition: in these states, on these events, when this holds, set these variables, emit these effects, go there.
public struct MachineRow: Hashable, Sendable {
    /// The row's id, trace and location.
    public var identity: RowIdentity
    /// The source states; empty means any state.
    public var from: [String]
    /// The events that trigger the row.
    public var on: [String]
    /// Conditions on variables and inputs.
    public var when: [Condition]
    /// New values of variables.
    public var then: [Assignment]
    /// Emitted effects.
    public var effects: [EffectCall]
    /// The next state, or nil to stay.
    public var to: String?
    /// Where `to` (or, without it, the row) is written.
    public var toLocation: SourceLocation
    /// `unmodelled: <why>`: where this row matches, the table makes no prediction (the core does something the table's
    /// situation cannot tell, such as time accumulated within a state). No case is compiled for it, and the
    /// exploration and the walks do not check that step. Such a row has no `then`, `effects` or `to`.
    public var unmodelled: String? = nil
}

/// A change a row makes to a variable.
public struct Assignment: Hashable, Sendable {
    /// How the variable changes.
    public enum Change: Hashable, Sendable {
        /// It takes this value.
        case set(Value)
        /// An integer or duration variable changes by this amount (ordinal units).
        case add(Int)
    }

    /// The variable.
    public var name: String
    /// How it changes.
    public var change: Change
    /// Where it is written.
    public var location: SourceLocation
}
