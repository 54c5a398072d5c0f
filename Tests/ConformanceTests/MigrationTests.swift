import Foundation
import SpecKit
import Conformance
import Testing
import AppLockFixtures

/// `lockspec migrate` on spec folders written for each older language version (Languages/language-N, kept as they
/// were written): the result lints clean, runs the same cases as the current specs/ where they overlap, and every
/// case passes against the core; what needs a person is listed, located.
@Suite("Spec language migration")
struct MigrationTests {
    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let root = here.deletingLastPathComponent().deletingLastPathComponent()

    /// The files of Languages/language-N, as `specs/<file>` with their text.
    static func folder(_ version: Int) throws -> [(path: String, text: String)] {
        let folder = here.appendingPathComponent("Languages/language-\(version)")
        return try SpecCompiler.discover([folder.path]).map { path in
            ("specs/" + String(path.dropFirst(folder.path.count + 1)), try String(contentsOfFile: path, encoding: .utf8))
        }
    }

    static func compile(_ files: [(path: String, text: String)]) -> SpecCompiler.Compilation {
        SpecCompiler(catalog: FixtureRegistry.standard).compile(sources: files.map { ($0.path, Array($0.text.utf8)) })
    }

    /// The cases of one spec of the current specs/, by id.
    static func currentCases(of spec: String) throws -> [String: TestCase] {
        let folder = root.appendingPathComponent("Tests/Samples/specs")
        let sources = try SpecCompiler.discover([folder.path]).map { ("specs/" + String($0.dropFirst(folder.path.count + 1)), Array(try Data(contentsOf: URL(fileURLWithPath: $0)))) }
        let c = SpecCompiler(catalog: FixtureRegistry.standard).compile(sources: sources)
        return Dictionary(uniqueKeysWithValues: c.suite.cases.filter { $0.spec == spec }.map { ($0.id, $0) })
    }

    /// What a case does, wherever its lines stand: each step's action, expectations and effects.
    static func behaviour(_ c: TestCase?) -> [String]? {
        c?.steps.map { "\($0.action) expect \($0.expect) effects \($0.effects.map { "\($0)" } ?? "-")" }
    }

    static func migrated(_ version: Int) throws -> (SpecMigration, SpecCompiler.Compilation) {
        let old = try folder(version)
        #expect(compile(old).failed(strict: false), "the language-\(version) folder does not lint clean as it is (else the test proves nothing)")
        let migration = SpecMigrator(catalog: FixtureRegistry.standard).migrate(old)
        #expect(migration.errors.isEmpty)
        return (migration, compile(migration.files.map { ($0.path, $0.migrated) }))
    }

