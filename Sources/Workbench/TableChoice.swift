import SpecKit

/// A fixture function a new spec can drive, as the page offers it: its kind, its inputs (a matrix's axes) and the
/// observations a row of it can expect, each with the values a starter declares for it.
public struct TableChoice: Encodable, Hashable, Sendable {
    /// The fixture.
    public var fixture: String
    /// The function's name (`table:`).
    public var table: String
    /// A decision table or a matrix.
    public var kind: Spec.Kind
    /// Every input (axis) the function takes, sorted by name.
    public var inputs: [Column]
    /// What a row can expect after it, sorted by name: the function's own outputs first (`own`), then what the fixture
    /// observes after any table's row. An output only other functions set is not offered (lint refuses it).
    public var observations: [Column]

    /// One input or observation.
    public struct Column: Encodable, Hashable, Sendable {
        /// Its name.
        public var name: String
        /// The values a starter declares: the fixture's domain, a value type's example literals, or a text
        /// expression's operands.
        public var domain: Domain
        /// Whether the function itself sets it (one of its outputs): the page offers these ticked.
        public var own: Bool

        /// Encodes the domain as a spec writes it (`bool`, `[a, b]`, `int 0..9`).
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(name, forKey: .name)
            try c.encode(domain.description, forKey: .domain)
            try c.encode(own, forKey: .own)
        }

        enum CodingKeys: String, CodingKey { case name, domain, own }
    }

    /// Every decision and matrix function of a fixture, sorted by name.
    public static func all(fixture: String, vocabulary v: FixtureVocabulary) -> [TableChoice] {
        let decisions = v.decisions.map { ($0.key, Spec.Kind.decision, $0.value) }
        let matrices = v.matrices.map { ($0.key, Spec.Kind.matrix, $0.value) }
        return (decisions + matrices).sorted { $0.0 < $1.0 }.map { table, kind, inputs in
            let own = v.outputsOfTables[table] ?? []
            let observable = v.observations.filter { own.contains($0.key) || !v.tableOutputs.contains($0.key) }
            let observations = observable.map { Column(name: $0.key, domain: Self.domain(of: $0.value), own: own.contains($0.key)) }
            return TableChoice(fixture: fixture, table: table, kind: kind,
                               inputs: inputs.map { Column(name: $0.key, domain: Self.domain(of: $0.value), own: false) }.sorted { $0.name < $1.name },
                               observations: observations.sorted { ($0.own ? 0 : 1, $0.name) < ($1.own ? 0 : 1, $1.name) })
        }
    }

    /// The domain a starter declares for a value the fixture translates: its own domain; for a value type, a list of
    /// example literals; for a text expression, its operands (or a literal when it takes none).
    static func domain(of type: FixtureType) -> Domain {
        switch type {
        case .domain(let d): d
        case .literal(.date): .enumeration(["2026-05-01"])
        case .literal: .enumeration(["1.0", "1.10"])
        case .textExpression(let operands): .enumeration(operands.isEmpty ? ["1.2"] : operands)
        }
    }
}
