import SpecKit

/// An input a binding entry declares (an event's input, a decision table's input, a matrix's axis): its name, the
/// values the fixture translates for it, and whether a step may leave it out.
///
/// `FixtureInput` is the one kind there is; the entries take `[any FixtureInputKey]` so that keys reading different
/// Swift types can be listed together.
public protocol FixtureInputKey: Sendable {
    /// The name specs use.
    var name: String { get }
    /// The values the fixture can translate for it, as the vocabulary shows them.
    var type: FixtureType { get }
    /// Whether a step may leave it out (an event's input only: every input of a table is required).
    var isOptional: Bool { get }
}

/// A typed input key: declared once, with its name and its domain, it both declares the input in a binding entry
/// (`.event("authenticate", inputs: [canEvaluate]) { … }`) and reads it in the entry's closure
/// (`try inputs[canEvaluate]`), so the name is written once.
///
/// ```swift
/// static let canEvaluate = FixtureInput.bool("canEvaluate")          // reads a Bool
/// static let away = FixtureInput.duration("away", 0...3_600_000).optional  // reads milliseconds, nil when left out
/// static let outcome = FixtureInput.names("outcome", ["success": true, "failure": false])  // reads what a name means
/// ```
///
/// Reading checks the value's kind only (a bool, a whole number, a duration, a name or a text); which values are in
/// the domain is lint's to check, and the fixture translates the value (a mapped key translates its names itself).
/// A missing required input, or a value of the wrong kind, is a thrown `FixtureError` naming the input.
public struct FixtureInput<Output: Sendable>: FixtureInputKey {
    /// The name specs use.
    public let name: String
    /// The values the fixture can translate for it, as the vocabulary shows them.
    public let type: FixtureType
    /// Whether a step may leave it out: the key then reads an optional, nil when left out.
    public let isOptional: Bool
    /// What a given value reads as, or nil when it is not of the key's kind.
    private let decode: @Sendable (Value) -> Output?
    /// What the key reads as when a step leaves it out: nil for a required key (an error).
    private let absent: Output?

    private init(_ name: String, _ type: FixtureType, optional: Bool = false, absent: Output? = nil,
                 _ decode: @escaping @Sendable (Value) -> Output?) {
        self.name = name
        self.type = type
        self.isOptional = optional
        self.absent = absent
        self.decode = decode
    }

    /// The same input, which a step may leave out: it reads nil then (an event's input only).
    public var optional: FixtureInput<Output?> {
        let decode = self.decode
        return FixtureInput<Output?>(name, type, optional: true, absent: .some(nil)) { decode($0).map(Optional.some) }
    }

    /// The input read from what a step gives (the first value of the name): `owner` names the event or table in an
    /// error.
    func read(from given: [NamedValue], owner: String) throws(FixtureError) -> Output {
        guard let value = given.first(where: { $0.name == name })?.value else {
            if let absent { return absent }
            throw FixtureError("\(owner) needs the input \(name)")
        }
        guard let read = decode(value) else { throw FixtureError("the input \(name) of \(owner) takes \(type), not '\(value)'") }
        return read
    }
}

// MARK: - Keys by kind

extension FixtureInput where Output == Bool {
    /// A `true`/`false` input.
    public static func bool(_ name: String) -> FixtureInput<Bool> {
        FixtureInput(name, .domain(.bool)) { if case .bool(let b) = $0 { b } else { nil } }
    }
}

extension FixtureInput where Output == Int {
    /// A whole number in `range`.
    public static func int(_ name: String, _ range: ClosedRange<Int>) -> FixtureInput<Int> {
        FixtureInput(name, .domain(.int(range))) { if case .int(let i) = $0 { i } else { nil } }
    }

    /// A duration in `range` (milliseconds), read in milliseconds.
    public static func duration(_ name: String, _ range: ClosedRange<Int>) -> FixtureInput<Int> {
        FixtureInput(name, .domain(.duration(range))) { if case .duration(let ms) = $0 { ms } else { nil } }
    }
}

extension FixtureInput where Output == String {
    /// One of `names`, read as the name (the fixture translates it).
    public static func names(_ name: String, _ names: [String]) -> FixtureInput<String> {
        FixtureInput(name, .domain(.enumeration(names)), Self.word)
    }

