import Foundation
import CommandLineKit
import SpecKit
import Conformance
import AppLockFixtures

let diffCommand = Command(
    name: "diff",
    overview: "Shows what changed between two versions of the specs: rows, and the situations that now behave differently.",
    usage: "lockspec diff <old> <new> | --git <revision> | --git <old>..<new> [--path <dir>] [--format text|markdown] [--json <file>] [--exit-code]",
    arguments: [("<old> <new>", "Two spec folders (or files) to compare.")],
    options: [
        ("--git <revision>", "Compares a git revision of this repository, read as blobs, with the working copy (the files on disk, saved but maybe not committed)."),
        ("--git <old>..<new>", "Compares two git revisions of this repository, read as blobs (nothing is checked out)."),
        ("--path <dir>", "With --git: the folder (or one spec file) inside the repository, from its top (default specs)."),
        ("--format <format>", "text (default) or markdown (for a pull-request comment)."),
        ("--json <file>", "Also writes the diff as JSON (sorted, stable)."),
        ("--exit-code", "Exits 1 when behaviour changed or a spec could not be compared, 0 when the rows changed but not what they do: wording, order, ids, a row that does what happens without it (like git diff --exit-code)."),
    ],
    valued: ["--git", "--path", "--format", "--json"],
    flags: ["--exit-code"],
    run: { args in
        try checkReportOptions(args, reads: args.positionals)
        enum Format: String, CaseIterable { case text, markdown }
        let format = try choice(args.options["--format"], Format.self, option: "--format", default: .text)
        let sides: (DiffSide, DiffSide)
        if let revisions = args.options["--git"] {
            guard args.positionals.isEmpty else { throw Arguments.UsageError(message: "give either --git or two folders, not both") }
            sides = try gitSides(revisions, path: args.options["--path"] ?? "specs")
        } else {
            guard args.positionals.count == 2 else {
                throw Arguments.UsageError(message: "give two spec folders to compare, or --git <revision> or --git <old>..<new>")
            }
            guard args.options["--path"] == nil else { throw Arguments.UsageError(message: "--path goes with --git") }
            sides = (try DiffSide.folder(args.positionals[0]), try DiffSide.folder(args.positionals[1]))
        }
        // Nothing on either side (a mistyped --path) compares nothing, and "no behaviour change" would pass a gate.
        guard sides.0.holdsFocus || sides.1.holdsFocus else {
            throw Arguments.UsageError(message: "no spec files in \(sides.0.label) or \(sides.1.label): nothing to compare (check --path)")
        }
        let result: SpecDiffResult
        do {
            result = try SpecDiff(catalog: FixtureRegistry.standard).compare(sides.0, sides.1)
        } catch SpecDiff.Failure.doesNotCompile(let side, let diagnostics) {
            Terminal.err(DiagnosticFormatter.render(diagnostics, format: .text, color: Terminal.colorWanted(fd: 2)))
            Terminal.err("\(side) does not compile: nothing was compared (see 'lockspec lint')\n")
            return 2
        }
        if let path = args.options["--json"] { try Emitter.writeIfChanged(try SpecDiffRenderer.json(result), to: path) }
        Terminal.out(format == .markdown ? SpecDiffRenderer.markdown(result) : SpecDiffRenderer.text(result))
        return args.flags.contains("--exit-code") && result.mayHaveChanged ? 1 : 0
    })

/// The sides `--git` names: `<old>..<new>`, two revisions' blobs; one `<revision>`, its blobs against the working copy
/// at the same path.
private func gitSides(_ value: String, path: String) throws -> (DiffSide, DiffSide) {
    guard value.contains("..") else {
        return (try DiffSide.gitRevision(value, path: path), try DiffSide.workingCopy(path: path))
    }
    let parts = value.components(separatedBy: "..")
    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
        throw Arguments.UsageError(message: "--git needs <revision> or <old>..<new>, such as HEAD, main..HEAD or HEAD~1..HEAD")
    }
    return (try DiffSide.gitRevision(parts[0], path: path), try DiffSide.gitRevision(parts[1], path: path))
}
