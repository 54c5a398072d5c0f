import Foundation

/// The run engine: plans, builds the schematized copy once (recovering from compile errors at mutation sites), checks
/// the unmutated gate, runs every selected mutant's gate in parallel with a timeout, builds the mutants that could not
/// be schematized one by one, and returns the report. Prints nothing; every failure to run is a `MutationRunError`.
public struct MutationEngine: Sendable {
    /// Plans the mutants, leaving the given ids out of the schemata.
    public var planner: @Sendable (_ leaving: Set<String>) throws -> RunPlan
    /// Builds the gate from the copy.
    public var builder: any MutantBuilder
    /// How many times a build may fail at mutation sites before the analysis gives up.
    public var maxBuildRounds = 4
    /// Builds the mutants that cannot be schematized, in a copy of their own holding the unschematized sources
    /// (`copy-fallback`), after an unmutated build whose gate time sets their timeouts; nil: they are built in the
    /// schematized copy with `builder`.
    public var fallbackBuilder: (any MutantBuilder)?

    /// Makes an engine.
    public init(planner: @escaping @Sendable (Set<String>) throws -> RunPlan, builder: any MutantBuilder) {
        self.planner = planner
        self.builder = builder
    }

    /// Runs the analysis `request` describes. `progress` receives (mutants done, mutants selected).
    public func run(_ request: MutationRequest, progress: (@Sendable (Int, Int) -> Void)? = nil) throws -> MutationReport {
        let started = Date()
        var timing = MutationTiming()
        let workspace = Workspace(packageRoot: request.packageRoot, root: "\(request.workFolder)/copy")
        let scratch = "\(request.workFolder)/runs"
        try? FileManager.default.removeItem(atPath: scratch)
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let (plan, gate, leaving) = try buildSchemata(workspace, timing: &timing)
        let baseline = try runBaseline(gate, request: request, scratch: scratch, timing: &timing)
        let chosen = MutantSelection.select(plan.sites, only: request.only, sample: request.sample, seed: request.seed,
                                            shard: request.shard)
        let fallbackIDs = Set(plan.fallback).union(leaving)
        let unrun = chosen.filter { request.listed.contains($0.id) }.map {
            MutantResult(site: $0, status: .ignored, reason: Self.listedReason)
        }
        let selected = chosen.filter { !request.listed.contains($0.id) }
        var context = MutantRunContext(gate: gate, policy: request.policy, scratch: scratch, timeouts: baseline.timeouts)
        context.baseline = (baseline.rowsSeconds, baseline.wholeSeconds)
        context.timeoutFactor = request.timeoutFactor
        context.minimumTimeout = request.minimumTimeout
        context.failFast = !request.matrix
        context.retryTimeouts = request.retryTimeouts
        let schematized = selected.filter { !fallbackIDs.contains($0.id) }
        if request.coverage, !schematized.isEmpty {
            context.coverage = try measureCoverage(gate, baseline: baseline, request: request, scratch: scratch, timing: &timing)
            context.caseSpecs = baseline.rows.firstByKey { ($0.id, $0.spec) }
        }
        let mutantsStarted = Date()
        let runContext = context
        var results = Parallel.map(schematized, jobs: request.jobs, progress: progress) { runContext.run($0) }
        results += try runFallbacks(selected.filter { fallbackIDs.contains($0.id) }, plan: plan, workspace: workspace,
                                    context: context, request: request, timing: &timing)
        results += unrun
        if let broken = results.first(where: { $0.reason?.hasPrefix(MutantRunContext.notStarted) == true }) {
            throw MutationRunError("the gate could not be started: \(broken.reason ?? "")")
        }
        timing.mutants = Date().timeIntervalSince(mutantsStarted)
        timing.wall = Date().timeIntervalSince(started)
        let settings = MutationSettings(seed: request.seed, sample: request.sample, shard: request.shard?.description,
                                        planSites: plan.sites.count, policy: request.policy.rawValue, jobs: request.jobs,
                                        timeout: baseline.timeouts.full, coverage: request.coverage ? "per-case" : "off",
                                        matrix: request.matrix, listedRun: request.listed.isEmpty)
        return MutationReport(mutants: results, rows: baseline.rows, sources: sources(of: plan.sites, in: request.packageRoot),
                              excluded: plan.excluded, settings: settings, timing: timing)
    }

    /// Why a listed mutant has no run: the reason every report shows beside its entry's own.
    public static let listedReason = "listed in the accepted-survivors file, so not run (--recheck-accepted runs it)"

    /// The original text of every file that has a site.
    func sources(of sites: [MutationSite], in root: String) -> [String: String] {
        var texts: [String: String] = [:]
        for file in Set(sites.map(\.file)) {
            texts[file] = (try? String(contentsOfFile: "\(root)/\(file)", encoding: .utf8)) ?? ""
        }
        return texts
    }

