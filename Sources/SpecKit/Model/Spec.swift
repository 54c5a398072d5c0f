/// One spec file, read and typed: its header and its table.
public struct Spec: Hashable, Sendable {
    /// The four kinds of table.
    public enum Kind: String, Hashable, Sendable, CaseIterable, Codable {
        /// A state-transition table.
        case machine
        /// A decision table (a pure function).
        case decision
        /// Ordered stories with a clock.
        case scenarios
        /// Axes whose product expands into cells.
        case matrix

        /// What a finding calls one of the spec's ids: `scenario` in a scenario set, `row` in every other kind.
        var rowNoun: String { self == .scenarios ? "scenario" : "row" }
    }

    /// What the table holds, by kind.
    public enum Body: Hashable, Sendable {
        /// A state-transition table.
        case machine(Machine)
        /// A decision table.
        case decision(DecisionTable)
        /// Scenarios.
        case scenarios(ScenarioSet)
        /// A matrix.
        case matrix(DecisionTable)
    }

    /// The spec's unique id.
    public var id: String
    /// The kind of table.
    public var kind: Kind
    /// A one-line title.
    public var title: String
    /// The document and section the table comes from.
    public var source: String
    /// The fixture that binds the spec's names to the implementation.
    public var fixture: String
    /// Product configuration values handed to the fixture: the spec's own `product:` (its overrides).
    public var product: [Binding]
    /// Product values inherited from the fixture's product file (`kind: product`), before the spec's own.
    public var sharedProduct: [Binding] = []
    /// The product file's `variants:`: every case runs once per value of each parameter the case does not set.
    public var sharedVariants: [ProductFile.Variant] = []
    /// Where `fixture:` names the fixture (the spec's start when unknown): findings about what the fixture needs are
    /// located here.
    public var fixtureLocation: SourceLocation?
    /// Where `source:` is written: a finding about a document or section it cites points there.
    public var sourceLocation: SourceLocation?

    /// Where each row's `source:` is written, by row id (rows without one left out).
    public var rowSourceLocations: [String: SourceLocation] {
        rows.reduce(into: [:]) { places, row in if let at = row.sourceLocation { places[row.id] = at } }
    }
    /// The product parameters written with a value lint refused, already reported, in this spec or in the product file
    /// it inherits from (the reader's scope carries both): not also reported as missing.
    var unreadableProduct: Set<String> = []
    /// The path of the file.
    public var file: String
    /// Where the spec starts (the document's first node).
    public var location: SourceLocation
    /// The table.
    public var body: Body

    /// The product values in force for the spec: the shared ones, each replaced by the spec's own of that name,
    /// then the spec's own that the product file does not set.
    public var effectiveProduct: [Binding] { Binding.overlay(sharedProduct, with: product) }

    /// Whether a case runs with this spec's own product values: its product (the spec's and a scenario's `given:`)
    /// holds the same values as the spec's. A machine's table predicts only such runs. The values of the product file's
    /// variants a case is expanded over do not count: no row can name one, and the machine's own cases run once per value.
    public func runsWithOwnProduct(_ testCase: TestCase) -> Bool {
        let variants = Set(sharedVariants.map(\.name))
        return testCase.product.filter { !variants.contains($0.name) }.firstByKey { ($0.name, $0.value) }
            == effectiveProduct.firstByKey { ($0.name, $0.value) }
    }

    /// A machine's amounts to set the device clock back and forward by (`Machine.clockMoves`); empty for other kinds.
    public var machineClockMoves: [Int] {
        if case .machine(let machine) = body { return machine.clockMoves }
        return []
    }

    /// The identities of every row of the table, in file order.
    public var rows: [RowIdentity] {
        switch body {
        case .machine(let m): m.rows.map(\.identity)
        case .decision(let d), .matrix(let d): d.rows.map(\.identity)
        case .scenarios(let s): s.scenarios.map(\.identity)
        }
    }
}

