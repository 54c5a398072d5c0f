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
    /// `<workFolder>/copy` with the scratch path `<workFolder>/scratch`.
    public static func standard(packageRoot: String, workFolder: String,
                                sourceFolder: String = "Sources/AppLockCore") -> MutationEngine {
        let root = URL(fileURLWithPath: packageRoot)
        return MutationEngine(
            planner: { RunPlan(try MutationPlanner.plan(packageRoot: root, sourceFolder: sourceFolder, leaving: $0)) },
            builder: SwiftBuilder(scratch: "\(workFolder)/scratch", log: "\(workFolder)/build.log"))
    }
}
