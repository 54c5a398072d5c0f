import Foundation
import SpecKit
import Conformance
import Testing
import AppLockFixtures

/// `lockspec migrate` on files written as a person may write them: a flow or indented top level, comments on the
/// lines a rewrite would remove, anchors, values an older language defaulted, files that are not specs or cannot be
/// written. Each case a product owner's trial of the command met.
@Suite("Spec language migration: files as people write them")
struct MigrationEdgeTests {
    static let migrator = SpecMigrator(catalog: FixtureRegistry.standard)

    /// The launch-gates product file, with the two values language 3 needs.
    static let gatesProduct = ("specs/gates.product.yaml",
                               "id: gates.product\nkind: product\ntitle: t\nsource: s\nfixture: launch-gates\nproduct:\n  appVersion: \"1.1\"\n  legalVersion: \"2026-04-30\"\n")

    static func migrated(_ file: (String, String), with others: [(String, String)] = []) throws -> (SpecMigration, String) {
        let m = migrator.migrate([file] + others)
        return (m, try #require(m.files.first { $0.path == file.0 }).migrated)
    }

    @Test("keys added after kind: go inside the braces of a flow top level, and at the indentation of an indented one; both read back")
    func addedKeysFitTheTopLevel() throws {
        let (flow, flowText) = try Self.migrated(("specs/t.yaml", "{id: launch-lock.toggle, kind: decision, fixture: launch-lock}\n"))
        #expect(flowText == "{id: launch-lock.toggle, kind: decision, table: launch-lock.toggle, language: 3, fixture: launch-lock}\n")
        #expect(flow.errors.isEmpty && flow.rewrites.map(\.location.line) == [1, 1])
        let (indented, indentedText) = try Self.migrated(("specs/t.yaml", "  id: launch-lock.toggle\n  kind: decision\n  fixture: launch-lock\n"))
        #expect(indentedText == "  id: launch-lock.toggle\n  kind: decision\n  table: launch-lock.toggle\n  language: 3\n  fixture: launch-lock\n")
        #expect(indented.rewrites.map { "\($0.location.line):\($0.location.column)" }.sorted() == ["3:3", "4:3"])
    }

    @Test("a repeated product value on a commented line, or a block holding a comment, is listed, not removed; an uncommented one goes")
    func commentsStay() throws {
        let product = ("specs/launch-lock.product.yaml",
                       "id: launch-lock.product\nkind: product\ntitle: t\nsource: s\nfixture: launch-lock\nproduct:\n  grace: 60s\n  policy: deviceOwnerAuthentication\n")
        let head = "id: s\nkind: machine\nlanguage: 3\nfixture: launch-lock\n"
        let (m, text) = try Self.migrated(("specs/s.yaml", head + "product:   # review\n  grace: 60s   # per §2\n  policy: deviceOwnerAuthentication\n"), with: [product])
        #expect(text == head + "product:   # review\n  grace: 60s   # per §2\n")
        #expect(m.rewrites.map(\.message) == ["removed policy: deviceOwnerAuthentication, which specs/launch-lock.product.yaml gives every 'launch-lock' spec"])
        #expect(m.choices.map(\.id) == ["migrate.unresolved"] && m.choices.first?.hint?.contains("does not remove a commented line") == true)
        let block = head + "product:\n  # why\n  grace: 60s\n"
        let (all, allText) = try Self.migrated(("specs/s.yaml", block), with: [product])
        #expect(allText == block, "the whole block would go, and its comment line would stand under the next key")
        #expect(all.rewrites.isEmpty && all.choices.map(\.id) == ["migrate.unresolved"])
        let plain = head + "product:\n  grace: 60s\n"
        #expect(try Self.migrated(("specs/s.yaml", plain), with: [product]).1 == head)
    }

    @Test("the values language 1 and 2 defaulted are written into the fixture's product file once, or listed at each spec that relies on them when there is none")
    func formerDefaults() throws {
        let product = ("specs/gates.product.yaml", "id: gates.product\nkind: product\ntitle: t\nsource: s\nfixture: launch-gates\nproduct:\n  biometricEnabled: false\nlanguage: 2\n")
        let spec = ("specs/g.yaml", "id: g\nkind: machine\nfixture: launch-gates\n")
        let (m, text) = try Self.migrated(product, with: [spec])
        #expect(text == "id: gates.product\nkind: product\ntitle: t\nsource: s\nfixture: launch-gates\nproduct:\n  biometricEnabled: false\n  appVersion: \"1.1\"\n  legalVersion: \"2026-04-30\"\nlanguage: 3\n")
        #expect(m.choices.map { "\($0.id) \($0.location.line):\($0.location.column)" } == ["migrate.choice 8:3", "migrate.choice 9:3"])
        #expect(m.choices.first?.message == "language 1 and 2 ran each 'launch-gates' spec that set no appVersion with \"1.1\"; it is now written here, for every 'launch-gates' spec that sets none")
        let c = MigrationTests.compile(m.files.map { ($0.path, $0.migrated) })
        #expect(!c.diagnostics.contains { $0.id == "product.missing" }, "\(c.diagnostics)")
        // No product file: each spec that sets none lists both, at its fixture: line, with the value it ran with.
        let alone = Self.migrator.migrate([spec, ("specs/h.yaml", "id: h\nkind: machine\nfixture: launch-gates\nproduct:\n  appVersion: \"1.2\"\n")])
        #expect(alone.choices.map { "\($0.location.file):\($0.location.line) \($0.id)" }
                == ["specs/g.yaml:3 migrate.unresolved", "specs/g.yaml:3 migrate.unresolved", "specs/h.yaml:3 migrate.unresolved"])
        #expect(alone.choices.contains { $0.location.file == "specs/h.yaml" && $0.message.contains("legalVersion: \"2026-04-30\"") })
        // A folder whose specs all set both gets nothing.
        #expect(Self.migrator.migrate([Self.gatesProduct, spec]).choices.isEmpty)
    }

