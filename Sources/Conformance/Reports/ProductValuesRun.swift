import SpecKit

/// The product values the core ran with, as a report lists them: per fixture, the values every one of its specs ran
/// with (its product file's, unless a spec differs), then each spec that ran with others, with those. From the
/// compiled specs, so it is what configured the core, not what a file says.
struct ProductValuesRun {
    /// One line: a fixture, and `grace 60s, policy deviceOwnerAuthentication` or `launch-lock.grace: grace 30s`.
    struct Line: Hashable {
        var fixture: String
        var text: String
    }

    /// The lines, by fixture, then the shared values before each spec's own, sorted.
    let lines: [Line]

    init(_ specs: [CompiledSpec]) {
        var lines: [Line] = []
        for (fixture, group) in Dictionary(grouping: specs, by: \.fixture).sorted(by: { $0.key < $1.key }) {
            let sets = group.map { Set($0.product) }
            let shared = sets.dropFirst().reduce(sets.first ?? []) { $0.intersection($1) }
            lines.append(Line(fixture: fixture, text: shared.isEmpty ? "(none shared by every spec)" : Self.written(shared)))
            for spec in group.sorted(by: { $0.id < $1.id }) {
                let own = Set(spec.product).subtracting(shared)
                if !own.isEmpty { lines.append(Line(fixture: fixture, text: "\(spec.id): " + Self.written(own))) }
            }
        }
        self.lines = lines
    }

    /// `name value`, comma-separated, sorted by name then value.
    static func written(_ values: Set<NamedValue>) -> String {
        values.sorted { ($0.name, $0.value.description) < ($1.name, $1.value.description) }.map { "\($0.name) \($0.value)" }.joined(separator: ", ")
    }

    /// The console's lines, after the rows where failing cases diverged, naming the product values the specs with a
    /// failing case ran with, per fixture: a value changed in a product file moves what rows check without any row
    /// naming it (a running version the update sheet compares with), so a failure alone does not show it. Empty when
    /// no failing spec ran with product values.
    static func failing(_ result: RunResult) -> [String] {
        let specs = Set(result.cases.filter(\.failsRun).map(\.spec))
        let lines = ProductValuesRun(result.specs.filter { specs.contains($0.id) && !$0.product.isEmpty }).lines
        guard !lines.isEmpty else { return [] }
        return ["Product values the failing specs ran with (a row reads them unless it sets its own; `lockspec diff` names the ones changed):"]
            + lines.map { "  \(VisibleText.escape($0.fixture)): \(VisibleText.escape($0.text))" }
    }
}
