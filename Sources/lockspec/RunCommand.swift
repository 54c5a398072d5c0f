import Foundation
import CommandLineKit
import SpecKit
import Conformance
import AppLockFixtures

/// How `run` and `merge` print on stdout: the console report; the console report and GitHub annotations; or only SARIF.
enum ConsoleFormat: String, CaseIterable { case text, github, sarif }

/// How this lockspec was invoked, as the rerun commands on the console start: the program path as typed
/// (`.build/release/lockspec`), so a line pasted in the same folder runs this build; `lockspec` when it was found on
/// the PATH (no `/` in it). The report files keep `lockspec`, so two runs invoked differently write the same files.
func invokedProgram() -> String {
    guard let typed = CommandLine.arguments.first, typed.contains("/") else { return RunResult.defaultProgram }
    return typed
}

/// Writes each report the options ask for (`--junit`, `--json`, `--markdown`, `--html`, `--pdf`), then prints the
/// `--format` one: the console's rerun commands start as lockspec was invoked (`invokedProgram`); the files, the
/// GitHub annotations (read on the pull request, in other checkouts) and SARIF say `lockspec`.
func writeReports(_ result: RunResult, _ args: Arguments) throws {
    let format = try choice(args.options["--format"], ConsoleFormat.self, option: "--format", default: .text)
    if let path = args.options["--junit"] { try Emitter.writeIfChanged(renderJUnit(result), to: path) }
    if let path = args.options["--json"] { try Emitter.writeIfChanged(try renderJSON(result), to: path) }
    if let path = args.options["--verdict"] { try Emitter.writeIfChanged(try renderVerdictJSON(result), to: path) }
    if let path = args.options["--markdown"] { try Emitter.writeIfChanged(renderMarkdown(result), to: path) }
    if let path = args.options["--html"] { try Emitter.writeIfChanged(renderHTML(result), to: path) }
    if let path = args.options["--pdf"] { try renderPDF(html: renderHTML(result), to: path, chromium: chromium()) }
    switch format {
    case .text: Terminal.out(renderConsole(result, color: Terminal.colorWanted(fd: 1), program: invokedProgram()))
    case .github:
        Terminal.out(renderConsole(result, color: false, program: invokedProgram()) + renderGitHubAnnotations(result) + renderExplorationAnnotations(result))
    case .sarif: Terminal.out(renderSARIF(result))
    }
}

/// The options that name a report file (of `run`, `merge`, `explore` and `diff`, each taking those it has).
let reportOptions = ["--junit", "--json", "--verdict", "--markdown", "--html", "--pdf"]

