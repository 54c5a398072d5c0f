import SpecKit

/// GitHub Actions annotations for a run's exploration: one `::error` per finding that fails the run, at the row (or
/// the spec, for an ignored event) whose prediction the core did not follow, titled with the `EX-` id, with the rerun
/// command; nothing when the run did not explore or every transition held.
public func renderExplorationAnnotations(_ result: RunResult) -> String {
    let v = VisibleText.escape
    var out = ""
    for f in result.exploration?.findings ?? [] where f.failsRun {
        let place = f.divergence.map { "file=\(v($0.file)),line=\($0.line),col=\($0.column)," } ?? ""
        out += "::error \(place)title=\(v(f.id))::\(v(ExplorationText.message(f))); rerun with: \(v(f.rerunCommand))\n"
    }
    // A tour that stopped at the transition limit covered less than the machine can do: a warning at its spec.
    for m in result.exploration?.result.machines ?? [] {
        guard let stopped = m.stoppedEarly else { continue }
        let place = result.specs.first { $0.id == m.spec }.map { "file=\(v($0.file))," } ?? ""
        out += "::warning \(place)title=explore.limit::\(v(m.spec)): \(v(stopped))\n"
    }
    return out
}
