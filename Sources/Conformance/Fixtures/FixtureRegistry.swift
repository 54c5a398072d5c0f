import SpecKit

/// Every fixture, by name: the catalog the compiler checks spec names against, and the factory the runner uses.
///
/// The engine knows no fixture: a module that binds a core (AppLockFixtures for AppLockCore) builds a registry over
/// its own fixture types, and tests build one over their stand-ins.
public struct FixtureRegistry: FixtureCatalog {
    /// The fixture types, by the name specs use in `fixture:`. A function rather than a stored dictionary: metatypes
    /// of a protocol are not `Sendable`.
    private let types: @Sendable () -> [String: any Fixture.Type]
    /// Each fixture's vocabulary, by name.
    private let vocabularies: [String: FixtureVocabulary]

    /// Creates a registry over the fixture types `types` returns.
    public init(_ types: @escaping @Sendable () -> [String: any Fixture.Type]) {
        self.types = types
        vocabularies = types().mapValues { $0.vocabulary }
    }

    /// The vocabulary of a fixture, or nil.
    public func vocabulary(of fixture: String) -> FixtureVocabulary? { vocabularies[fixture] }

    /// Every fixture's name, sorted.
    public var fixtureNames: [String] { vocabularies.keys.sorted() }

    /// A runner over these fixtures.
    public var runner: Runner { Runner(fixtures: types()) }

    /// The fixture types, by name (for benchmarks that drive them without the runner).
    public var fixtureTypes: [String: any Fixture.Type] { types() }
}

extension FixtureRegistry {
    /// Each fixture's vocabulary as text, for `lockspec lint --fixtures`.
    public func describeVocabularies() -> String {
        fixtureNames.compactMap { name -> String? in
            guard let v = vocabulary(of: name) else { return nil }
            var text = "fixture \(name)\n"
            text += "  events:\n" + v.events.keys.sorted().map { e in
                "    \(e)\n" + v.events[e, default: [:]].sorted { $0.key < $1.key }.map { "      \($0.key): \($0.value)\n" }.joined()
            }.joined()
            text += "  observations:\n" + v.observations.sorted { $0.key < $1.key }.map { "    \($0.key): \($0.value)\n" }.joined()
            text += "  effects: \(v.effects.sorted().joined(separator: ", "))\n"
            text += "  product:\n" + v.product.sorted { $0.key < $1.key }.map { "    \($0.key): \($0.value)\n" }.joined()
            text += Self.describeTables("decision functions (table:)", v.decisions)
                + Self.describeTables("matrix functions (table:)", v.matrices)
            return text
        }.joined(separator: "\n")
    }

    /// `  title:` then each function a spec's `table:` can name, with its input (or axis) names, sorted; nothing when
    /// there are none.
    private static func describeTables(_ title: String, _ tables: [String: Set<String>]) -> String {
        guard !tables.isEmpty else { return "" }
        return "  \(title):\n" + tables.keys.sorted().map { "    \($0)(\(tables[$0, default: []].sorted().joined(separator: ", ")))\n" }.joined()
    }
}