    /// Prepares the copy and builds it; compile errors at mutation sites take those sites out of the schemata and
    /// the build runs again. Returns the final plan, the gate and the ids left out.
    func buildSchemata(_ workspace: Workspace, timing: inout MutationTiming) throws -> (RunPlan, Gate, Set<String>) {
        var leaving: Set<String> = []
        for _ in 0..<maxBuildRounds {
            let plan = try planner(leaving)
            try workspace.prepare(overrides: plan.schematizedFiles)
            switch timedBuild(workspace.root, with: builder, timing: &timing) {
            case .built(let gate): return (plan, gate, leaving)
            case .failed(let errors, let log):
                let ids = Set(errors.flatMap { plan.siteIDsAt($0.file, $0.line) })
                guard !ids.isEmpty, !ids.isSubset(of: leaving) else {
                    throw MutationRunError("the schematized copy does not build, and its errors are not at mutation sites:\n\(log)")
                }
                leaving.formUnion(ids)
            }
        }
        throw MutationRunError("the schematized copy still does not build after \(maxBuildRounds) attempts")
    }

    /// The coverage phase: every case of the baseline alone, and every explored spec with its exploration (unless the
    /// policy never explores), unmutated, recording the mutants each reaches.
    func measureCoverage(_ gate: Gate, baseline: Baseline, request: MutationRequest, scratch: String,
                         timing: inout MutationTiming) throws -> MutantCoverage {
        let started = Date()
        let specs = request.policy == .never ? [] : baseline.exploredSpecs
        let coverage = try MutantCoverage.measure(gate: gate, cases: baseline.rows, exploredSpecs: specs,
                                                  jobs: request.jobs, scratch: scratch, timeout: baseline.timeouts.full)
        timing.coverage = Date().timeIntervalSince(started)
        timing.coverageRuns = Set(baseline.rows.map(MutantCoverage.selector)).count + specs.count
        return coverage
    }

    /// Builds the copy at `root`, adding the build's wall time and count to `timing`.
    func timedBuild(_ root: String, with builder: any MutantBuilder, timing: inout MutationTiming) -> BuildOutcome {
        let started = Date()
        let outcome = builder.build(root: root)
        timing.build += Date().timeIntervalSince(started)
        timing.builds += 1
        return outcome
    }

    /// Runs the unmutated gate (rows only, then whole unless the policy never explores); both must pass. Their times
    /// set the timeouts; the whole run's cases are the kill matrix's rows.
    func runBaseline(_ gate: Gate, request: MutationRequest, scratch: String, label: String = "baseline",
                     timing: inout MutationTiming) throws -> Baseline {
        let started = Date()
        let rows = gate.run(mutant: nil, rowsOnly: true, scratch: scratch, label: label + "-rows", timeout: 900)
        try check(rows, what: "rows, scenarios and matrices")
        var whole = rows
        if request.policy != .never {
            whole = gate.run(mutant: nil, rowsOnly: false, scratch: scratch, label: label, timeout: 900)
            try check(whole, what: "whole gate")
        }
        timing.baseline = Date().timeIntervalSince(started)
        timing.baselineRows = rows.seconds
        timing.baselineWhole = request.policy == .never ? 0 : whole.seconds
        func limit(_ seconds: Double) -> Double { max(request.minimumTimeout, (seconds * request.timeoutFactor).rounded(.up)) }
        return Baseline(rows: whole.result?.cases ?? [], exploredSpecs: whole.result?.exploredSpecs ?? [],
                        rowsSeconds: rows.seconds, wholeSeconds: request.policy == .never ? rows.seconds : whole.seconds,
                        timeouts: Timeouts(rows: limit(rows.seconds), full: limit(whole.seconds)))
    }

    private func check(_ run: GateRun, what: String) throws {
        guard run.ending == .exited(0), run.result != nil else {
            let tail = ((try? String(contentsOfFile: run.log, encoding: .utf8)) ?? "").split(separator: "\n").suffix(15)
            throw MutationRunError("the unmutated gate (\(what)) does not pass (\(run.ending)); fix that first "
                + "('lockspec run specs'). Its output ends:\n\(tail.joined(separator: "\n"))")
        }
    }
}

/// What the unmutated gate gave: its cases, the specs it explored, its times and the timeouts they set.
struct Baseline: Sendable {
    var rows: [GateCase]
    var exploredSpecs: [String]
    var rowsSeconds: Double
    var wholeSeconds: Double
    var timeouts: Timeouts
}

/// Each mutant's timeout, in seconds: for a rows-only gate and for the whole gate.
struct Timeouts: Sendable {
    var rows: Double
    var full: Double
}