    @Test("a language-2 version name is read as its fixture read it: the first letter dropped, _ as . (V1_2 is 1.2); an anchored one is rewritten after its anchor, once, and its aliases follow")
    func namesAndAnchors() throws {
        let head = "id: gates.version-compare\nkind: decision\nlanguage: 3\ntable: gates.version-compare\nfixture: launch-gates\n"
        let (m, text) = try Self.migrated(("specs/v.yaml", head + "inputs: {version: [V1_2, v_], other: [x1_0]}\n"), with: [Self.gatesProduct])
        #expect(text == head + "inputs: {version: [\"1.2\", \"invalid .\"], other: [\"1.0\"]}\n")
        #expect(m.rewrites.map(\.message).contains("V1_2 → \"1.2\" (language 2 named the version \"1.2\")"))
        let (a, anchored) = try Self.migrated(("specs/v.yaml", head + "inputs: {version: &v [&twelve v1_2, v1_0], other: *v}\nrows:\n  - {id: R, when: {version: *twelve}}\n"),
                                              with: [Self.gatesProduct])
        #expect(anchored == head + "inputs: {version: &v [&twelve \"1.2\", \"1.0\"], other: *v}\nrows:\n  - {id: R, when: {version: *twelve}}\n")
        #expect(a.rewrites.count == 2 && a.choices.isEmpty, "\(a.rewrites) \(a.choices)")
    }

    @Test("a file that is not a spec is a located error and left as it is; a text the rules would break is refused, not written")
    func notASpec() throws {
        let m = Self.migrator.migrate([("specs/list.yaml", "- a\n- b\n")])
        #expect(m.errors.map(\.id) == ["migrate.not-a-spec"] && m.notMigrated == ["specs/list.yaml"] && m.files.allSatisfy { !$0.changed })
        #expect(SpecMigrator.readBack("id: a\nkind: [x\n", of: "a.yaml").map(\.id) == ["migrate.unwritable"])
        #expect(SpecMigrator.readBack("- a\n", of: "a.yaml").map(\.id) == ["migrate.unwritable"])
        #expect(SpecMigrator.readBack("id: a\n", of: "a.yaml").isEmpty)
    }

    @Test("a read-only file is an error, left as it is, and none of its rewrites is reported; --check predicts it", arguments: [true, false])
    func readOnly(write: Bool) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lockspec-migrate-ro-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("t.yaml").path
        let text = "id: launch-lock.toggle\nkind: decision\nfixture: launch-lock\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        let m = try Self.migrator.migrate(paths: [folder.path], write: write)
        #expect(m.errors.map(\.id) == ["migrate.unwritable"] && m.notMigrated == [path])
        #expect(m.errors.first?.message.contains("read-only") == true)
        #expect(m.rewrites.isEmpty && m.choices.isEmpty && m.migratedFiles.isEmpty)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    }

