import Foundation
import Mutation

/// Built once against rebuilt per mutant, on the same seeded sample of AppLockCore's mutants, one gate at a time
/// (`--jobs 1` both ways, so the figure is the cost of one mutant): the schematized copy's build and the coverage phase
/// are counted once, spread over the mutants a default run runs; each rebuilt mutant pays its own incremental release
/// build and runs the gate rows first (a mutant built on its own has no switch to record its coverage). The sample is
/// drawn from the mutants a default `lockspec mutate` runs: those mutation-accepted.yaml lists are not run there, so
/// they are left out here too. Prints mutants per minute each way over the sample (built once) and its first REBUILT
/// (rebuilt), then the ratio on the same REBUILT mutants both ways (goal ≥ 20x): a slow mutant (a timeout, one only
/// the exploration kills) in the sample but not among the rebuilt would otherwise weigh on one side only.
///
/// Arguments: `[SAMPLE] [REBUILT] [SEED]` (default 24 mutants built once, the first 8 of them rebuilt, seed 1: with 3
/// rebuilt, one mutant only the exploration kills, about 1 % of them, decided a sample's ratio alone).
func runMutateBench(_ arguments: [String]) {
    let numbers = arguments.compactMap { Int($0) }
    let sample = numbers.first ?? 24, rebuilt = numbers.dropFirst().first ?? 8, seed = UInt64(numbers.dropFirst(2).first ?? 1)
    let root = FileManager.default.currentDirectoryPath, work = "\(root)/.build/mutation"
    var request = MutationRequest(packageRoot: root, workFolder: work, jobs: 1)
    let runs: Set<String>
    do { runs = try mutantsOfADefaultRun(root) } catch {
        print("mutate: the plan or the accepted list could not be read: \(error)")
        return
    }
    request.only = runs
    request.sample = sample
    request.seed = seed
    let once: MutationReport
    do { once = try MutationEngine.standard(packageRoot: root, workFolder: work).run(request) } catch {
        print("mutate: the built-once run did not run: \(error)")
        return
    }
    let perBuild = (once.timing.build + once.timing.coverage) / Double(max(1, runs.count))
    let onceMinutes = (once.timing.mutants + perBuild * Double(once.mutants.count)) / 60
    print("mutate: built once: \(once.mutants.count) mutants (seed \(seed), drawn from the \(runs.count) of \(once.settings.planSites) "
        + "sites a default run runs) in \(fmt(once.timing.mutants)) s of gates + the schematized build \(fmt(once.timing.build)) s "
        + "and the coverage phase \(fmt(once.timing.coverage)) s spread over those \(runs.count) (\(fmt(perBuild)) s each)")
    request.sample = nil
    request.only = Set(once.mutants.prefix(rebuilt).map(\.site.id))
    request.maxFallbackBuilds = rebuilt
    let each: MutationReport
    do { each = try rebuildingEngine(root: root, work: work).run(request) } catch {
        print("mutate: the rebuilt-per-mutant run did not run: \(error)")
        return
    }
    let eachMinutes = each.timing.mutants / 60
    let onceRate = Double(once.mutants.count) / onceMinutes, eachRate = Double(each.mutants.count) / eachMinutes
    print("mutate: rebuilt per mutant: \(each.mutants.count) of them in \(fmt(each.timing.mutants)) s "
        + "(\(each.timing.fallbackBuilds) incremental release builds + their gates)")
    print("mutate: rates over the whole sample built once and its first \(each.mutants.count) rebuilt (different mutants, so a slow "
        + "one changes one side only): built once \(fmt(onceRate)) mutants/min; rebuilt \(fmt(eachRate)) mutants/min; "
        + "\(fmt(onceRate / eachRate))x")
    // The same mutants both ways: their gates built once (each mutant's own time, at one job) and their share of the
    // schematized build and the coverage phase, against their rebuilds and gates.
    let rebuiltIDs = Set(each.mutants.map(\.site.id))
    let same = once.mutants.filter { rebuiltIDs.contains($0.site.id) }
    let sameSeconds = Double(same.map(\.milliseconds).reduce(0, +)) / 1000 + perBuild * Double(same.count)
    print("mutate: the same \(same.count) mutants both ways: built once \(fmt(sameSeconds)) s, rebuilt \(fmt(each.timing.mutants)) s; "
        + "ratio \(fmt(each.timing.mutants / max(sameSeconds, 0.001)))x (goal ≥ 20x)")
    for m in each.mutants {
        var built = "not run"
        if let b = once.mutants.first(where: { $0.site.id == m.site.id }) {
            built = "\(b.status.rawValue) in \(b.milliseconds) ms of gate" + (b.explored ? " (rows, then the exploration)" : "")
        }
        print("mutate:   \(m.site.id): built once \(built); rebuilt \(m.status.rawValue) in \(m.milliseconds) ms of gate")
    }
    let agree = each.mutants.allSatisfy { m in once.mutants.first { $0.site.id == m.site.id }?.status.isDetected == m.status.isDetected }
    print("mutate: the two ways \(agree ? "agree" : "DISAGREE") on every rebuilt mutant's detection")
}

/// The ids of the plan's sites that a default run runs: every site but those the package's mutation-accepted.yaml
/// lists.
private func mutantsOfADefaultRun(_ root: String) throws -> Set<String> {
    let plan = try MutationPlanner.plan(packageRoot: URL(fileURLWithPath: root))
    let file = "\(root)/mutation-accepted.yaml"
    let listed = FileManager.default.fileExists(atPath: file) ? Set(try AcceptedSurvivors.load(path: file).entries.map(\.mutant)) : []
    return Set(plan.sites.map(\.id)).subtracting(listed)
}

/// The same plan with nothing schematized: every selected mutant takes the fallback path (its own build).
private func rebuildingEngine(root: String, work: String) -> MutationEngine {
    let standard = MutationEngine.standard(packageRoot: root, workFolder: work)
    return MutationEngine(planner: { leaving in
        var plan = try standard.planner(leaving)
        plan.schematizedFiles = [:]
        plan.fallback = plan.sites.map(\.id)
        return plan
    }, builder: standard.builder)
}

private func fmt(_ x: Double) -> String { String(format: "%.1f", x) }
