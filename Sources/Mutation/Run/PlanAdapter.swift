import Foundation

extension RunPlan {
    /// Adapts the site finder's plan to what the engine needs.
    public init(_ plan: MutationPlan) {
        self.init(sites: plan.sites,
                  excluded: plan.excluded.map {
                      ExcludedDeclaration(file: $0.file, declaration: $0.declaration, sites: $0.siteCount, reason: $0.reason)
                  },
                  schematizedFiles: plan.schematizedFiles, fallback: plan.fallback,
                  siteIDsAt: { plan.siteIDs(inSchematizedFile: $0, line: $1) },
                  mutatedSource: { plan.mutatedSource(of: $0) })
    }
}

extension MutationEngine {
    /// The real engine: the site finder's plan of `sourceFolder`, built with `swift build -c release` in
    /// `<workFolder>/copy` with the scratch path `<workFolder>/scratch`; the mutants that cannot be schematized are
    /// built one by one with `swift build -c debug` in `<workFolder>/copy-fallback` (the unschematized sources) with
    /// the scratch path `<workFolder>/scratch-fallback`.
    public static func standard(packageRoot: String, workFolder: String,
                                sourceFolder: String = "Sources/AppLockCore") -> MutationEngine {
        let root = URL(fileURLWithPath: packageRoot)
        var engine = MutationEngine(
            planner: { RunPlan(try MutationPlanner.plan(packageRoot: root, sourceFolder: sourceFolder, leaving: $0)) },
            builder: SwiftBuilder(scratch: "\(workFolder)/scratch", log: "\(workFolder)/build.log"))
        engine.fallbackBuilder = SwiftBuilder(scratch: "\(workFolder)/scratch-fallback", log: "\(workFolder)/build-fallback.log",
                                              configuration: "debug")
        return engine
    }
}