    @Test("a product value its fixture no longer takes is removed (it configured nothing) and said why; lint names it as retired, not as a typo")
    func retiredProductValues() throws {
        let head = "id: c\nkind: scenarios\nlanguage: 3\nfixture: capability\n"
        let (m, text) = try Self.migrated(("specs/c.yaml", head + "product:\n  policy: deviceOwnerAuthentication\n  fallbackTitle: 输入密码\n  cancelTitle: 取消\n"))
        #expect(text == head + "product:\n  policy: deviceOwnerAuthentication\n")
        #expect(m.rewrites.map(\.message).sorted().first?.hasPrefix("removed cancelTitle: 取消, which fixture 'capability' no longer takes: the system prompt shows it") == true,
                "\(m.rewrites)")
        let spec = "id: c\nkind: scenarios\ntitle: t\nsource: biometric-capability-detection.zh.md §2\nfixture: capability\n"
        let lint = MigrationTests.compile([("specs/c.yaml", spec + "product:\n  fallbackTitle: 输入密码\nscenarios: []\n")]).diagnostics
        let retired = try #require(lint.first { $0.message.contains("fallbackTitle") })
        #expect(retired.message.hasPrefix("fixture 'capability' no longer takes the product value 'fallbackTitle': the system prompt shows it"))
        #expect(retired.hint == "remove the line ('lockspec migrate' removes it)")
    }

    @Test("a plain expect on a step repeated once is rewritten with no choice: after the last repetition is after each")
    func repeatedOnce() throws {
        let head = "id: s\nkind: scenarios\nlanguage: 2\nfixture: launch-lock\nscenarios:\n  - id: S\n    steps:\n      - event: appear\n        repeat: "
        let (once, text) = try Self.migrated(("specs/s.yaml", head + "1\n        expect: {state: Open}\n"))
        #expect(text.contains("        expect-last: {state: Open}\n") && once.choices.isEmpty, "\(once.choices)")
        #expect(once.rewrites.contains { $0.message.hasPrefix("expect → expect-last (a step repeated once") })
        let twice = Self.migrator.migrate([("specs/s.yaml", head + "2\n        expect: {state: Open}\n")])
        #expect(twice.choices.map(\.id) == ["migrate.choice"])
    }

    @Test("a kind written as a block scalar gets the added keys after its text, not inside it; a text that would read another kind or lose a key is refused")
    func blockScalarKind() throws {
        let (m, text) = try Self.migrated(("specs/t.yaml", "id: launch-lock.toggle\nkind: >-\n  decision\nfixture: launch-lock\n"))
        #expect(m.errors.isEmpty, "\(m.errors)")
        #expect(text == "id: launch-lock.toggle\nkind: >-\n  decision\ntable: launch-lock.toggle\nlanguage: 3\nfixture: launch-lock\n")
        let original = try YAMLLoader().loadDocument(Array("id: a\nkind: decision\nfixture: f\n".utf8), file: "a.yaml").root
        #expect(SpecMigrator.readBack("id: a\nkind:\nlanguage: 3 decision\nfixture: f\n", of: "a.yaml", as: original).map(\.id) == ["migrate.unwritable"])
        #expect(SpecMigrator.readBack("id: a\nkind: decision\n", of: "a.yaml", as: original).first?.message.contains("lose the key fixture") == true)
        #expect(SpecMigrator.readBack("id: a\nkind: decision\nlanguage: 3\nfixture: f\n", of: "a.yaml", as: original).isEmpty)
    }

    @Test("a product file left with no value keeps product: {}; a comment line closing the block keeps the block; a spec's own value that now differs from the written default is listed by the run that writes it")
    func productBlockEdges() throws {
        let retiredOnly = ("specs/capability.product.yaml", "id: capability.product\nkind: product\ntitle: t\nsource: s\nfixture: capability\nproduct:\n  fallbackTitle: a\n  cancelTitle: b\n")
        #expect(try Self.migrated(retiredOnly).1 == "id: capability.product\nkind: product\nlanguage: 3\ntitle: t\nsource: s\nfixture: capability\nproduct: {}\n")
        let product = ("specs/launch-lock.product.yaml", "id: launch-lock.product\nkind: product\ntitle: t\nsource: s\nfixture: launch-lock\nproduct:\n  grace: 60s\n")
        let closing = "id: s\nkind: machine\nlanguage: 3\nfixture: launch-lock\nproduct:\n  grace: 60s\n  # reviewed with design\nuses: []\n"
        let (m, text) = try Self.migrated(("specs/s.yaml", closing), with: [product])
        #expect(text == closing && m.choices.map(\.id) == ["migrate.unresolved"], "\(m.rewrites)")
        let gates = ("specs/gates.product.yaml", "id: gates.product\nkind: product\ntitle: t\nsource: s\nfixture: launch-gates\nproduct:\n  biometricEnabled: false\n")
        let own = ("specs/own.yaml", "id: own\nkind: machine\nfixture: launch-gates\nproduct:\n  appVersion: \"2.0\"\n  legalVersion: \"2026-04-30\"\n")
        let relying = ("specs/g.yaml", "id: g\nkind: machine\nfixture: launch-gates\n")
        let written = Self.migrator.migrate([gates, own, relying])
        let conflict = try #require(written.choices.first { $0.location.file == "specs/own.yaml" })
        #expect(conflict.message.hasPrefix("this spec sets appVersion: \"2.0\", and specs/gates.product.yaml now says \"1.1\""), "\(conflict.message)")
        #expect(conflict.hint == "keep it for this spec only with appVersion: {value: \"2.0\", decision: \"D-…: why\"}, or remove the line")
        #expect(written.choices.filter { $0.location.file == "specs/own.yaml" }.count == 1, "legalVersion is the same value: nothing to choose")
    }

    @Test("a language-2 version name in a product value is rewritten to its version wherever a product value is written (a product file, a spec's product: alone or {value:}, a scenario's given:, variants:) and listed, as language 2 passed the text as written")
    func productValueNames() throws {
        let product = ("specs/gates.product.yaml",
                       "id: gates.product\nkind: product\ntitle: t\nsource: s\nfixture: launch-gates\nlanguage: 2\nproduct:\n  appVersion: v1_1\n  legalVersion: \"2026-04-30\"\n")
        let differs = ("specs/d.yaml", "id: d\nkind: machine\nfixture: launch-gates\nlanguage: 2\nproduct: {appVersion: v1_2}\n")
        let same = ("specs/s.yaml", "id: s\nkind: machine\nfixture: launch-gates\nlanguage: 2\nproduct:\n  appVersion: V1_1\n  biometricEnabled: true\n")
        let decided = ("specs/k.yaml", "id: k\nkind: machine\nfixture: launch-gates\nlanguage: 2\nproduct:\n  appVersion: {value: v1_3, decision: \"D-X: y\"}\n")
        let given = ("specs/g.yaml", "id: g\nkind: scenarios\nfixture: launch-gates\nlanguage: 2\nscenarios:\n  - id: G\n    given: {appVersion: v1_9}\n    steps: []\n")
        let m = Self.migrator.migrate([product, differs, same, decided, given])
        #expect(m.errors.isEmpty, "\(m.errors)")
        func text(_ path: String) -> String? { m.files.first { $0.path == path }?.migrated }
        #expect(text("specs/gates.product.yaml")?.contains("\n  appVersion: \"1.1\"\n") == true)
        #expect(text("specs/d.yaml")?.hasSuffix("\nproduct: {appVersion: \"1.2\"}\n") == true)
        #expect(text("specs/s.yaml") == "id: s\nkind: machine\nfixture: launch-gates\nlanguage: 3\nproduct:\n  biometricEnabled: true\n",
                "V1_1 is the product file's v1_1: a repeated value, removed with its line")
        #expect(text("specs/k.yaml")?.contains("appVersion: {value: \"1.3\", decision: \"D-X: y\"}") == true)
        #expect(text("specs/g.yaml")?.contains("    given: {appVersion: \"1.9\"}\n") == true)
        #expect(!m.rewrites.contains { $0.message.hasPrefix("V1_1 →") } && !m.choices.contains { $0.location.file == "specs/s.yaml" },
                "a value on a removed line is not rewritten")
        // Language 2's fixture passed a product value to the core as written (v1_9 ran as the text "v1_9", no version):
        // the value the name stands for is written, and each place is listed, as it is not what language 2 ran.
        let named = m.choices.filter { $0.id == "migrate.choice" }
        #expect(named.map { "\($0.location.file):\($0.location.line):\($0.location.column)" }
                == ["specs/d.yaml:5:23", "specs/g.yaml:7:25", "specs/gates.product.yaml:8:15", "specs/k.yaml:6:23"], "\(named)")
        let nine = try #require(named.first { $0.location.file == "specs/g.yaml" })
        #expect(nine.message == "appVersion: language 2 passed v1_9 to the core as written, which is not a version; it now reads \"1.9\", the version the name stands for elsewhere")
        #expect(nine.hint == "if the core was meant to get the text v1_9 as it is, write \"invalid v1_9\"")
        // The one open choice, the spec's own value that differs, is said and hinted as the value it now reads.
        let open = m.choices.filter { $0.id == "migrate.unresolved" }
        #expect(open.count == 1, "\(m.choices)")
        let choice = try #require(open.first)
        #expect(choice.location.file == "specs/d.yaml")
        #expect(choice.message == "this spec sets appVersion: \"1.2\", but specs/gates.product.yaml sets \"1.1\" for every 'launch-gates' spec")
        #expect(choice.hint == "keep it for this spec only with appVersion: {value: \"1.2\", decision: \"D-…: why\"}, or remove the line")
        let lint = MigrationTests.compile(m.files.map { ($0.path, $0.migrated) }).diagnostics
        #expect(!lint.contains { $0.id == "product.bad-value" || $0.id == "spec.old-language" }, "\(lint)")
        // A second run rewrites nothing and lists only the open choice.
        let again = Self.migrator.migrate(m.files.map { ($0.path, $0.migrated) })
        #expect(again.rewrites.isEmpty && again.choices.map(\.message) == [choice.message])
        let variants = "id: gates.product\nkind: product\nlanguage: 2\nfixture: launch-gates\nproduct:\n  legalVersion: \"2026-04-30\"\nvariants:\n  appVersion: "
        #expect(try Self.migrated(("specs/gates.product.yaml", variants + "[v1_1, v1_10]\n")).1
                == variants.replacingOccurrences(of: "language: 2", with: "language: 3") + "[\"1.1\", \"1.10\"]\n")
    }

    @Test("lint: a spec's product value that is a language-2 name is one finding, product.bad-value, not also a conflict or a repetition with the product file")
    func productNameIsOneFinding() throws {
        let folder = MigrationTests.root.appendingPathComponent("Tests/Samples/specs")
        let product = try String(contentsOf: folder.appendingPathComponent("gates.product.yaml"), encoding: .utf8)
        let update = try String(contentsOf: folder.appendingPathComponent("gates.update.yaml"), encoding: .utf8)
        #expect(update.contains("\ntable: gates.update\n"))
        for name in ["v1_2", "v1_1"] {
            let spec = update.replacingOccurrences(of: "\ntable: gates.update\n", with: "\ntable: gates.update\nproduct: {appVersion: \(name)}\n")
            let lint = MigrationTests.compile([("specs/gates.product.yaml", product), ("specs/gates.update.yaml", spec)]).diagnostics
            #expect(lint.map(\.id) == ["product.bad-value"], "\(name): \(lint)")
            #expect(lint.first?.location.line == 8)
        }
    }

    /// A fixture with one matrix whose axis is a version (no fixture of the standard catalog has one).
    struct VersionMatrixCatalog: FixtureCatalog {
        func vocabulary(of fixture: String) -> FixtureVocabulary? {
            fixture == "grid" ? FixtureVocabulary(matrices: ["grid.versions": ["version": .literal(.version)]]) : nil
        }
        var fixtureNames: [String] { ["grid"] }
    }

    @Test("a matrix's version axis is rewritten as a decision's inputs are: in axes: and in the rows' when:")
    func matrixAxes() throws {
        let head = "id: grid.versions\nkind: matrix\nlanguage: 2\ntable: grid.versions\nfixture: grid\n"
        let m = SpecMigrator(catalog: VersionMatrixCatalog()).migrate([("specs/m.yaml", head + "axes:\n  version: [v1_2, v1_10]\nrows:\n  - {id: R, when: {version: v1_10}}\n")])
        #expect(m.files.first?.migrated == head.replacingOccurrences(of: "language: 2", with: "language: 3")
                + "axes:\n  version: [\"1.2\", \"1.10\"]\nrows:\n  - {id: R, when: {version: \"1.10\"}}\n")
    }
}
