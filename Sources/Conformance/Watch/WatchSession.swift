import Foundation
import SpecKit

/// The work of `lockspec watch`: lints the watched paths as `lockspec lint` does, and re-runs the specs a change
/// affects (`AffectedSpecs`) that have no lint errors. It remembers the last compilation, so the specs of a file that
/// was deleted or broken are still known and their users re-run. Never throws: a file that cannot be read or parsed
/// (half-written, deleted) is a located finding in the report.
public struct WatchSession: Sendable {
    /// The watched spec files or folders.
    public var paths: [String]
    /// The fixtures.
    public var registry: FixtureRegistry
    /// The last compilation.
    var last: SpecCompiler.Compilation?

    /// Creates a session over `paths` (default specs/).
    public init(paths: [String], registry: FixtureRegistry) {
        self.paths = paths.isEmpty ? ["specs"] : paths
        self.registry = registry
    }

    /// Lints everything and runs every spec that lints clean (the first report, before any change).
    public mutating func start() -> WatchReport {
        react(to: [], all: true)
    }

    /// Lints everything and re-runs the specs affected by the `changed` files.
    public mutating func react(to changed: [String], all: Bool = false) -> WatchReport {
        let (read, diagnostics) = lint()
        defer { last = read }
        guard let compilation = read else {
            return WatchReport(changed: changed, diagnostics: diagnostics, specs: 0, rows: 0, ran: [], notRun: [], cases: [])
        }
        let affected = all ? compilation.specs.map(\.id) : AffectedSpecs.ids(changed: Set(changed), before: last, after: compilation)
        let (runnable, notRun) = AffectedSpecs.partition(affected, diagnostics: diagnostics, before: last, after: compilation)
        var cases: [CaseResult] = []
        if !runnable.isEmpty {
            let identity = RunIdentity(tool: BuildIdentity.toolVersion, build: .current, startedAt: "watch",
                                       specs: compilation.suite.specs.map { SpecFingerprint(id: $0.id, file: $0.file, sha256: $0.sha256) },
                                       shard: nil)
            cases = registry.runner.run(compilation.suite, selection: Runner.Selection(specs: Set(runnable)), identity: identity, today: "9999-12-31").cases
        }
        var report = WatchReport(changed: changed, diagnostics: diagnostics, specs: compilation.specs.count,
                                 rows: compilation.specs.reduce(0) { $0 + $1.rows.count }, ran: runnable, notRun: notRun, cases: cases)
        report.unreadableFiles = compilation.unreadableFiles
        report.unreadableBecauseOfOthers = compilation.unreadableBecauseOfOthers
        return report
    }

    /// The findings `lockspec lint` gives over the paths without `--documents` (`ConformanceRun.lint`), with the
    /// compilation; no compilation when a path cannot be read at all.
    func lint() -> (SpecCompiler.Compilation?, [Diagnostic]) {
        do {
            let compilation = try ConformanceRun.lint(paths, documents: nil, registry: registry)
            return (compilation, compilation.diagnostics)
        } catch {
            return (nil, error.diagnostics)
        }
    }
}