    @Test("language 2 → 3: version names become values, malformed text is marked; lints clean; the same cases as specs/, all passing")
    func language2() throws {
        let (migration, c) = try Self.migrated(2)
        #expect(c.diagnostics.isEmpty, "\(c.diagnostics.prefix(3))")
        #expect(migration.rewrites.contains { $0.message == "v1_10 → \"1.10\" (language 2 named the version \"1.10\")" })
        #expect(migration.rewrites.contains { $0.message.hasPrefix("v1_x → \"invalid 1.x\"") })
        // A name for malformed text is not called a version (a trial read '(language 2 named the version "1.3b")').
        #expect(migration.rewrites.contains { $0.message == "v1_x → \"invalid 1.x\" (language 2 named the text \"1.x\", which is not a version: the core gets it as before, marked as malformed on purpose)" },
                "\(migration.rewrites.map(\.message).filter { $0.hasPrefix("v1_x") })")
        // "1.3b" was passed as it is; it now reads "invalid 1.3b" and a person is asked whether it was a typo.
        let typo = migration.choices.filter { $0.message.contains("'1.3b' is not a version") }
        #expect(typo.count == 3 && typo.allSatisfy { $0.location.file == "specs/gates.flow.yaml" })
        // The notes that explain the old names (a product-owner trial found them left as they were): one choice each,
        // at the first old name, listing every one with what the file now writes.
        let words = migration.choices.filter { !typo.contains($0) }
        #expect(words.map { "\($0.location.file):\($0.location.line)" } == ["specs/gates.update-flow.yaml:9", "specs/gates.version-compare.yaml:11"], "\(words)")
        #expect(words.first?.message == "the spec's notes still name v1_1, v1_1_0, v1_2, v1_3 and v1_x: the file now writes them \"1.1\", \"1.1.0\", \"1.2\", \"1.3\" and \"invalid 1.x\"")
        #expect(words.allSatisfy { $0.id == "migrate.choice" })
        for spec in ["gates.version-compare", "gates.update-flow", "gates.flow"] {
            let current = try Self.currentCases(of: spec)
            let cases = c.suite.cases.filter { $0.spec == spec }
            #expect(!cases.isEmpty)
            for testCase in cases {
                #expect(Self.behaviour(current[testCase.id]) == Self.behaviour(testCase), "\(testCase.id) runs other steps than specs/ has")
                #expect(FixtureRegistry.standard.runner.run(testCase).passed, "\(testCase.id)")
            }
        }
    }

    @Test("language 2 → 3: a malformed text holding a quote and a backslash is marked and written as YAML that reads back the same")
    func language2Escapes() throws {
        let old = try Self.folder(2).map { file in
            // Single-quoted, where a quote and a backslash stand as they are.
            (path: file.path, text: file.text.replacingOccurrences(of: "\"1.3b\"", with: #"'1.3"b\'"#))
        }
        #expect(old.contains { $0.text.contains(#"with: {version: '1.3"b\'}"#) }, "the edit above found its place")
        let migration = SpecMigrator(catalog: FixtureRegistry.standard).migrate(old)
        #expect(migration.errors.isEmpty)
        let flow = try #require(migration.files.first { $0.path == "specs/gates.flow.yaml" })
        #expect(flow.migrated.contains(#"with: {version: "invalid 1.3\"b\\"}"#), "\(flow.migrated)")
        // The file is YAML again (unescaped, the quote ended the value early and it did not parse). Lint still refuses a
        // domain member holding a quote (it reads as a broken text expression): that is the language's rule, not this.
        #expect(try YAMLLoader().load(Array(flow.migrated.utf8), file: flow.path)["scenarios"] != nil)
    }

    @Test("language 1 → 3: table: added, a repeated product value removed, a plain expect on a repeat kept as expect-last and listed")
    func language1() throws {
        let (migration, c) = try Self.migrated(1)
        #expect(c.diagnostics.isEmpty, "\(c.diagnostics.prefix(3))")
        let availability = try #require(migration.files.first { $0.path == "specs/launch-lock.availability.yaml" })
        #expect(availability.migrated.contains("\ntable: launch-lock.availability\n"))
        #expect(!availability.migrated.contains("grace: 60s"))
        #expect(migration.choices.map(\.location.line) == [29], "the line of expect-last: in the migrated file")
        #expect(migration.choices.first?.hint == "if the expectation should hold after every repetition, write expect-each: instead")
        let current = try Self.currentCases(of: "launch-lock.availability")
        for testCase in c.suite.cases {
            if testCase.spec == "launch-lock.availability" { #expect(Self.behaviour(current[testCase.id]) == Self.behaviour(testCase), "\(testCase.id)") }
            #expect(FixtureRegistry.standard.runner.run(testCase).passed, "\(testCase.id)")
        }
    }

    @Test("only the rewritten nodes change: every other line stays byte for byte, comments included")
    func untouchedLinesStay() throws {
        let migration = SpecMigrator(catalog: FixtureRegistry.standard).migrate(try Self.folder(2))
        for file in migration.files {
            let written = file.migrated.components(separatedBy: "\n")
            // The one line the migration adds, `language: 3`; every report names a line of the file as written.
            let added = written.firstIndex(of: "language: 3").map { $0 + 1 } ?? Int.max
            let before = file.original.components(separatedBy: "\n"), after = written.filter { $0 != "language: 3" }
            #expect(before.count == after.count, "\(file.path)")
            // (A choice about words that still name an old value points at words the migration leaves as written.)
            let touched = Set(migration.rewrites.filter { $0.location.file == file.path }.map(\.location.line)
                              + migration.choices.filter { $0.location.file == file.path && !$0.message.contains(" still name") }.map(\.location.line))
            for (index, line) in before.enumerated() {
                let now = index + 1 < added ? index + 1 : index + 2
                if touched.contains(now) {
                    #expect(written[now - 1] != line, "\(file.path):\(now) is reported but unchanged")
                } else {
                    #expect(after[index] == line, "\(file.path):\(index + 1) changed")
                }
            }
        }
    }

    /// The migrated text of `file` from a reported location's line and column on.
    static func text(at location: SpecKit.SourceLocation, in migration: SpecMigration) -> String? {
        guard let file = migration.files.first(where: { $0.path == location.file }) else { return nil }
        let lines = file.migrated.components(separatedBy: "\n")
        guard location.line >= 1, location.line <= lines.count else { return nil }
        let scalars = Array(lines[location.line - 1].unicodeScalars)
        guard location.column >= 1, location.column <= scalars.count + 1 else { return nil }
        var s = String.UnicodeScalarView()
        s.append(contentsOf: scalars[(location.column - 1)...])
        return String(s)
    }

    @Test("every rewrite and choice names the line and column, in the file as migrated, of the text it speaks of", arguments: [1, 2])
    func locationsInTheMigratedFile(version: Int) throws {
        let migration = SpecMigrator(catalog: FixtureRegistry.standard).migrate(try Self.folder(version))
        #expect(!migration.rewrites.isEmpty)
        for note in migration.rewrites {
            let there = Self.text(at: note.location, in: migration)
            if note.message.hasPrefix("added ") {
                // "added table: x (…)" stands at the line it added, which reads "table: x".
                let line = note.message.dropFirst("added ".count).prefix { $0 != "(" }.trimmingCharacters(in: .whitespaces)
                #expect(there == line && note.location.column == 1, "\(note)")
            } else if let arrow = note.message.range(of: " → ") {
                let value = note.message[arrow.upperBound...].prefix { $0 != " " }
                #expect(there?.hasPrefix(value) == true, "\(note) reads \(there ?? "nothing")")
            } else if note.message.hasPrefix("removed ") {
                // A removed line is reported at the start of the line that now stands where it stood.
                #expect(there != nil && note.location.column == 1, "\(note)")
            } else {
                Issue.record("a rewrite this test does not know: \(note)")
            }
        }
        for choice in migration.choices {
            let there = Self.text(at: choice.location, in: migration) ?? ""
            if let reads = choice.message.range(of: "it now reads ") {
                let value = choice.message[reads.upperBound...].prefix { $0 != "," && $0 != ":" }
                #expect(there.hasPrefix(value), "\(choice) reads \(there)")
            } else if let names = choice.message.range(of: " still name") {
                // At the first old name the words still give.
                let first = choice.message[names.upperBound...].drop { $0 != " " }.dropFirst().prefix { $0 != "," && $0 != ":" && $0 != " " }
                #expect(!first.isEmpty && there.hasPrefix(first), "\(choice) reads \(there)")
            } else {
                Issue.record("a choice this test does not know: \(choice)")
            }
        }
    }

    @Test("a spec that gets table: and language: 3 reports each at the line it added; a product value left for a choice at its own line")
    func addedLinesAtTheirLines() throws {
        let old = try Self.folder(1)
        let spec = try #require(old.first { $0.path == "specs/launch-lock.availability.yaml" })
        let differing = spec.text.replacingOccurrences(of: "  grace: 60s\n", with: "  grace: 60s\n  policy: deviceOwnerAuthenticationWithBiometrics\n")
        #expect(differing != spec.text)
        let migration = SpecMigrator(catalog: FixtureRegistry.standard).migrate(old.filter { $0.path != spec.path } + [(spec.path, differing)])
        let notes = migration.rewrites.filter { $0.location.file == spec.path }
        let lines = try #require(migration.files.first { $0.path == spec.path }).migrated.components(separatedBy: "\n")
        for (message, text) in [("added table:", "table: launch-lock.availability"), ("added language:", "language: 3")] {
            let note = try #require(notes.first { $0.message.hasPrefix(message) })
            #expect(lines[note.location.line - 1] == text && note.location.column == 1, "\(note)")
        }
        #expect(Set(notes.filter { $0.message.hasPrefix("added ") }.map(\.location.line)).count == 2, "two added lines, two places")
        let choice = try #require(migration.choices.first { $0.message.hasPrefix("this spec sets policy:") })
        #expect(Self.text(at: choice.location, in: migration) == "policy: deviceOwnerAuthenticationWithBiometrics", "\(choice)")
        let removed = try #require(notes.first { $0.message.hasPrefix("removed grace: 60s") })
        #expect(removed.location.line == choice.location.line && removed.location.column == 1, "where grace: stood, policy: now stands")
    }

    @Test("a choice whose old meaning is written is listed once; one left as it was is listed by every run, and lint reports it, until it is made")
    func choicesListedUntilMade() throws {
        let old = try Self.folder(1)
        let spec = try #require(old.first { $0.path == "specs/launch-lock.availability.yaml" })
        let differing = spec.text.replacingOccurrences(of: "  grace: 60s\n", with: "  grace: 60s\n  policy: deviceOwnerAuthenticationWithBiometrics\n")
        let migrator = SpecMigrator(catalog: FixtureRegistry.standard)
        let once = migrator.migrate(old.filter { $0.path != spec.path } + [(spec.path, differing)])
        #expect(once.choices.map(\.id).sorted() == ["migrate.choice", "migrate.unresolved"])
        let written = try #require(once.choices.first { $0.id == "migrate.choice" })
        #expect(written.message.contains("it now reads expect-last:"))
        let open = try #require(once.choices.first { $0.id == "migrate.unresolved" })
        #expect(open.message.hasPrefix("this spec sets policy: deviceOwnerAuthenticationWithBiometrics"))

        let twice = migrator.migrate(once.files.map { ($0.path, $0.migrated) })
        #expect(twice.files.allSatisfy { !$0.changed } && twice.rewrites.isEmpty)
        #expect(twice.choices == [open], "the open choice again, at the same place; the written one not again")
        let lint = Self.compile(twice.files.map { ($0.path, $0.migrated) }).diagnostics
        #expect(lint.map(\.id) == ["product.conflict"] && lint.first?.location.line == open.location.line, "\(lint)")

        let chosen = twice.files.map { file in
            (file.path, file.migrated.replacingOccurrences(of: "  policy: deviceOwnerAuthenticationWithBiometrics\n",
                                                           with: "  policy: {value: deviceOwnerAuthenticationWithBiometrics, decision: \"D-POLICY: this table is read with biometrics only\"}\n"))
        }
        let thrice = migrator.migrate(chosen)
        #expect(thrice.files.allSatisfy { !$0.changed } && thrice.rewrites.isEmpty && thrice.choices.isEmpty, "\(thrice.choices)")
    }

    @Test("a current folder is left alone, and migrating twice changes nothing the second time")
    func idempotent() throws {
        let once = SpecMigrator(catalog: FixtureRegistry.standard).migrate(try Self.folder(2))
        let twice = SpecMigrator(catalog: FixtureRegistry.standard).migrate(once.files.map { ($0.path, $0.migrated) })
        #expect(twice.files.allSatisfy { !$0.changed })
        #expect(twice.rewrites.isEmpty && twice.choices.isEmpty)
    }

    /// A language-2 scenario spec (version names) whose repeated step has a plain `expect:`, which language 2 already
    /// rejected: language 1's construct under a language-2 header (Languages/language-2-plain-expect, which the CLI's
    /// migrate tests run too).
    static var language2WithPlainExpect: String {
        get throws {
            try String(contentsOf: here.appendingPathComponent("Languages/language-2-plain-expect/gates.upd.yaml"), encoding: .utf8)
        }
    }

    @Test("one run brings a language-2 file that holds a language-1 construct fully to language 3; a second run changes, rewrites and lists nothing")
    func oneRunFromLanguage2() throws {
        let product = try #require(try Self.folder(2).first { $0.path == "specs/gates.product.yaml" })
        let sources = [product, ("specs/gates.upd.yaml", try Self.language2WithPlainExpect)]
        let once = SpecMigrator(catalog: FixtureRegistry.standard).migrate(sources)
        let file = try #require(once.files.first { $0.path == "specs/gates.upd.yaml" })
        #expect(file.migrated.contains("\n        expect-last: {sheet: forced}\n"), "\(file.migrated)")
        #expect(file.migrated.contains("\nlanguage: 3\n") && file.migrated.contains("with: {min: \"1.2\", latest: \"1.3\"}"))
        #expect(once.choices.map(\.message) == ["'expect' on a repeated step was checked after the last repetition only; it now reads expect-last:, which keeps that"])
        let c = Self.compile(once.files.map { ($0.path, $0.migrated) })
        #expect(c.diagnostics.isEmpty, "\(c.diagnostics.prefix(3))")
        let twice = SpecMigrator(catalog: FixtureRegistry.standard).migrate(once.files.map { ($0.path, $0.migrated) })
        #expect(twice.files.allSatisfy { !$0.changed })
        #expect(twice.rewrites.isEmpty, "\(twice.rewrites)")
        #expect(twice.choices.isEmpty, "\(twice.choices)")
    }

    @Test("a decision spec without table: gets its version names rewritten in the same run that adds the table")
    func tableThenVersionsInOneRun() throws {
        let old = try Self.folder(2)
        let spec = try #require(old.first { $0.path == "specs/gates.version-compare.yaml" })
        let noTable = spec.text.replacingOccurrences(of: "table: gates.version-compare\n", with: "")
        #expect(noTable != spec.text)
        let once = SpecMigrator(catalog: FixtureRegistry.standard).migrate(old.filter { $0.path != spec.path } + [(spec.path, noTable)])
        let file = try #require(once.files.first { $0.path == spec.path })
        #expect(file.migrated.contains("\ntable: gates.version-compare\n"))
        #expect(file.migrated.contains("version: [\"1.0\", \"1.0.0\""), "the inputs, typed by the table just added")
        let c = Self.compile(once.files.map { ($0.path, $0.migrated) })
        #expect(c.diagnostics.isEmpty, "\(c.diagnostics.prefix(3))")
        let twice = SpecMigrator(catalog: FixtureRegistry.standard).migrate(once.files.map { ($0.path, $0.migrated) })
        #expect(twice.files.allSatisfy { !$0.changed } && twice.rewrites.isEmpty)
    }

    @Test("migrate writes each changed file over itself, keeping its permissions (0600, 0664)")
    func writeKeepsMode() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lockspec-migrate-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.here.appendingPathComponent("Languages/language-2"), to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = try SpecCompiler.discover([folder.path])
        for (n, path) in paths.enumerated() {
            try FileManager.default.setAttributes([.posixPermissions: n % 2 == 0 ? 0o600 : 0o664], ofItemAtPath: path)
        }
        let migration = try SpecMigrator(catalog: FixtureRegistry.standard).migrate(paths: [folder.path], write: true)
        #expect(migration.errors.isEmpty)
        let rewritten = paths.indices.filter { n in migration.files.contains { $0.path == paths[n] && $0.changed } }
        #expect(Set(rewritten.map { $0 % 2 }) == [0, 1], "files of both modes are rewritten (else the test proves less)")
        for (n, path) in paths.enumerated() {
            let file = try #require(migration.files.first { $0.path == path })
            #expect(try String(contentsOfFile: path, encoding: .utf8) == file.migrated)
            let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
            #expect(mode == (n % 2 == 0 ? 0o600 : 0o664), "\(path): 0\(String(mode, radix: 8))")
        }
    }

    @Test("a spec that says an older language is one located finding that names the command")
    func oldLanguageDeclared() {
        let c = Self.compile([("specs/a.yaml", "id: a\nkind: decision\nlanguage: 2\ntitle: t\nsource: s\nfixture: launch-gates\n")])
        #expect(c.diagnostics.map(\.id) == ["spec.old-language"])
        #expect(c.diagnostics.first?.location.line == 3)
        #expect(c.diagnostics.first?.hint == "run 'lockspec migrate specs/a.yaml': it rewrites what it can and lists what needs your choice")
    }

    @Test("a file that says a version this build does not know is an error and left alone; one that says the current version but holds older constructs is still rewritten")
    func declaredVersions() throws {
        let future = SpecMigrator(catalog: FixtureRegistry.standard).migrate([("specs/f.yaml", "id: f\nkind: decision\nlanguage: 4\n")])
        #expect(future.errors.map(\.id) == ["migrate.unknown-language"])
        #expect(future.errors.first?.location.line == 3)
        #expect(future.files.allSatisfy { !$0.changed })
        #expect(future.notMigrated == ["specs/f.yaml"] && future.migratedFiles.isEmpty)
        let mixed = SpecMigrator(catalog: FixtureRegistry.standard).migrate([("specs/f.yaml", "id: f\nkind: decision\nlanguage: 4\n"),
                                                                           ("specs/b.yaml", "id: b\nkind: [decision\n"),
                                                                           ("specs/g.yaml", try Self.language2WithPlainExpect)])
        #expect(mixed.notMigrated == ["specs/b.yaml", "specs/f.yaml"])
        #expect(mixed.migratedFiles.map(\.path) == ["specs/g.yaml"] && mixed.migratedFiles.allSatisfy(\.changed))
        #expect(Set(mixed.errors.map(\.location.file)) == Set(mixed.notMigrated), "each file not migrated has its located error")
        let old = try #require(try Self.folder(2).first { $0.path == "specs/gates.version-compare.yaml" })
        let claimed = old.text.replacingOccurrences(of: "kind: decision\n", with: "kind: decision\nlanguage: 3\n")
        let migration = SpecMigrator(catalog: FixtureRegistry.standard).migrate(try Self.folder(2).filter { $0.path != old.path } + [(old.path, claimed)])
        let file = try #require(migration.files.first { $0.path == old.path })
        #expect(file.migrated.contains("version: [\"1.0\", \"1.0.0\""))
        #expect(file.migrated.components(separatedBy: "language: 3").count == 2, "language: 3 is not written twice")
    }
}
