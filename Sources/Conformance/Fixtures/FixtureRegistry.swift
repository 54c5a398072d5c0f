import SpecKit

/// Every fixture, by name: the catalog the compiler checks spec names against, and the factory the runner uses.
public struct FixtureRegistry: FixtureCatalog {
    /// The fixtures of this build.
    public static let standard = FixtureRegistry()

    /// Creates the registry.
    public init() {}

    /// The vocabulary of a fixture, or nil.
    public func vocabulary(of fixture: String) -> FixtureVocabulary? { nil }

    /// Every fixture's name, sorted.
    public var fixtureNames: [String] { [] }
}

extension FixtureRegistry {
    /// Each fixture's vocabulary as text, for `lockspec lint --fixtures`.
    public func describeVocabularies() -> String {
        fixtureNames.compactMap { name -> String? in
            guard let v = vocabulary(of: name) else { return nil }
            var text = "fixture \(name)\n"
            text += "  events:\n" + v.events.keys.sorted().map { e in
                let inputs = v.events[e]!.sorted()
                return "    \(e)" + (inputs.isEmpty ? "" : "(\(inputs.joined(separator: ", ")))") + "\n"
            }.joined()
            text += "  observations: \(v.observations.sorted().joined(separator: ", "))\n"
            text += "  effects: \(v.effects.sorted().joined(separator: ", "))\n"
            text += "  product: \(v.product.sorted().joined(separator: ", "))\n"
            if !v.decisions.isEmpty { text += "  decision tables: \(v.decisions.keys.sorted().joined(separator: ", "))\n" }
            if !v.matrices.isEmpty { text += "  matrices: \(v.matrices.keys.sorted().joined(separator: ", "))\n" }
            return text
        }.joined(separator: "\n")
    }
}
