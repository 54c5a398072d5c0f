import Foundation
import SpecKit
import Conformance

/// The core's version: the git commit of the checkout the tool runs in, or "unknown".
func coreCommit() -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "rev-parse", "HEAD"]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return "unknown" }
    process.waitUntilExit()
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard process.terminationStatus == 0, !text.isEmpty else { return "unknown" }
    let dirty = Process()
    dirty.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    dirty.arguments = ["git", "status", "--porcelain", "--untracked-files=no"]
    let dirtyPipe = Pipe()
    dirty.standardOutput = dirtyPipe
    dirty.standardError = FileHandle.nullDevice
    guard (try? dirty.run()) != nil else { return text }
    dirty.waitUntilExit()
    let changes = dirtyPipe.fileHandleForReading.readDataToEndOfFile()
    return changes.isEmpty ? text : text + "+uncommitted"
}

/// Writes each report the options ask for (`--junit`, `--json`, `--markdown`, `--html`), then prints the console one.
func writeReports(_ result: RunResult, _ args: Arguments) throws {
    if let path = args.options["--junit"] { try Emitter.writeIfChanged(renderJUnit(result), to: path) }
    if let path = args.options["--json"] { try Emitter.writeIfChanged(try renderJSON(result), to: path) }
    if let path = args.options["--markdown"] { try Emitter.writeIfChanged(renderMarkdown(result), to: path) }
    if let path = args.options["--html"] { try Emitter.writeIfChanged(renderHTML(result), to: path) }
    Terminal.out(renderConsole(result, color: Terminal.colorWanted(fd: 1)))
}

let runCommand = Command(
    name: "run",
    overview: "Runs AppLockCore against every row of the specs and reports each divergence.",
    usage: "lockspec run [<path> ...] [--row <id>] [--spec <id>] [--shard I/N] [--expected-failures <file>] [--junit <file>] [--json <file>] [--markdown <file>] [--html <file>] [--format text|github]",
    arguments: [("<path>", "Spec files or folders (default: specs).")],
    options: [
        ("--row <id>", "Runs only this row (a row id or a matrix cell id); may be repeated as a comma-separated list."),
        ("--spec <id>", "Runs only the rows of this spec; comma-separated for several."),
        ("--shard <I/N>", "Runs only shard I of N (a deterministic split, for CI matrices); combine the JSON results with 'lockspec merge'."),
        ("--expected-failures <file>", "A YAML list of {row, reason, expires: YYYY-MM-DD}: listed rows may fail; an unexpected pass or an expired entry fails the run."),
        ("--junit <file>", "Writes a JUnit XML report (one testcase per row)."),
        ("--json <file>", "Writes the full results as JSON (the input of 'lockspec merge')."),
        ("--markdown <file>", "Writes a Markdown summary for a pull request."),
        ("--html <file>", "Writes a self-contained HTML compliance report."),
        ("--format <format>", "Console output: text (default) or github (adds ::error annotations on the rows that diverged)."),
    ],
    valued: ["--row", "--spec", "--shard", "--expected-failures", "--junit", "--json", "--markdown", "--html", "--format"],
    flags: [],
    run: { args in
        enum ConsoleFormat: String, CaseIterable { case text, github }
        let format = try choice(args.options["--format"], ConsoleFormat.self, option: "--format", default: .text)
        var shard: (index: Int, count: Int)?
        if let text = args.options["--shard"] {
            let parts = text.split(separator: "/")
            guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(i) else {
                throw Arguments.UsageError(message: "--shard must be I/N with 1 <= I <= N, such as 2/4")
            }
            shard = (i, n)
        }
        let expectations = try args.options["--expected-failures"].map { path throws(DiagnosticError) in try ExpectedFailures.load(path) }
        let compilation = try compileSpecs(args.positionals)
        if compilation.failed(strict: false) {
            Terminal.err(DiagnosticFormatter.render(compilation.diagnostics.filter { $0.severity == .error }, format: .text,
                                                   color: Terminal.colorWanted(fd: 2)))
            Terminal.err("the specs do not compile: nothing was run (see 'lockspec lint')\n")
            return 2
        }
        if let expectations {
            let unknown = expectations.unknownEntries(in: compilation.suite)
            if !unknown.isEmpty {
                Terminal.err(DiagnosticFormatter.render(unknown, format: .text))
                return 2
            }
        }
        let split: (String) -> Set<String>? = { key in
            args.options[key].map { Set($0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }) }
        }
        let selection = Runner.Selection(rows: split("--row"), specs: split("--spec"), shard: shard)
        let known = Set(compilation.suite.cases.flatMap { [$0.id, $0.row] })
        for row in selection.rows ?? [] where !known.contains(row) {
            throw Arguments.UsageError(message: "no row '\(row)'\(Suggest.closest(to: row, in: known).map { " (did you mean '\($0)'?)" } ?? "")")
        }
        let specIDs = Set(compilation.suite.specs.map(\.id))
        for spec in selection.specs ?? [] where !specIDs.contains(spec) {
            throw Arguments.UsageError(message: "no spec '\(spec)'\(Suggest.closest(to: spec, in: specIDs).map { " (did you mean '\($0)'?)" } ?? "")")
        }
        let now = Date()
        let iso = ISO8601DateFormatter()
        iso.timeZone = TimeZone(identifier: "UTC")
        let day = String(iso.string(from: now).prefix(10))
        let identity = RunIdentity(
            tool: version, coreCommit: coreCommit(), startedAt: iso.string(from: now),
            specs: compilation.suite.specs.map { SpecFingerprint(id: $0.id, file: $0.file, sha256: $0.sha256) },
            shard: shard.map { "\($0.index)/\($0.count)" })
        let interactive = isatty(2) != 0
        let started = Date()
        var lastDraw = Date.distantPast
        let result = FixtureRegistry.standard.runner.run(
            compilation.suite, selection: selection, expectations: expectations, identity: identity, today: day,
            progress: { done, total in
                guard interactive, Date().timeIntervalSince(started) > 1, Date().timeIntervalSince(lastDraw) > 0.1 || done == total else { return }
                lastDraw = Date()
                Terminal.err("\r\u{1B}[2Krunning \(done)/\(total) rows" + (done == total ? "\r\u{1B}[2K" : ""))
            })
        try writeReports(result, args)
        if format == .github {
            for c in result.cases where c.failsRun {
                let what = c.status == .failed ? "diverges from the core" : c.status == .unexpectedPass ? "passed but is listed as an expected failure" : "has an expired expected-failure entry"
                let v = VisibleText.escape
                Terminal.out("::error file=\(v(c.file)),line=\(c.line),col=\(c.column),title=\(v(c.id))::row \(v(c.row)) \(what); rerun with: \(v(RunResult.rerunCommand(for: c)))\n")
            }
        }
        return result.failed ? 1 : 0
    })