/// A name bound to a value, where it was written.
public struct Binding: Hashable, Sendable {
    /// The name.
    public var name: String
    /// The value.
    public var value: Value
    /// Where the value was written.
    public var location: SourceLocation
    /// Why a product value differs from the one its fixture's other specs use (`{value:, decision:}`), if it says.
    public var decision: String?
    /// Where the name was written, when it is a key of its own (`grace:` in a product file): a finding about the name
    /// stands there, one about the value at `location`.
    public var nameLocation: SourceLocation?
}

extension Binding {
    /// `base` with each binding of `overrides` replacing the one of its name in place, or appended when new.
    public static func overlay(_ base: [Binding], with overrides: [Binding]) -> [Binding] {
        var result = base
        for binding in overrides {
            if let i = result.firstIndex(where: { $0.name == binding.name }) { result[i] = binding } else { result.append(binding) }
        }
        return result
    }
}

extension Array where Element == Binding {
    /// The bindings as the compiled form carries them: each name with its value, in order.
    public var namedValues: [NamedValue] { map { NamedValue($0.name, $0.value) } }
}

/// Where a row's rule comes from: a document section, a decision taken here, or both.
public struct Trace: Hashable, Sendable, Codable {
    /// `<document> §<section>`, when the row comes from (or relates to) a document.
    public var source: String?
    /// Why the row exists, when the documents do not settle the point.
    public var decision: String?

    /// Creates a trace.
    public init(source: String?, decision: String?) {
        self.source = source
        self.decision = decision
    }

    /// The document named by `source` (the text before `§`), if any.
    public var document: String? {
        guard let source else { return nil }
        let doc = source.split(separator: "§", maxSplits: 1).first.map { $0.trimmingSpaces } ?? source
        return doc.isEmpty ? nil : doc
    }
}

/// A row's id, trace and location: what every report needs to name it.
public struct RowIdentity: Hashable, Sendable {
    /// The row's unique id.
    public var id: String
    /// Where its rule comes from.
    public var trace: Trace
    /// Where the row is written.
    public var location: SourceLocation
    /// Where its `source:` is written, when it has one: a finding about a document it cites points there, beside the
    /// source's own findings.
    public var sourceLocation: SourceLocation?
    /// The product values its conditions and outcomes read by name (`pinAttempts - 1`), as in force for its spec, each
    /// once: a finding about the row names them, since a value changed in the product file moves the row with it.
    public var productValues: [Binding] = []

    /// One note per product value the row reads: its value and where it is set.
    public var productNotes: [String] {
        productValues.map { "\(id) reads product value \($0.name) = \($0.value), set at \($0.location)" }
    }
}

/// A declared name with its domain and initial value (a variable, an input, an output, an observation, an axis).
public struct Declaration: Hashable, Sendable {
    /// Where a value outside the domain finds its limit: `'away' is declared as duration 0s..2h at <file:line:col>`.
    var declaredNote: String { "'\(name)' is declared as \(domain.brief) at \(location)" }

    /// The name.
    public var name: String
    /// Its values.
    public var domain: Domain
    /// The value it starts with (variables only; the domain's default elsewhere).
    public var initial: Value
    /// Where it is declared.
    public var location: SourceLocation
    /// A machine variable declared `open-ended: true`: the real value keeps counting past the top of its domain, and
    /// the model stops there. A row that would set it past the top is not a `check.domain` error; that step is left
    /// unpredicted: neither the rows' paths nor the exploration check it.
    public var openEnded: Bool = false
    /// Whether its value survives an app kill (`persist: true`, machine variables only): a relaunched core finds it as
    /// it was, where every other variable is back at its initial value.
    public var persists: Bool = false
    /// Where `persist:` is written (the declaration's location when it is not).
    public var persistLocation: SourceLocation? = nil
}

