import SpecKit

/// Chooses the mutants of a run from a plan's sites: only the listed ids, then a seeded sample, then one shard.
/// Deterministic: the same sites, seed and shard give the same mutants on every machine.
public enum MutantSelection {
    /// The selected sites, in plan order.
    public static func select(_ sites: [MutationSite], only: Set<String>?, sample: Int?, seed: UInt64,
                              shard: Shard?) -> [MutationSite] {
        var chosen = sites.sorted(by: MutationReport.order)
        if let only { chosen = chosen.filter { only.contains($0.id) } }
        if let sample, sample < chosen.count {
            var generator = SplitMix64(seed: seed)
            var indices = Array(chosen.indices)
            for i in stride(from: indices.count - 1, to: 0, by: -1) {
                indices.swapAt(i, Int(generator.next() % UInt64(i + 1)))
            }
            chosen = indices.prefix(max(0, sample)).sorted().map { chosen[$0] }
        }
        if let shard {
            chosen = chosen.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
        }
        return chosen
    }
}
