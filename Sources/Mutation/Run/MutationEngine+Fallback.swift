import Foundation

extension MutationEngine {
    /// Builds and runs, one by one, the mutants that could not be schematized: a copy gets the site's one-mutant file
    /// in place of its own, is rebuilt (incrementally) and the gate runs with no switch set. With a `fallbackBuilder`
    /// that copy is `copy-fallback`, holding the unschematized sources (built and checked unmutated first: its gate's
    /// time sets these mutants' timeouts); without one it is the schematized copy. A mutant that does not compile is a
    /// `CompileError`; past `maxFallbackBuilds` the rest are reported as not built (`Ignored`, with that reason). The
    /// copy's files are restored afterwards.
    func runFallbacks(_ sites: [MutationSite], plan: RunPlan, workspace: Workspace, context: MutantRunContext,
                      request: MutationRequest, timing: inout MutationTiming) throws -> [MutantResult] {
        guard !sites.isEmpty else { return [] }
        let started = Date()
        defer { timing.fallback = Date().timeIntervalSince(started) }
        var (space, builder, own) = (workspace, self.builder, context)
        own.coverage = nil
        if let fallbackBuilder {
            space = Workspace(packageRoot: workspace.packageRoot, root: workspace.root + "-fallback")
            own.timeouts = try prepareFallbackCopy(space, builder: fallbackBuilder, request: request, scratch: context.scratch,
                                                   timing: &timing)
            builder = fallbackBuilder
        }
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
            try space.write(Data(source.text.utf8), to: source.path)
            defer { try? restore(source.path, plan: space.root == workspace.root ? plan : nil, workspace: space) }
            switch builder.build(root: space.root) {
            case .built(let gate):
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

    /// Writes the unschematized copy, builds it and checks its unmutated gate; returns the timeouts its times set.
    private func prepareFallbackCopy(_ space: Workspace, builder: any MutantBuilder, request: MutationRequest, scratch: String,
                                     timing: inout MutationTiming) throws -> Timeouts {
        try space.prepare(overrides: [:])
        let outcome = timedBuild(space.root, with: builder, timing: &timing)
        guard case .built(let gate) = outcome else {
            if case .failed(_, let log) = outcome {
                throw MutationRunError("the unschematized copy for the fallback mutants does not build:\n\(log)")
            }
            throw MutationRunError("the unschematized copy for the fallback mutants does not build")
        }
        var ignored = MutationTiming()
        return try runBaseline(gate, request: request, scratch: scratch, label: "baseline-fallback", timing: &ignored).timeouts
    }

    /// Puts a file of the copy back: its schematized text when `plan` has one, else the package's own.
    private func restore(_ path: String, plan: RunPlan?, workspace: Workspace) throws {
        if let text = plan?.schematizedFiles[path] {
            try workspace.write(Data(text.utf8), to: path)
        } else if let data = FileManager.default.contents(atPath: "\(workspace.packageRoot)/\(path)") {
            try workspace.write(data, to: path)
        }
    }
}