/// A name's condition in a row: the set of values that satisfy it.
public struct Condition: Hashable, Sendable {
    /// The tested name.
    public var name: String
    /// The satisfying values, as ordinals of the name's domain.
    public var set: ValueSet
    /// Where the condition is written.
    public var location: SourceLocation
    /// The condition as the author wrote it, when it is a single scalar (`> grace`), beside the resolved `set`.
    public var written: String? = nil
}

/// An effect named by a row or a scenario step, parsed: `name` or `name(arguments)`, where an argument may be `*` or
/// hold `${name}` templates (see `EffectSyntax`).
public struct EffectCall: Hashable, Sendable {
    /// The effect's name.
    public var name: String
    /// The arguments, typed; templates are filled in by the compiler (`resolved(_:)`).
    public var arguments: [EffectSyntax.Argument]
    /// The text as the author wrote it, for messages.
    public var text: String
    /// Where it is written.
    public var location: SourceLocation

    /// Creates a call from its parts.
    public init(name: String, arguments: [EffectSyntax.Argument], text: String, location: SourceLocation) {
        self.name = name
        self.arguments = arguments
        self.text = text
        self.location = location
    }

    /// The name and arguments, without the text and location: two calls with the same shape expect the same effect.
    public var shape: Shape { Shape(name: name, arguments: arguments) }

    /// An effect call's name and arguments.
    public struct Shape: Hashable, Sendable {
        /// The effect's name.
        public var name: String
        /// The arguments.
        public var arguments: [EffectSyntax.Argument]
    }

    /// The expected effect, with every `${name}` replaced by the value `lookup` gives (a template that is a whole
    /// argument takes the value itself; one inside a longer text is replaced by the value's text). A name `lookup`
    /// does not know stays as written.
    public func resolved(_ lookup: (String) -> Value?) -> EffectPattern {
        EffectPattern(name, arguments.map { argument in
            switch argument.term {
            case .value(let v): return EffectPattern.Argument(argument.label, .value(v))
            case .any: return EffectPattern.Argument(argument.label, .any)
            case .template(let text): return EffectPattern.Argument(argument.label, .value(fill(text, lookup)))
            }
        })
    }

    private func fill(_ text: String, _ lookup: (String) -> Value?) -> Value {
        if text.hasPrefix("${"), text.hasSuffix("}"), !text.dropFirst(2).dropLast().containsText("}"),
           let value = lookup(String(text.dropFirst(2).dropLast())) {
            return value
        }
        let filled = fillingTemplates(text, lookup)
        return filled.containsText("${") ? .text(filled) : EffectSyntax.value(of: filled)
    }
}

/// `text` with each `${name}` replaced by the text of `lookup(name)`; a name `lookup` does not know stays as written,
/// and so does a `${` that is never closed.
func fillingTemplates(_ text: String, _ lookup: (String) -> Value?) -> String {
    var result = ""
    var rest = Substring(text)
    while let open = rest.rangeOfText("${") {
        result += rest[..<open.lowerBound]
        guard let close = rest[open.upperBound...].firstIndex(of: "}") else { break }
        let name = String(rest[open.upperBound..<close])
        result += lookup(name).map(\.description) ?? "${\(name)}"
        rest = rest[rest.index(after: close)...]
    }
    return result + rest
}

/// A named thing without a domain (a state, an effect), where it is declared.
public struct Named: Hashable, Sendable {
    /// The name.
    public var name: String
    /// Where it is declared.
    public var location: SourceLocation
}

/// What a machine does with a combination that no row covers.
public enum Otherwise: String, Hashable, Sendable, Codable, CaseIterable {
    /// Nothing changes and nothing is emitted.
    case ignore
    /// The combination is a gap: an error.
    case forbidden
}

/// How rows that match the same situation are treated.
public enum HitPolicy: String, Hashable, Sendable, Codable, CaseIterable {
    /// Rows may not overlap (with different outcomes): overlap is a conflict.
    case unique
    /// The first matching row in file order wins.
    case first
}