    /// One of `names`, read as the name (the fixture translates it).
    public static func names(_ name: String, _ names: String...) -> FixtureInput<String> {
        Self.names(name, names)
    }

    /// Free text, read as it is.
    public static func text(_ name: String) -> FixtureInput<String> {
        FixtureInput(name, .domain(.text), Self.word)
    }

    /// A text expression over `operands` (see `TextExpression`), read as written: the fixture evaluates it.
    public static func expression(_ name: String, operands: [String]) -> FixtureInput<String> {
        FixtureInput(name, .textExpression(operands: operands), Self.word)
    }

    /// A literal of `grammar` (a version, a date), read as the text the core is given (`"invalid 1.x"` as `1.x`); a
    /// text that is no literal of the grammar is of the wrong kind.
    public static func literal(_ name: String, _ grammar: LiteralGrammar) -> FixtureInput<String> {
        FixtureInput(name, .literal(grammar)) { value in word(value).flatMap { grammar.text(of: $0) } }
    }

    /// The name or the text a value holds, or nil for a value of another kind.
    fileprivate static func word(_ value: Value) -> String? {
        switch value {
        case .symbol(let s), .text(let s): s
        default: nil
        }
    }
}

extension FixtureInput {
    /// One of the names of `meanings`, in the order written, read as what the name means; any other name is of the
    /// wrong kind.
    public static func names(_ name: String, _ meanings: KeyValuePairs<String, Output>) -> FixtureInput<Output> {
        mapped(name, meanings.map { ($0.key, $0.value) })
    }

    /// A key over `pairs` (name, meaning), the names in the order given.
    fileprivate static func mapped(_ name: String, _ pairs: [(String, Output)]) -> FixtureInput<Output> {
        FixtureInput(name, .domain(.enumeration(pairs.map(\.0)))) { value in
            FixtureInput<String>.word(value).flatMap { word in pairs.first { $0.0 == word }?.1 }
        }
    }
}

extension FixtureInput where Output: CaseIterable & RawRepresentable, Output.RawValue == String {
    /// One of the cases of `type`, named by its raw value, read as the case.
    public static func cases(_ name: String, of type: Output.Type) -> FixtureInput<Output> {
        mapped(name, Output.allCases.map { ($0.rawValue, $0) })
    }
}

/// The inputs a step gives an entry's closure (an event's; a decision row's; a matrix cell's axes), read through the
/// entry's keys: `try inputs[canEvaluate]`. An input the entry does not declare is refused (`undeclared`), never
/// dropped: lint asks a spec for the declared names only.
public struct FixtureInputs: Sendable {
    /// The values the step gives, by name.
    private let given: [NamedValue]
    /// What takes them, for errors: `event submit`, `decision table capability.check`, `matrix decoy.test-matrix`.
    public let owner: String
    /// The inputs the entry declares, each as a name, a type and whether it is optional: reading any other key is an
    /// error (the fixture would read an input lint never asks a spec for, or read it as another type).
    private let declared: Set<Declaration>

    /// What a key declares.
    private struct Declaration: Hashable, Sendable {
        let name: String, type: FixtureType, isOptional: Bool
        init(_ key: any FixtureInputKey) { (name, type, isOptional) = (key.name, key.type, key.isOptional) }
    }

    /// The values `given` to `owner`, which declares the inputs `keys`.
    public init(_ given: [NamedValue], to owner: String, declaring keys: [any FixtureInputKey]) {
        self.given = given
        self.owner = owner
        declared = Set(keys.map(Declaration.init))
    }

    /// An error naming the first input given that `owner` does not declare, or nil when it declares them all.
    public var undeclared: FixtureError? {
        let names = Set(declared.map(\.name))
        return given.first { !names.contains($0.name) }.map { FixtureError("\(owner) takes no input \($0.name)") }
    }

    /// The input `key` reads: its value, nil for an optional key the step leaves out; an error naming the input when
    /// the entry does not declare it, a required one is missing, or the value is not of the key's kind.
    public subscript<Output>(key: FixtureInput<Output>) -> Output {
        get throws(FixtureError) {
            guard declared.contains(Declaration(key)) else { throw FixtureError("\(owner) reads the input \(key.name) through a key it does not declare") }
            return try key.read(from: given, owner: owner)
        }
    }
}
