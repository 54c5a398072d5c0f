import Foundation
import CommandLineKit
import Mutation

/// `lockspec mutate`: parses the options into one `MutationAnalysis.Invocation`, runs it, prints.
let mutateCommand = Command(
    name: "mutate",
    overview: "Seeds every mutation site into AppLockCore, built once behind a switch, runs the gate for each mutant, and reports the score and the row x mutant kill matrix.",
    usage: "lockspec mutate [--list] [--seed N] [--sample K] [--mutant <id,...>] [--shard I/N] [--jobs N] [--policy rows-first|always|never] [--coverage per-case|off] [--matrix] [--accepted <file>] [--recheck-accepted] [--ci] [--json <file>] [--html <file>] [--markdown <file>] [--format text|github] | lockspec mutate merge <file> ... [options]",
    arguments: [("merge <file> ...", "Merges the --json reports of every --shard I/N run into one report (a shard missing or given twice is refused).")],
    options: [
        ("--seed <N>", "The seed of --sample (default 1)."),
        ("--sample <K>", "Runs only a seeded sample of K mutants."),
        ("--mutant <id,...>", "Runs only these mutants (stable ids)."),
        ("--shard <I/N>", "Runs only shard I of N (a deterministic split of the sorted mutants); merge the --json reports with 'lockspec mutate merge'."),
        ("--jobs <N>", "Gates run in parallel (default: the cores)."),
        ("--policy <policy>", "When the exploration runs: rows-first (default: rows, scenarios and matrices for every mutant, the exploration for the mutants they did not kill), always, or never."),
        ("--matrix", "Runs every case that reaches each mutant, so the report's kill matrix lists every row that kills it (default: each mutant's gate stops at its first failing case)."),
        ("--coverage <mode>", "per-case (default: after the baseline, each case and each explored spec runs alone on the unmutated build, recording the mutants it reaches; each mutant then runs only the cases and explorations that reach it, and one nothing reaches is NoCoverage) or off (every mutant runs the whole gate)."),
        ("--max-fallback-builds <N>", "At most N builds for mutants that could not be schematized (default 16); the rest are reported as not built."),
        ("--list", "Lists every site (id, file:line:col, operator, original and mutated text) and the exclusions; builds and runs nothing."),
        ("--package <dir>", "The package to mutate (default: the current folder); its core is Sources/AppLockCore."),
        ("--accepted <file>", "A YAML list of {mutant: <id>, reason, expires: YYYY-MM-DD}: listed survivors are Ignored (default: mutation-accepted.yaml when it exists)."),
        ("--recheck-accepted", "Runs the listed mutants too (by default they are reported Ignored without a run), so a listed mutant that is now detected shows: with --ci it fails the run. A listed mutant's Timeout runs once more at twice the timeout before it stands. Much slower: each listed mutant then runs everything that reaches it."),
        ("--ci", "Also fails when an entry has expired or names no mutant of the plan, and, with --recheck-accepted, when a listed mutant is now detected."),
        ("--json <file>", "Writes the report in Stryker's mutation-testing-report-schema (the input of 'lockspec mutate merge')."),
        ("--html <file>", "Writes a self-contained HTML page: each file's source with its sites coloured by status, the killing rows on hover."),
        ("--markdown <file>", "Writes a Markdown summary for CI."),
        ("--format <format>", "Output: text (default) or github (adds an ::error annotation at each unlisted survivor)."),
    ],
    valued: ["--seed", "--sample", "--mutant", "--shard", "--jobs", "--policy", "--coverage", "--max-fallback-builds", "--package", "--accepted",
             "--json", "--html", "--markdown", "--format"],
    flags: ["--ci", "--list", "--matrix", "--recheck-accepted"],
    run: { args in
        enum Format: String, CaseIterable { case text, github }
        let format = try choice(args.options["--format"], Format.self, option: "--format", default: .text)
        let package = URL(fileURLWithPath: args.options["--package"] ?? ".").standardizedFileURL.path
        var invocation = MutationAnalysis.Invocation(mode: try mutateMode(args, package: package), today: MutationAnalysis.today())
        invocation.json = args.options["--json"]
        invocation.html = args.options["--html"]
        invocation.markdown = args.options["--markdown"]
        invocation.github = format == .github
        invocation.ci = args.flags.contains("--ci")
        invocation.recheckAccepted = args.flags.contains("--recheck-accepted")
        let defaultAccepted = "\(package)/mutation-accepted.yaml"
        invocation.accepted = args.options["--accepted"]
            ?? (FileManager.default.fileExists(atPath: defaultAccepted) ? defaultAccepted : nil)
        let outcome = MutationAnalysis.execute(invocation, progress: mutateProgress())
        Terminal.err(outcome.errors)
        Terminal.out(outcome.output)
        return outcome.exitCode
    })

/// The run or the merge the arguments ask for.
func mutateMode(_ args: Arguments, package: String) throws -> MutationAnalysis.Invocation.Mode {
    if args.positionals.first == "merge" {
        let files = Array(args.positionals.dropFirst())
        guard !files.isEmpty else { throw Arguments.UsageError(message: "give the shards' --json reports to merge") }
        return .merge(files)
    }
    guard args.positionals.isEmpty else { throw Arguments.UsageError(message: "unexpected argument '\(args.positionals[0])'") }
    if args.flags.contains("--list") { return .list(packageRoot: package) }
    func number(_ option: String) throws -> Int? {
        guard let text = args.options[option] else { return nil }
        guard let n = Int(text), n >= 1 else { throw Arguments.UsageError(message: "\(option) must be a whole number of at least 1, not '\(text)'") }
        return n
    }
    let work = "\(package)/.build/mutation"
    var request = MutationRequest(packageRoot: package, workFolder: work,
                                  jobs: try number("--jobs") ?? ProcessInfo.processInfo.activeProcessorCount)
    if let seed = args.options["--seed"] {
        guard let s = UInt64(seed) else { throw Arguments.UsageError(message: "--seed must be a whole number, not '\(seed)'") }
        request.seed = s
    }
    request.sample = try number("--sample")
    request.maxFallbackBuilds = try number("--max-fallback-builds") ?? request.maxFallbackBuilds
    request.only = args.options["--mutant"].map { Set($0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }) }
    request.policy = try choice(args.options["--policy"], ExplorationPolicy.self, option: "--policy", default: .rowsFirst)
    enum CoverageMode: String, CaseIterable { case perCase = "per-case", off }
    request.matrix = args.flags.contains("--matrix")
    request.coverage = try choice(args.options["--coverage"], CoverageMode.self, option: "--coverage", default: .perCase) == .perCase
    if let text = args.options["--shard"] {
        guard let shard = Shard(text) else { throw Arguments.UsageError(message: "--shard must be I/N with 1 <= I <= N, such as 2/4") }
        request.shard = shard
    }
    return .run(request, MutationEngine.standard(packageRoot: package, workFolder: work))
}

/// `mutants 12/480` on a terminal's stderr, redrawn in place; elsewhere (a CI log) one line at every tenth of the way.
func mutateProgress() -> (@Sendable (Int, Int) -> Void)? {
    guard isatty(2) != 0 else {
        return { done, total in
            if done == total || done % max(1, total / 10) == 0 { Terminal.err("mutants \(done)/\(total)\n") }
        }
    }
    return { done, total in
        Terminal.err("\r\u{1B}[2Kmutants \(done)/\(total)" + (done == total ? "\r\u{1B}[2K" : ""))
    }
}