/// A comma-separated list of ids (`--row`, `--spec`), or nil when the option is not given. An empty list (a CI
/// variable left empty) is bad usage: it would select nothing, and nothing checked is not a pass.
func idList(_ args: Arguments, _ option: String) throws -> Set<String>? {
    guard let value = args.options[option] else { return nil }
    let ids = Set(value.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
    guard !ids.isEmpty else { throw Arguments.UsageError(message: "\(option) needs at least one id (it was given '\(value)')") }
    return ids
}

/// The whole number an option gives, from `minimum` to `maximum`; nil when the option is absent.
func wholeNumber(_ text: String?, option: String, minimum: Int, maximum: Int = .max) throws -> Int? {
    guard let text else { return nil }
    guard let n = Int(text), n >= minimum, n <= maximum else {
        let range = maximum == .max ? (minimum == 1 ? "a positive whole number" : "a whole number, \(minimum) or more")
            : "a whole number from \(minimum) to \(maximum)"
        throw Arguments.UsageError(message: "\(option) must be \(range)")
    }
    return n
}

/// The paths a command was given, as its messages name them (`specs` when none).
func named(_ paths: [String]) -> String { (paths.isEmpty ? ["specs"] : paths).joined(separator: ", ") }

/// A run that exits 2 writes no report, and leaves none of an earlier run at the paths it was given: a workspace
/// reused by CI would otherwise publish the last green JUnit. Only a regular file that reads as that option's report
/// goes (`isReport`), through a link the file it leads to (what a report would have replaced); anything else stays:
/// a spec, a product file or a note named by a mistyped path, a device, a pipe, a read-only file.
func removeStaleReports(_ args: Arguments) {
    for option in reportOptions {
        guard let path = args.options[option].map(FileReplacement.target(of:)), FileReplacement.refusal(writing: path) == nil,
              let type = try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType, type == .typeRegular,
              isReport(atPath: path, writtenBy: option) else { continue }
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Whether the file at `path` begins as the report `option` writes: XML with a `<testsuite(s)>` for JUnit, a JSON
/// object whose first key is one of the JSON reports' (`"cases"`, `"coverage"`, `"behaviour"`), the Markdown summary's heading, the HTML report's title, a PDF.
func isReport(atPath path: String, writtenBy option: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    let head = String(decoding: (try? handle.read(upToCount: 64 << 10)) ?? Data(), as: UTF8.self)
    switch option {
    case "--junit": return head.hasPrefix("<") && head.contains("<testsuite")
    // The results (`run`, `merge`), the exploration (`explore`) or the diff (`diff`), each a JSON object by its first key.
    case "--json", "--verdict": return head.hasPrefix("{") && ["\"cases\"", "\"coverage\"", "\"behaviour\""].contains { head.prefix(64).contains($0) }
    case "--markdown": return head.hasPrefix("## LockSpec conformance")
    case "--html": return head.hasPrefix("<!DOCTYPE html>") && head.contains("<title>LockSpec")
    case "--pdf": return head.hasPrefix("%PDF-")
    default: return false
    }
}

/// Headless Chromium for `--pdf` (`LOCKSPEC_CHROMIUM` names another).
func chromium() -> String? { locateChromium(environment: ProcessInfo.processInfo.environment) }

/// Stops before any work when `--pdf` is asked for and there is no Chromium to print with, or a report path is `-`,
/// a folder, a read-only file or a link that leads nowhere (exit 2): reports go to files; standard output carries the
/// `--format` one. `reads` are the paths the command reads (its spec paths, `specs` when none were given, or the
/// results it merges): no report may replace one of them (`checkReportsSpareInputs`).
func checkReportOptions(_ args: Arguments, reads: [String]) throws {
    for option in reportOptions {
        guard let path = args.options[option] else { continue }
        if path == "-" { throw Arguments.UsageError(message: "\(option) writes a file, and '-' is not one here: name a file (standard output carries --format)") }
        // What can be known before a long run is checked now: a folder, a read-only file, a link that leads nowhere.
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw Arguments.UsageError(message: "\(option) \(path) is a folder: name a file")
        }
        if let refusal = FileReplacement.refusal(writing: path) { throw Arguments.UsageError(message: "\(option) \(path): \(refusal.description)") }
    }
    try checkReportsSpareInputs(args, reads: reads)
    if args.options["--pdf"] != nil, chromium() == nil { throw PDFRenderError.chromiumMissing }
}

/// A path with `.`, `..` and every link resolved, so two spellings of one file compare equal.
func resolved(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path }

/// The folders a command reads specs from: each folder it was given, and the folder of each file it was given (where
/// the specs a file `uses:` and its product file are looked up).
func readFolders(_ reads: [String]) -> [String] {
    reads.map { path in
        var isFolder: ObjCBool = false
        let folder = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
            ? path : (path as NSString).deletingLastPathComponent
        return resolved(folder.isEmpty ? "." : folder)
    }
}

/// A report never replaces what the command reads, nor another report (exit 2 before any work): not a file it reads
/// (`reads`, `--expected-failures`); in a folder it reads specs from, not a spec file (`.yaml`, `.yml`) nor any file
/// that is not already that report (a `schema.json`, a note); nothing in the `--documents` folder; and no two reports
/// at one path.
func checkReportsSpareInputs(_ args: Arguments, reads: [String]) throws {
    let files = Set((reads + [args.options["--expected-failures"]].compactMap { $0 }).map(resolved))
    // Results to merge are read as files alone: their folder is not a spec folder.
    let folders = readFolders(reads.filter { !$0.hasSuffix(".json") })
    let documents = args.options["--documents"].map(resolved)
    var taken: [String: String] = [:]
    for option in reportOptions {
        guard let given = args.options[option] else { continue }
        let path = resolved(given)
        if files.contains(path) { throw Arguments.UsageError(message: "\(option) \(given) is a file this command reads: name another file for the report") }
        if let documents, path.hasPrefix(documents + "/") {
            throw Arguments.UsageError(message: "\(option) \(given) is in the --documents folder \(documents): name a file elsewhere for the report")
        }
        let isSpec = path.hasSuffix(".yaml") || path.hasSuffix(".yml")
        let foreign = FileManager.default.fileExists(atPath: path) && !isReport(atPath: path, writtenBy: option)
        if let folder = folders.first(where: { path.hasPrefix($0 + "/") }), isSpec || foreign {
            throw Arguments.UsageError(message: "\(option) \(given) is \(isSpec ? "a spec file" : "a file that is no such report") in \(folder), which this command reads: name a file elsewhere for the report")
        }
        if let other = taken[path] { throw Arguments.UsageError(message: "\(option) and \(other) name the same file, \(given): give each report its own") }
        taken[path] = option
    }
}

let runCommand = Command(
    name: "run",
    overview: "Runs AppLockCore against every row of the specs and along every transition of each machine (the exploration), and reports each divergence.",
    usage: "lockspec run [<path> ...] [--row <id>] [--spec <id>] [--shard I/N] [--no-explore] [--max-transitions <n>] [--fail-fast] [--expected-failures <file>] [--documents <dir>] [--junit <file>] [--json <file>] [--verdict <file>] [--markdown <file>] [--html <file>] [--pdf <file>] [--format text|github|sarif]",
    arguments: [("<path>", "Spec files or folders (default: specs).")],
    options: [
        ("--row <id>", "Runs only this row (a row id or a matrix cell id); comma-separated, or given again, for several."),
        ("--spec <id>", "Runs only the rows of this spec; comma-separated, or given again, for several. With --spec or --row, lint errors in specs the chosen ones do not read (their own file, their product file, the machine they use) do not stop the run; they are printed after it."),
        ("--shard <I/N>", "Runs only shard I of N (a deterministic split, for CI matrices); combine the JSON results with 'lockspec merge'."),
        ("--no-explore", "Skips the exploration (the exhaustive transition tour of every selected machine, run by default; never with --row)."),
        ("--max-transitions <n>", "Fires at most this many transitions per machine in the exploration (default \(MachineExplorer.defaultMaximumTransitions)); a tour that stops there says so (explore.limit). Every shard of a run must be given the same."),
        ("--fail-fast", "Stops at the first case that fails the run, and then explores nothing; the exploration stops at its first divergence that fails the run: a quick verdict, with only the cases and transitions run so far in the reports."),
        ("--expected-failures <file>", "A YAML list of {row, reason, expires: YYYY-MM-DD}: listed rows (or EX- transition ids) may fail; an unexpected pass or an expired entry fails the run."),
        ("--documents <dir>", "Fingerprints every design document the specs cite (SHA-256, in every report's identity) and lists each document's sections with the rows covering them; a cited document missing from the folder stops the run."),
        ("--junit <file>", "Writes a JUnit XML report (one testcase per row)."),
        ("--json <file>", "Writes the full results as JSON (the input of 'lockspec merge')."),
        ("--verdict <file>", "Writes only the verdict as compact JSON: each case's id, place, status and exercised rows, the exploration's findings and the specs it explored (what 'lockspec mutate' reads; a fraction of --json's size)."),
        ("--markdown <file>", "Writes a Markdown summary for a pull request."),
        ("--html <file>", "Writes a self-contained HTML compliance report."),
        ("--pdf <file>", "Prints the HTML report to a paged PDF through headless Chromium (exit 2 before running when it is not installed)."),
        ("--format <format>", "Output: text (default), github (adds an ::error annotation at each failing step's line, with the cells that differ), or sarif (only a SARIF 2.1.0 log)."),
    ],
    valued: ["--row", "--spec", "--shard", "--max-transitions", "--expected-failures", "--documents", "--junit", "--json", "--verdict", "--markdown", "--html", "--pdf", "--format"],
    flags: ["--no-explore", "--fail-fast"],
    lists: ["--row", "--spec"],
    run: { args in
        do {
            return try runConformance(args)
        } catch {
            removeStaleReports(args)
            throw error
        }
    })

/// `lockspec run` once its command line is read: checks the options, runs, and writes the reports.
func runConformance(_ args: Arguments) throws -> Int32 {
    _ = try choice(args.options["--format"], ConsoleFormat.self, option: "--format", default: .text)
    try checkReportOptions(args, reads: args.positionals.isEmpty ? ["specs"] : args.positionals)
    var options = ConformanceRun.Options(
        paths: args.positionals, rows: try idList(args, "--row"), specs: try idList(args, "--spec"), shard: try shard(args.options["--shard"]),
        expectedFailures: args.options["--expected-failures"], documents: args.options["--documents"])
    options.explore = !args.flags.contains("--no-explore")
    options.failFast = args.flags.contains("--fail-fast")
    options.maximumTransitions = try wholeNumber(args.options["--max-transitions"], option: "--max-transitions", minimum: 1)
        ?? MachineExplorer.defaultMaximumTransitions
    let outcome = ConformanceRun(options, registry: .standard).run(progress: progressLine())
    guard let result = outcome.result else {
        removeStaleReports(args)
        return try explain(outcome, format: choice(args.options["--format"], ConsoleFormat.self, option: "--format", default: .text))
    }
    try writeReports(result, args)
    if !outcome.warnings.isEmpty {
        // Said on stderr after the run: what lint warns of in these specs, the run does not check.
        let ids = Dictionary(outcome.warnings.map { ($0.id, 1) }, uniquingKeysWith: +).sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        Terminal.err("\(counted(outcome.warnings.count, "lint warning")) in the specs that ran (\(ids.joined(separator: ", "))): the run checks the core "
            + "against the tables, not the tables against each other; 'lockspec lint' shows \(outcome.warnings.count == 1 ? "it" : "them")\n")
    }
    if !outcome.unselectedErrors.isEmpty {
        // Said after the run, on stderr: the specs chosen ran, the others' errors still stand.
        Terminal.err(DiagnosticFormatter.render(outcome.unselectedErrors, format: .text, color: Terminal.colorWanted(fd: 2)))
        let files = Set(outcome.unselectedErrors.map(\.location.file)).count
        Terminal.err("\(outcome.unselectedErrors.count) lint error\(outcome.unselectedErrors.count == 1 ? "" : "s") in \(counted(files, "file")) this run did not read: the specs chosen ran; a run of the whole folder would not (see 'lockspec lint')\n")
    }
    return outcome.exitCode
}

/// `--shard I/N`, checked.
func shard(_ text: String?) throws -> (index: Int, count: Int)? {
    guard let text else { return nil }
    let parts = text.split(separator: "/")
    guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(i) else {
        throw Arguments.UsageError(message: "--shard must be I/N with 1 <= I <= N, such as 2/4")
    }
    return (i, n)
}

/// Prints why a run did not happen and gives its exit code (a selection that names nothing is a usage error).
func explain(_ outcome: RunOutcome, format: ConsoleFormat) throws -> Int32 {
    if case .unknownSelection(let message) = outcome.stop { throw Arguments.UsageError(message: message, showsUsage: false) }
    Terminal.err(DiagnosticFormatter.render(outcome.diagnostics, format: .text, color: Terminal.colorWanted(fd: 2)))
    // The located errors in the format asked for too, so a workflow reading only annotations or a SARIF upload sees
    // why nothing ran.
    switch format {
    case .text: break
    case .github: Terminal.out(DiagnosticFormatter.render(outcome.diagnostics, format: .github, color: false))
    case .sarif: Terminal.out(DiagnosticFormatter.sarif(outcome.diagnostics, toolVersion: BuildIdentity.toolVersion))
    }
    if outcome.stop == .specsDoNotCompile { Terminal.err("the specs do not compile: nothing was run (see 'lockspec lint')\n") }
    return outcome.exitCode
}

/// A progress line on a terminal's stderr for runs longer than a second; nothing otherwise.
func progressLine() -> (Int, Int) -> Void {
    let interactive = isatty(2) != 0
    let started = Date()
    var lastDraw = Date.distantPast
    return { done, total in
        guard interactive, Date().timeIntervalSince(started) > 1, Date().timeIntervalSince(lastDraw) > 0.1 || done == total else { return }
        lastDraw = Date()
        Terminal.err("\r\u{1B}[2Krunning \(done)/\(total) rows" + (done == total ? "\r\u{1B}[2K" : ""))
    }
}

let mergeCommand = Command(
    name: "merge",
    overview: "Merges the JSON results of shards into one result and writes the reports.",
    usage: "lockspec merge <file> ... [--junit <file>] [--json <file>] [--markdown <file>] [--html <file>] [--pdf <file>] [--format text|github|sarif]",
    arguments: [("<file>", "JSON results written by 'lockspec run --shard I/N --json <file>'.")],
    options: [
        ("--junit <file>", "Writes the merged JUnit XML report."),
        ("--json <file>", "Writes the merged JSON results."),
        ("--markdown <file>", "Writes the merged Markdown summary."),
        ("--html <file>", "Writes the merged HTML report."),
        ("--pdf <file>", "Prints the merged HTML report to a paged PDF through headless Chromium (exit 2 when it is not installed)."),
        ("--format <format>", "Output: text (default), github (adds an ::error annotation at each failing step's line), or sarif (only a SARIF 2.1.0 log)."),
    ],
    valued: ["--junit", "--json", "--markdown", "--html", "--pdf", "--format"], flags: [],
    run: { args in
        try checkReportOptions(args, reads: args.positionals)
        guard !args.positionals.isEmpty else { throw Arguments.UsageError(message: "give the JSON result files to merge") }
        var parts: [RunResult] = []
        // Thrown as findings, so an error comes in the --format asked for too (an annotation, a SARIF log).
        for path in args.positionals { parts.append(try readRunResult(at: path)) }
        let merged: RunResult
        do {
            merged = try mergeRunResults(parts)
        } catch {
            throw DiagnosticError([Diagnostic(.error, id: "result.cannot-merge", "cannot merge: \(VisibleText.escape("\(error)"))",
                                              at: .file(args.positionals[conflictingPart(parts)]))])
        }
        try writeReports(merged, args)
        return merged.failed ? 1 : 0
    })
