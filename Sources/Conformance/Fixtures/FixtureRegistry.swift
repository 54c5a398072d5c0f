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
    /// Each fixture's vocabulary as text, for `lockspec lint --fixtures`: every event input, observation, product value
    /// and table input with the values it takes (`names` for a choice among names, `value` for a value written as
    /// itself, or a text expression), and what a spec must give; `only` limits it to those fixtures.
    public func describeVocabularies(only names: Set<String>? = nil) -> String {
        fixtureNames.filter { names?.contains($0) ?? true }.compactMap { name -> String? in
            guard let v = vocabulary(of: name) else { return nil }
            var text = "fixture \(name)\n"
            let instances = v.instanceSwitch.map { "two instances, \($0.initial) first: \($0.event) chooses the one a kill and a relaunch act on" }
            let device = [v.supportsRelaunch ? "kills and relaunches the app" : nil, instances, v.setsClock ? "sets the device clock back and forward" : nil].compactMap { $0 }
            if !device.isEmpty { text += "  device: \(device.joined(separator: "; "))\n" }
            text += "  events (every input required unless marked optional):\n" + v.events.keys.sorted().map { e in
                let optional = v.optionalInputs[e] ?? []
                let only = v.onlyWhileKilled.contains(e) ? "only to a killed app" : v.scenarioOnlyEvents[e]
                let bounds = (v.inputBounds[e] ?? []).map { b in
                    "      \(b.input) by \(b.by): " + b.ranges.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.lowerBound)..\($0.value.upperBound)" }
                        .joined(separator: ", ") + " (\(b.reason))\n"
                }
                return "    \(e)\(only.map { " (scenarios only: \($0))" } ?? "")\n" + v.events[e, default: [:]].sorted { $0.key < $1.key }.map {
                    "      \($0.key)\(optional.contains($0.key) ? " (optional)" : ""): \(Self.describe($0.value))\n"
                }.joined() + bounds.joined()
            }.joined()
            text += "  observations:\n" + v.observations.sorted { $0.key < $1.key }.map {
                let shipped = v.shippedValues[$0.key].map { " (the \($0.parameter) the core ships with: expected only as the product's \($0.parameter); changed in \($0.changedIn))" }
                let unreadable = v.unreadableAfter[$0.key].map { " (read from the store file: not a variable of a machine that declares \($0.sorted().joined(separator: ", ")))" }
                return "    \($0.key): \(Self.describe($0.value))\(v.tableOutputs.contains($0.key) ? " (\(Self.outputOf($0.key, v)))" : "")\(shipped ?? "")\(unreadable ?? "")\n"
            }.joined()
            text += "  effects:\n" + v.effects.sorted().map { "    \(v.effectSignatures[$0]?.written($0, full: true) ?? $0)\n" }.joined()
            text += "  product (set in specs/<spec>.product.yaml; unset means the core's own default unless required):\n"
                + v.product.sorted { $0.key < $1.key }.map { name, domain in
                    let remarks = [v.productChoices[name].map { "runs only " + $0.values.map(\.description).joined(separator: " or ") + ": \($0.reason)" },
                                   v.productNeeds[name]?.description, v.productNotes[name]].compactMap { $0 }
                    return "    \(name): \(Self.describe(v.productLiterals[name].map(FixtureType.literal) ?? .domain(domain)))"
                        + (remarks.isEmpty ? "" : " (" + remarks.joined(separator: "; ") + ")") + "\n"
                }.joined()
            return text + Self.describeTables("decision functions (table:; every input required)", v.decisions, v.valueNeeds)
                + Self.describeTables("matrix functions (table:; every axis required)", v.matrices, v.valueNeeds)
        }.joined(separator: "\n")
    }

    /// How the listing marks a table's output: which tables set it, when they say (`a table's output only: gates.order`).
    private static func outputOf(_ name: String, _ v: FixtureVocabulary) -> String {
        let tables = v.outputsOfTables.filter { $0.value.contains(name) }.keys.sorted()
        return "a table's output only" + (tables.isEmpty ? "" : ": " + tables.joined(separator: ", "))
    }

    /// `  title:` then each function a spec's `table:` can name, with each input (or axis) and its type, sorted, then
    /// the input values it runs only under some product values; nothing when there are none.
    private static func describeTables(_ title: String, _ tables: [String: [String: FixtureType]], _ needs: [String: [ValueNeed]]) -> String {
        guard !tables.isEmpty else { return "" }
        return "  \(title):\n" + tables.keys.sorted().map { table in
            "    \(table)\n" + tables[table, default: [:]].sorted { $0.key < $1.key }.map { "      \($0.key): \(describe($0.value))\n" }.joined()
                + (needs[table] ?? []).map { need in
                    "      (\(need.input): \(need.value) only while \(need.product) is not "
                        + need.excluded.map { "\($0)" }.joined(separator: " or ") + ": \(need.reason))\n"
                }.joined()
        }.joined()
    }

    /// A type with what it is: `names [done, skip]` for a choice among names, `value …` for a value written as itself
    /// (a number, a duration, a boolean, a version, a date, a text), and a text expression as it is.
    static func describe(_ type: FixtureType) -> String {
        switch type {
        case .domain(.enumeration): "names \(type)"
        case .domain, .literal: "value \(type)"
        case .textExpression: "\(type)"
        }
    }
}
