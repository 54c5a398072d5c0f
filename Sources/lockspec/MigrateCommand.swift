import CommandLineKit
import SpecKit
import Conformance
import AppLockFixtures

let migrateCommand = Command(
    name: "migrate",
    overview: "Rewrites specs written for an older spec language version, and lists what needs your choice.",
    usage: "lockspec migrate [<path> ...] [--check]",
    arguments: [("<path>", "Spec files or folders to migrate (default: specs).")],
    options: [
        ("--check", "Changes nothing: lists what would be rewritten and exits 1 when any file would change or a choice is still open."),
    ],
    valued: [], flags: ["--check"],
    run: { args in
        let check = args.flags.contains("--check")
        let paths = args.positionals.isEmpty ? ["specs"] : args.positionals
        // A path that does not exist is a DiagnosticError, which the command line prints and exits 2 on.
        let migration = try SpecMigrator(catalog: FixtureRegistry.standard).migrate(paths: paths, write: !check)
        // A check that read nothing has not held: a CI step pointed at an empty or mistyped folder must not pass.
        if migration.files.isEmpty && migration.errors.isEmpty && migration.notMigrated.isEmpty {
            throw Arguments.UsageError(message: "nothing to migrate: no spec file in \(named(args.positionals))")
        }
        Terminal.out(renderMigration(migration, written: !check))
        // A file that could not be migrated is an error, whatever happened to the others.
        if !migration.errors.isEmpty || !migration.notMigrated.isEmpty { return 2 }
        // For CI, a folder is migrated when nothing would change and no choice is left open.
        let open = migration.choices.contains { $0.id == "migrate.unresolved" }
        // A written folder that lint still fails is not done either, though no language change is left in it.
        return (check && (open || migration.files.contains(where: \.changed))) || !migration.lintErrors.isEmpty ? 1 : 0
    })

/// The rewrites, then the choices left to a person, then one closing line.
func renderMigration(_ m: SpecMigration, written: Bool) -> String {
    var text = ""
    if !m.errors.isEmpty { text += DiagnosticFormatter.render(m.errors, format: .text, strict: false, color: false) }
    if !m.rewrites.isEmpty {
        text += (written ? "rewrote:\n" : "would rewrite:\n") + rewriteLines(m.rewrites).joined()
    }
    func listed(_ choices: [Diagnostic]) -> String { choices.map { "  \($0.location): \($0.message)\n    hint: \($0.hint ?? "")\n" }.joined() }
    let unresolved = m.choices.filter { $0.id == "migrate.unresolved" }, checks = m.choices.filter { $0.id != "migrate.unresolved" }
    if !checks.isEmpty {
        text += "needs your choice (what the old version meant \(written ? "is" : "would be") written; check it):\n" + listed(checks)
    }
    if !unresolved.isEmpty {
        text += "needs your choice, left as it was (lint reports it, and every run lists it, until you choose):\n" + listed(unresolved)
    }
    text += migrationSummary(m, written: written)
    return text
}

/// The rewrites, each located; one made at three places or more (the same version name in many rows) is one line with
/// its count, by file, and its first place, so the list stays readable.
func rewriteLines(_ rewrites: [Diagnostic]) -> [String] {
    var order: [String] = [], places: [String: [Diagnostic]] = [:]
    for r in rewrites {
        if places[r.message] == nil { order.append(r.message) }
        places[r.message, default: []].append(r)
    }
    return order.flatMap { message -> [String] in
        let at = places[message] ?? []
        guard at.count >= 3 else { return at.map { "  \($0.location): \(message)\n" } }
        var files: [String] = [], counts: [String: Int] = [:]
        for d in at {
            if counts[d.location.file] == nil { files.append(d.location.file) }
            counts[d.location.file, default: 0] += 1
        }
        let where_ = files.map { "\($0) (\(counts[$0] ?? 0))" }.joined(separator: ", ")
        return ["  \(message): \(at.count) places, in \(where_); the first at \(at[0].location)\n"]
    }
}

/// The closing line: only the files migrated count as at the current language; the others are named.
func migrationSummary(_ m: SpecMigration, written: Bool) -> String {
    let migrated = m.migratedFiles
    var line = "migrate: \(counted(migrated.count, "file")) to language \(SpecLanguage.current) "
        + "(\(migrated.filter(\.changed).count) \(written ? "changed" : "would change")), "
        + "\(counted(m.rewrites.count, "rewrite")), \(counted(m.choices.count, "choice")) for you"
    if !m.notMigrated.isEmpty {
        line += "; \(counted(m.notMigrated.count, "file")) not migrated (the errors above): \(m.notMigrated.joined(separator: ", "))"
    }
    if let first = m.lintErrors.first {
        line += "\nlint still finds \(counted(m.lintErrors.count, "error")) in the migrated files (the first: \(first.location): "
            + "\(first.message)): the folder is done when lint passes; run lockspec lint on the same paths"
    }
    return line + "\n"
}
