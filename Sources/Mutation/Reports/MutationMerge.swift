/// Merges the reports of `--shard I/N` runs into the report one run over every selected mutant would give. Refuses
/// a set of shards with one missing or twice, shards of different splits (N, seed, sample, policy, plan), shards of
/// different gates (rows), and a mutant in two shards.
public enum MutationMerge {
    /// The merged report.
    public static func merge(_ parts: [MutationReport]) throws -> MutationReport {
        guard let first = parts.first else { throw MutationRunError("give the shards' JSON reports to merge") }
        var shards: [Shard] = []
        for part in parts {
            guard let text = part.settings.shard, let shard = Shard(text) else {
                throw MutationRunError("a report to merge is not a shard (it was not written with --shard I/N)")
            }
            shards.append(shard)
        }
        let count = shards[0].count
        guard shards.allSatisfy({ $0.count == count }) else { throw MutationRunError("the shards split the mutants differently (N differs)") }
        let indices = shards.map(\.index)
        if let twice = Set(indices).first(where: { i in indices.filter { $0 == i }.count > 1 }) {
            throw MutationRunError("shard \(twice)/\(count) is given twice")
        }
        let missing = (1...count).filter { !indices.contains($0) }
        guard missing.isEmpty else { throw MutationRunError("missing shard(s) \(missing.map { "\($0)/\(count)" }.joined(separator: ", "))") }
        try checkSameRun(parts)
        var seen: Set<String> = []
        for m in parts.flatMap(\.mutants) where !seen.insert(m.site.id).inserted {
            throw MutationRunError("mutant \(m.site.id) is in two shards")
        }
        var settings = first.settings
        settings.shard = nil
        settings.mergedShards = shards.sorted { $0.index < $1.index }.map(\.description)
        return MutationReport(mutants: parts.flatMap(\.mutants), rows: first.rows,
                              sources: parts.reduce(into: [:]) { $0.merge($1.sources) { a, _ in a } },
                              excluded: first.excluded, settings: settings, timing: timing(parts.map(\.timing)))
    }

    private static func checkSameRun(_ parts: [MutationReport]) throws {
        let s = parts[0].settings
        for part in parts.dropFirst() {
            let t = part.settings
            guard t.seed == s.seed, t.sample == s.sample, t.policy == s.policy, t.planSites == s.planSites, t.coverage == s.coverage,
                  t.exactMatrix == s.exactMatrix, t.listedChecked == s.listedChecked else {
                throw MutationRunError("the shards come from different runs (seed, sample, policy, coverage, matrix, "
                    + "--recheck-accepted or plan differ)")
            }
            guard part.rows.map(\.id) == parts[0].rows.map(\.id) else {
                throw MutationRunError("the shards ran different gates (their rows differ)")
            }
            guard part.excluded == parts[0].excluded else { throw MutationRunError("the shards' plans excluded different declarations") }
        }
    }

    /// Shards run side by side: the longest build, baseline, coverage and wall time; the mutant time and build counts
    /// add up.
    private static func timing(_ all: [MutationTiming]) -> MutationTiming {
        var timing = MutationTiming(build: all.map(\.build).max() ?? 0, builds: all.map(\.builds).reduce(0, +),
                       baseline: all.map(\.baseline).max() ?? 0, mutants: all.map(\.mutants).reduce(0, +),
                       fallbackBuilds: all.map(\.fallbackBuilds).reduce(0, +), fallbackSkipped: all.map(\.fallbackSkipped).reduce(0, +),
                       wall: all.map(\.wall).max() ?? 0)
        timing.baselineRows = all.map(\.baselineRows).max() ?? 0
        timing.baselineWhole = all.map(\.baselineWhole).max() ?? 0
        timing.coverage = all.map(\.coverage).max() ?? 0
        timing.coverageRuns = all.map(\.coverageRuns).reduce(0, +)
        timing.fallback = all.map(\.fallback).reduce(0, +)
        return timing
    }
}
