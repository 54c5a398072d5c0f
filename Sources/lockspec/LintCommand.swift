import Foundation
import SpecKit
import Conformance
import AppLockFixtures
import CommandLineKit

/// Compiles the given paths (default specs/) with the standard fixtures.
func compileSpecs(_ paths: [String]) throws -> SpecCompiler.Compilation {
    try ConformanceRun.compile(paths, registry: .standard)
}

let lintCommand = Command(
    name: "lint",
    overview: "Checks spec files: YAML, the spec language, gaps, conflicts, reachability and fixture names.",
    usage: "lockspec lint [<path> ...] [--documents <dir>] [--format text|json|github|sarif] [--strict] [--summary]  |  lockspec lint --fixtures [<fixture> ...]",
    arguments: [("<path>", "Spec files or folders to check (default: specs).")],
    options: [
        ("--documents <dir>", "Reads the headings of the design documents the specs cite: a section with no rows and no reason in specs/sections.yaml is a warning."),
        ("--format <format>", "How to print findings: text (default), json, github (workflow annotations), or sarif (SARIF 2.1.0 for code scanning)."),
        ("--strict", "Treats warnings as errors."),
        ("--summary", "Also prints the number of rows and test cases of each spec (text only: with another --format it is bad usage)."),
        ("--fixtures", "Prints each fixture's vocabulary (events with their inputs, observations, each with the values it takes; effects, product values, tables, what is required) and exits; with fixture names as the paths, those fixtures only."),
    ],
    valued: ["--format", "--documents"], flags: ["--strict", "--summary", "--fixtures"],
    run: { args in
        let format = try choice(args.options["--format"], DiagnosticFormatter.Format.self, option: "--format", default: .text)
        // Options a format would drop without a word are refused (a trial found --summary silently gone from JSON).
        if format != .text, let textOnly = ["--fixtures", "--summary"].first(where: args.flags.contains) {
            throw Arguments.UsageError(message: "\(textOnly) prints text only, and --format \(format.rawValue) would leave it out: drop one of them")
        }
        if args.flags.contains("--fixtures") {
            let registry = FixtureRegistry.standard
            // `lint --fixtures NAME…` lists those fixtures only.
            for name in args.positionals where registry.vocabulary(of: name) == nil {
                let guess = Suggest.closest(to: name, in: registry.fixtureNames)
                throw Arguments.UsageError(message: "there is no fixture '\(name)'\(guess.map { " (did you mean '\($0)'?)" } ?? ""); the fixtures are \(registry.fixtureNames.joined(separator: ", "))")
            }
            Terminal.out(registry.describeVocabularies(only: args.positionals.isEmpty ? nil : Set(args.positionals)))
            return 0
        }
        let strict = args.flags.contains("--strict")
        let compilation = try ConformanceRun.lint(args.positionals, documents: args.options["--documents"], registry: .standard)
        // A lint that read nothing has not held: a gate pointed at a mistyped or empty folder must not pass.
        if compilation.readNothing {
            throw Arguments.UsageError(message: "nothing to lint: no spec file in \(named(args.positionals))")
        }
        let color = format == .text && Terminal.colorWanted(fd: 1)
        if format == .sarif {
            Terminal.out(DiagnosticFormatter.sarif(compilation.diagnostics, strict: strict, toolVersion: BuildIdentity.toolVersion))
        } else {
            Terminal.out(DiagnosticFormatter.render(compilation.diagnostics, format: format, strict: strict, color: color))
        }
        if args.flags.contains("--summary") {
            Terminal.out(summary(compilation))
        }
        if format == .text {
            // Without the documents, a citation of a document or section that does not exist lints clean: said so.
            if args.options["--documents"] == nil && !(compilation.specs.isEmpty && compilation.products.isEmpty) {
                Terminal.out("note: the citations were not checked against the design documents (--documents <dir> checks them)\n")
            }
            // The closing count, on standard output after the findings, as run and migrate end theirs.
            Terminal.out("\(compilation.readCounts): \(DiagnosticFormatter.closingCount(compilation.diagnostics, strict: strict))\n")
        }
        if compilation.couldNotReadInput { return 2 }
        return compilation.failed(strict: strict) ? 1 : 0
    })

func summary(_ compilation: SpecCompiler.Compilation) -> String {
    var casesBySpec: [String: Int] = [:]
    for c in compilation.suite.cases { casesBySpec[c.spec, default: 0] += 1 }
    let width = max(4, compilation.specs.map(\.id.count).max() ?? 0)
    var text = "spec".padding(toLength: width, withPad: " ", startingAt: 0) + "  kind       rows  cases  file\n"
    var totalRows = 0, totalCases = 0
    for spec in compilation.specs {
        let rows = spec.rows.count, cases = casesBySpec[spec.id] ?? 0
        totalRows += rows
        totalCases += cases
        text += spec.id.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
            + spec.kind.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
            + String(rows).leftPadded(6) + String(cases).leftPadded(7) + "  \(spec.file)\n"
    }
    text += "total".padding(toLength: width, withPad: " ", startingAt: 0) + "           " + String(totalRows).leftPadded(6) + String(totalCases).leftPadded(7) + "\n"
    return text
}

extension String {
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
