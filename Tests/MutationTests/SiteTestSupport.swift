@testable import Mutation

/// Plans one sample file and lists its sites of one operator as `line:col original → mutated`.
enum SiteTestSupport {
    static let file = "Sources/Core/Sample.swift"

    static func plan(_ source: String) throws -> MutationPlan {
        try MutationPlanner.plan(files: [file: source], switchFile: "Sources/Core/LockSpecMutantSwitch.swift")
    }

    static func sites(_ source: String, _ mutationOperator: MutationOperator) throws -> [String] {
        try plan(source).sites.filter { $0.mutationOperator == mutationOperator }
            .map { "\($0.line):\($0.column) \($0.original) → \($0.mutated)" }
    }
}
