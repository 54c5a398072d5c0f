import Foundation

extension MutationEngine {
    /// Builds and runs, one by one, the mutants that could not be schematized: the copy gets the site's one-mutant
    /// file in place of its schematized one, is rebuilt (incrementally) and the gate runs with no switch set. A mutant
    /// that does not compile is a `CompileError`; past `maxFallbackBuilds` the rest are reported as not built
    /// (`Ignored`, with that reason). The copy's schematized files are restored afterwards.
    func runFallbacks(_ sites: [MutationSite], plan: RunPlan, workspace: Workspace, context: MutantRunContext,
                      request: MutationRequest, timing: inout MutationTiming) throws -> [MutantResult] {
        var results: [MutantResult] = []
        for site in sites {
            guard timing.fallbackBuilds < request.maxFallbackBuilds else {
                timing.fallbackSkipped += 1
                results.append(MutantResult(site: site, status: .ignored, fallback: true,
                                            reason: "not built: the bound of \(request.maxFallbackBuilds) fallback builds was reached"))
                continue
            }
            guard let source = plan.mutatedSource(site.id) else {
                results.append(MutantResult(site: site, status: .compileError, fallback: true,
                                            reason: "the site finder gave no one-mutant source"))
                continue
            }
            timing.fallbackBuilds += 1
            try workspace.write(Data(source.text.utf8), to: source.path)
            defer { try? restore(source.path, plan: plan, workspace: workspace) }
            switch builder.build(root: workspace.root) {
            case .built(let gate):
                var own = context
                own.gate = gate
                results.append(own.run(site, mutant: nil, fallback: true))
            case .failed(_, let log):
                let first = log.split(separator: "\n").first { $0.contains(": error:") }.map(String.init)
                results.append(MutantResult(site: site, status: .compileError, fallback: true,
                                            reason: first ?? "the mutant does not compile"))
            }
        }
        return results
    }

    private func restore(_ path: String, plan: RunPlan, workspace: Workspace) throws {
        if let text = plan.schematizedFiles[path] {
            try workspace.write(Data(text.utf8), to: path)
        } else if let data = FileManager.default.contents(atPath: "\(workspace.packageRoot)/\(path)") {
            try workspace.write(data, to: path)
        }
    }
}