let mergeCommand = Command(
    name: "merge",
    overview: "Merges the JSON results of shards into one result and writes the reports.",
    usage: "lockspec merge <file> ... [--junit <file>] [--json <file>] [--markdown <file>] [--html <file>]",
    arguments: [("<file>", "JSON results written by 'lockspec run --shard I/N --json <file>'.")],
    options: [
        ("--junit <file>", "Writes the merged JUnit XML report."),
        ("--json <file>", "Writes the merged JSON results."),
        ("--markdown <file>", "Writes the merged Markdown summary."),
        ("--html <file>", "Writes the merged HTML report."),
    ],
    valued: ["--junit", "--json", "--markdown", "--html"], flags: [],
    run: { args in
        guard !args.positionals.isEmpty else { throw Arguments.UsageError(message: "give the JSON result files to merge") }
        var parts: [RunResult] = []
        for path in args.positionals {
            guard let data = FileManager.default.contents(atPath: path) else { throw Arguments.UsageError(message: "cannot read \(path)") }
            do throws(RunResultDecodingError) {
                parts.append(try decodeRunResult(String(decoding: data, as: UTF8.self)))
            } catch {
                Terminal.err(DiagnosticFormatter.render([error.diagnostic(file: path)], format: .text, color: Terminal.colorWanted(fd: 2)))
                return 2
            }
        }
        let merged: RunResult
        do {
            merged = try mergeRunResults(parts)
        } catch {
            Terminal.err("Error: cannot merge: \(VisibleText.escape("\(error)"))\n")
            return 2
        }
        try writeReports(merged, args)
        return merged.failed ? 1 : 0
    })
