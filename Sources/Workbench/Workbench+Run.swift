import Foundation
import SpecKit
import Conformance
import LocalHTTP

extension Workbench {
    /// What `POST /api/run` takes: the page's unsaved texts, the files changed since the last run, and whether to run
    /// every spec instead.
    struct RunRequest: Decodable {
        var buffers: [String: String]
        var changed: [String]
        var all: Bool?
    }

    func runRoute(_ request: HTTPRequest) -> HTTPResponse {
        Self.answer { () throws(ResponseError) in
            let asked = try Self.body(request, as: RunRequest.self).get()
            return Self.json(try run(asked))
        }
    }

    /// Runs the specs the changed files affect, as `lockspec watch` chooses them (the specs of a changed file, every
    /// spec of a fixture whose product file changed, the scenario sets that use an affected machine), with the page's
    /// texts laid over the files; then explores each affected machine and decision table as `lockspec run` does.
    func run(_ asked: RunRequest) throws(ResponseError) -> RunView {
        let started = DispatchTime.now()
        let overlay = try compile(asked.buffers)
        let compilation = overlay.compilation
        for name in asked.changed { _ = try path(of: name) }
        let before = overlay.compilation.diagnostics.contains { $0.severity == .error } ? (try? compile([:]).compilation) : nil
        let affected = asked.all == true ? compilation.specs.map(\.id)
            : AffectedSpecs.ids(changed: Set(asked.changed.map { folder + "/" + $0 }), before: before, after: compilation)
        let (runnable, notRun) = AffectedSpecs.partition(affected, diagnostics: overlay.compilation.diagnostics, before: before, after: compilation)
        let today = String(ISO8601DateFormatter().string(from: Date()).prefix(10))
        let identity = RunIdentity(tool: BuildIdentity.toolVersion, build: .current, startedAt: "serve",
                                   specs: compilation.suite.specs.map { SpecFingerprint(id: $0.id, file: $0.file, sha256: $0.sha256) },
                                   shard: nil)
        let cases = runnable.isEmpty ? [] : registry.runner.run(compilation.suite, selection: Runner.Selection(specs: Set(runnable)),
                                                                identity: identity, today: today).cases
        // The machines and decision tables run are explored, as lockspec run explores them.
        let machines = Set(compilation.specs.filter { runnable.contains($0.id) && [.machine, .decision].contains($0.kind) }.map(\.id))
        var exploration: RunExploration?
        var diagrams: [String: String] = [:]
        if !machines.isEmpty {
            let found = ConformanceExploration.explore(compilation, specs: machines, maximumTransitions: MachineExplorer.defaultMaximumTransitions,
                                                       fixtures: registry.fixtureTypes)
            let explored = RunExploration(found, expectations: nil, today: today, transitions: [:])
            exploration = explored
            for spec in compilation.suite.specs where machines.contains(spec.id) {
                guard let graph = spec.graph else { continue }
                let mine = cases.filter { $0.spec == spec.id }
                let failing = Set(mine.compactMap { $0.failsRun ? ($0.divergence?.row ?? $0.row) : nil })
                    .union(explored.findings.filter { $0.spec == spec.id }.compactMap { $0.divergence?.row })
                let covered = Set(mine.filter { !$0.failsRun }.flatMap(\.exercised))
                diagrams[spec.id] = renderStateDiagram(graph, id: spec.id, covered: covered, failing: failing)
            }
        }
        let elapsed = Int((DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1_000_000)
        let caseViews = cases.map {
            CaseView(id: $0.id, row: $0.row, spec: $0.spec, status: $0.status.rawValue, fails: $0.failsRun,
                     divergence: $0.divergence.map(DivergenceView.init), rerun: RunResult.rerunCommand(for: $0, program: rerunProgram))
        }
        let tour = (exploration?.findings ?? []).compactMap { f -> TourFindingView? in
            guard let d = f.divergence else { return nil }
            return TourFindingView(id: f.id, spec: f.spec, row: d.row, situation: d.situation, event: d.event, divergence: DivergenceView(d.divergence))
        }
        let unreached = (exploration?.result.machines ?? []).reduce(0) { $0 + $1.unchecked.count }
        return RunView(ran: runnable, notRun: notRun, cases: caseViews, toured: exploration?.result.checked ?? 0, tour: tour,
                       unreached: unreached, diagrams: diagrams, milliseconds: elapsed)
    }
}
