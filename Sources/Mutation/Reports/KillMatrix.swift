/// The row × mutant kill matrix of a report: which cases kill which mutants, the rows that kill nothing, the mutants
/// only one row kills, and for each survivor its nearest rows.
///
/// "Nearest" is measured, not guessed: when the coverage was measured, the cases that reach the survivor's code (those
/// that kill other mutants of its declaration first); otherwise, or when no case reaches it, the rows that kill other
/// mutants of the survivor's declaration, most kills first, and when no row kills anything in that declaration, those
/// that kill mutants of the same file. They already drive that code, so a new row is best written beside them.
public struct KillMatrix: Sendable, Hashable {
    /// Case id → the ids of the mutants it kills, sorted.
    public var kills: [String: [String]]
    /// The cases of the gate that kill no mutant, in the gate's order.
    public var idleRows: [String]
    /// Mutant id → the one case that kills it, for mutants killed by exactly one case.
    public var singleKills: [String: String]
    /// Survivor id → its nearest rows (at most five).
    public var nearest: [String: [String]]

    /// Computes the matrix of a report.
    public init(_ report: MutationReport) {
        var kills: [String: [String]] = [:]
        for m in report.mutants { for row in m.killedBy { kills[row, default: []].append(m.site.id) } }
        self.kills = kills.mapValues { $0.sorted() }
        idleRows = report.rows.map(\.id).filter { kills[$0] == nil }
        var single: [String: String] = [:]
        for m in report.mutants where m.killedBy.count == 1 && m.status == .killed { single[m.site.id] = m.killedBy[0] }
        singleKills = single
        var nearest: [String: [String]] = [:]
        for m in report.mutants where m.reportedStatus == .survived || m.reportedStatus == .noCoverage {
            let reaching = (m.coveredBy ?? []).filter { !$0.hasPrefix(MutantResult.explorationPrefix) }
            nearest[m.site.id] = reaching.isEmpty ? Self.nearest(to: m.site, in: report.mutants)
                : Self.rank(reaching, by: Self.nearest(to: m.site, in: report.mutants))
        }
        self.nearest = nearest
    }

    /// The cases that reach a survivor, those among `preferred` first (in its order), then the rest in their order;
    /// at most five.
    static func rank(_ reaching: [String], by preferred: [String]) -> [String] {
        let first = preferred.filter(reaching.contains)
        return Array((first + reaching.filter { !first.contains($0) }).prefix(5))
    }

    static func nearest(to site: MutationSite, in mutants: [MutantResult]) -> [String] {
        for sameScope in [{ (s: MutationSite) in s.file == site.file && s.declaration == site.declaration },
                          { (s: MutationSite) in s.file == site.file }] {
            var counts: [String: Int] = [:]
            for m in mutants where sameScope(m.site) && m.site.id != site.id { for row in m.killedBy { counts[row, default: 0] += 1 } }
            if !counts.isEmpty {
                return counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(5).map(\.key)
            }
        }
        return []
    }
}
