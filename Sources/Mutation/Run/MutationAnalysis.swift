import Foundation

/// The one library entry point behind `lockspec mutate`: runs an analysis (or merges shard reports), applies the
/// accepted-survivors file, writes the asked-for reports and returns what to print and the exit code
/// (0 holds, 1 findings, 2 could not run). Never prints.
public enum MutationAnalysis {
    /// What the command line asked for.
    public struct Invocation: Sendable {
        /// Run an analysis, or merge these shard reports (Stryker JSON written by `--json`).
        public var mode: Mode
        /// `--json` (Stryker), `--html`, `--markdown` output paths.
        public var json: String?
        /// The HTML page's path.
        public var html: String?
        /// The Markdown summary's path.
        public var markdown: String?
        /// `--format github` adds annotations.
        public var github: Bool = false
        /// The accepted-survivors file.
        public var accepted: String?
        /// CI mode: a stale accepted-survivors list fails too.
        public var ci: Bool = false
        /// Run the mutants the accepted-survivors file lists too (`--recheck-accepted`), so one that is now detected
        /// shows (and fails in CI mode); by default they are reported `Ignored` without a run.
        public var recheckAccepted: Bool = false
        /// Today, YYYY-MM-DD (UTC), for expiry.
        public var today: String

        /// Run or merge.
        public enum Mode: Sendable {
            /// Run this request with this engine.
            case run(MutationRequest, MutationEngine)
            /// Merge these report files.
            case merge([String])
            /// List every site of the plan of this package (nothing is built or run).
            case list(packageRoot: String)
        }

        /// Makes an invocation.
        public init(mode: Mode, today: String) {
            self.mode = mode
            self.today = today
        }
    }

    /// What to print and the exit code.
    public struct Outcome: Sendable {
        /// For standard output.
        public var output: String
        /// For standard error.
        public var errors: String
        /// 0 holds, 1 findings, 2 could not run.
        public var exitCode: Int32
        /// The report, when there is one.
        public var report: MutationReport?
    }

    /// Runs the invocation. `progress` receives (done, total) while mutants run.
    public static func execute(_ invocation: Invocation, progress: (@Sendable (Int, Int) -> Void)? = nil) -> Outcome {
        do {
            if case .list(let root) = invocation.mode { return Outcome(output: try listing(root), errors: "", exitCode: 0, report: nil) }
            let accepted = try invocation.accepted.map(AcceptedSurvivors.load(path:))
            var report = try produce(leavingListed(accepted, in: invocation), progress: progress)
            MutationVerdict.apply(accepted, to: &report)
            let verdict = MutationVerdict(report, accepted: accepted, today: invocation.today, ci: invocation.ci)
            try write(report, verdict: verdict, invocation)
            let text = invocation.github ? MutationText.renderGitHub(report, verdict: verdict) : MutationText.render(report, verdict: verdict)
            return Outcome(output: text, errors: "", exitCode: verdict.fails ? 1 : 0, report: report)
        } catch let error as AcceptedSurvivorsError {
            return Outcome(output: "", errors: "\(error)\n", exitCode: 2, report: nil)
        } catch {
            return Outcome(output: "", errors: "lockspec mutate: \(error)\n", exitCode: 2, report: nil)
        }
    }

    /// The invocation's mode with the accepted list's mutants left unrun, unless they are to be rechecked: then a
    /// Timeout of one of them is run once more at twice the timeout before it stands.
    static func leavingListed(_ accepted: AcceptedSurvivors?, in invocation: Invocation) -> Invocation.Mode {
        guard case .run(var request, let engine) = invocation.mode, let accepted else { return invocation.mode }
        let ids = Set(accepted.entries.map(\.mutant))
        if invocation.recheckAccepted { request.retryTimeouts = ids } else { request.listed = ids }
        return .run(request, engine)
    }

    static func produce(_ mode: Invocation.Mode, progress: (@Sendable (Int, Int) -> Void)?) throws -> MutationReport {
        switch mode {
        case .run(let request, let engine):
            return try engine.run(request, progress: progress)
        case .list:
            throw MutationRunError("nothing to run: --list only lists the sites")
        case .merge(let paths):
            var parts: [MutationReport] = []
            for path in paths {
                guard let data = FileManager.default.contents(atPath: path) else { throw MutationRunError("cannot read \(path)") }
                parts.append(try StrykerJSON.read(data, file: path))
            }
            return try MutationMerge.merge(parts)
        }
    }

    static func write(_ report: MutationReport, verdict: MutationVerdict, _ invocation: Invocation) throws {
        if let path = invocation.json { try StrykerJSON.render(report).write(toFile: path, atomically: true, encoding: .utf8) }
        if let path = invocation.html { try MutationHTML.render(report, verdict: verdict).write(toFile: path, atomically: true, encoding: .utf8) }
        if let path = invocation.markdown {
            try MutationMarkdown.render(report, verdict: verdict).write(toFile: path, atomically: true, encoding: .utf8)
        }
    }

    /// Every site of the plan, one per line (`id file:line:col operator 'original' → 'mutated' in declaration`,
    /// `[fallback]` when it needs its own build), then the counts per operator and what the marker excluded.
    static func listing(_ root: String) throws -> String {
        let plan = try MutationPlanner.plan(packageRoot: URL(fileURLWithPath: root))
        let fallback = Set(plan.fallback)
        var out = plan.sites.map { "\($0.id) \(MutationVerdict.describe($0))\(fallback.contains($0.id) ? " [fallback]" : "")\n" }.joined()
        out += "\(plan.sites.count) sites (\(fallback.count) not schematized: each needs its own build)\n"
        for op in MutationOperator.allCases {
            out += "  \(op.rawValue): \(plan.sites.filter { $0.mutationOperator == op }.count)\n"
        }
        for e in plan.excluded { out += "excluded: \(e.file):\(e.line) \(e.declaration) (\(e.siteCount) sites): \(e.reason)\n" }
        return out
    }

    /// Today in UTC as YYYY-MM-DD.
    public static func today(_ date: Date = Date()) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyy-MM-dd"
        return f.string(from: date)
    }
}
