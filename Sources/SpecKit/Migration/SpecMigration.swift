/// What `lockspec migrate` did to a set of spec files: each file's text before and after, every rewrite it made, and
/// every choice it leaves to a person, all located.
public struct SpecMigration: Sendable {
    /// One file, before and after.
    public struct File: Sendable, Hashable {
        /// The path, as given.
        public var path: String
        /// The text as read.
        public var original: String
        /// The text after the rewrites (equal to `original` when nothing changed).
        public var migrated: String
        /// Whether the migration changed the file.
        public var changed: Bool { original != migrated }
    }

    /// Every file, in the order given.
    public var files: [File] = []
    /// The rewrites made, one note each (`migrate.rewrote`), sorted.
    public var rewrites: [Diagnostic] = []
    /// The places where a person must choose, with what else could be meant. Sorted. `migrate.choice`: what the
    /// old version meant is written, so the place is listed by the run that writes it and by no later one.
    /// `migrate.unresolved`: nothing could be written (a product value that differs from the product file, a table
    /// function the fixture does not have, a value that cannot be rewritten where it stands), so the file is as it was
    /// there, lint reports it, and every run lists it until a person chooses.
    public var choices: [Diagnostic] = []
    /// Why a file could not be migrated (not readable, not UTF-8, not YAML, a version this build does not know, not
    /// writable), located. Sorted.
    public var errors: [Diagnostic] = []
    /// The paths of the files that could not be migrated (each has an error, and is left as it was). Sorted.
    public var notMigrated: [String] = []
    /// After a run that wrote its files, the errors `lockspec lint` of the same paths still finds: mistakes that are
    /// no language change (a name with no value, a row that does not fit), which migrate cannot mean for you. Empty
    /// for a run that wrote nothing (`--check`). Sorted.
    public var lintErrors: [Diagnostic] = []

    /// The files that are now written in the current language: every file read, but those not migrated.
    public var migratedFiles: [File] {
        let failed = Set(notMigrated)
        return files.filter { !failed.contains($0.path) }
    }
}

/// Brings spec files written for an older version of the spec language (`SpecLanguage`) up to the current one.
///
/// It rewrites only what has one meaning in both versions (a version name as its version, `table:` named after the
/// spec, a product value the product file already gives) and edits only the text of the nodes it rewrites, so every
/// other byte stays. Where the old text could mean two things it writes what the old version did, when there is
/// such a thing, and lists the place as a choice; it never changes what a spec means without saying so.
///
/// One run applies every version's rules, in order, to every file, whatever version it says: each rule rewrites only
/// a construct lint reports in the current language, so a current spec is left alone, a file that says an older
/// version ends fully current, and a second run changes nothing.
public struct SpecMigrator: Sendable {
    /// The fixtures, for the rules that depend on a fixture's vocabulary (value types, table functions, product
    /// domains). Without it those rules list choices instead of rewriting.
    public var catalog: (any FixtureCatalog)?

    /// Creates a migrator.
    public init(catalog: (any FixtureCatalog)? = nil) { self.catalog = catalog }

    /// Migrates files already read (path and text).
    public func migrate(_ sources: [(path: String, text: String)]) -> SpecMigration {
        var result = SpecMigration()
        // Each source's document, in the order given; nil for one that is not YAML (its findings are the errors).
        let roots = sources.map { source -> NodeView? in
            do throws(DiagnosticError) {
                return try YAMLLoader().loadDocument(Array(source.text.utf8), file: source.path).root
            } catch {
                result.errors += error.diagnostics
                return nil
            }
        }
        let products = MigrationProducts(roots.compactMap { $0 })
        for (source, root) in zip(sources, roots) {
            // No migration for a file that is not YAML (its errors are in already).
            var file = root.map { FileMigration(text: source.text, root: $0, catalog: catalog, products: products) }
            file?.run()
            let migrated = file?.edits.applied() ?? source.text
            let errors = file.map { $0.errors.isEmpty ? Self.readBack(migrated, of: source.path, as: $0.root) : $0.errors } ?? []
            guard let file, errors.isEmpty else {
                // Nothing of a file that is not migrated is written or reported but why.
                result.files.append(.init(path: source.path, original: source.text, migrated: source.text))
                result.errors += errors
                result.notMigrated.append(source.path)
                continue
            }
            result.files.append(.init(path: source.path, original: source.text, migrated: migrated))
            result.rewrites += file.rewrites
            result.choices += file.choices
        }
        // A node reached twice (through an alias of a list that holds it) is reported once.
        result.rewrites = Array(Set(result.rewrites)).sorted()
        result.choices = Array(Set(result.choices)).sorted()
        result.errors.sort()
        result.notMigrated.sort()
        return result
    }
}

extension SpecMigrator {
    /// Why a migrated text cannot be written: it must still read as YAML, a mapping of keys as before, with the
    /// `id:` and `kind:` it had (when `original` is given) and every top-level key but a removed `product:`. Nothing in
    /// the rules should break a file; this is the guard that a file they did not foresee is refused, not broken.
    public static func readBack(_ text: String, of path: String, as original: NodeView? = nil) -> [Diagnostic] {
        func refused(_ why: String) -> [Diagnostic] {
            [Diagnostic(.error, id: "migrate.unwritable", "\(why), so the file is left as it is: migrate it by hand", at: .file(path))]
        }
        let root: NodeView
        do throws(DiagnosticError) {
            root = try YAMLLoader().loadDocument(Array(text.utf8), file: path).root
        } catch {
            return refused("the migrated text would not read as YAML (\(error.diagnostics.first.map { "\($0.message) at line \($0.location.line)" } ?? "it does not read"))")
        }
        guard let entries = root.mapping else { return refused("the migrated text would no longer be a mapping of keys") }
        guard let original else { return [] }
        for key in ["id", "kind"] where root[key]?.scalar != original[key]?.scalar {
            return refused("the migrated text would read \(key): as '\(root[key]?.scalar ?? "")', not '\(original[key]?.scalar ?? "")'")
        }
        let keys = Set(entries.compactMap(\.key.scalar))
        let lost = (original.mapping?.compactMap(\.key.scalar) ?? []).filter { !keys.contains($0) && $0 != "product" }
        return lost.isEmpty ? [] : refused("the migrated text would lose the key\(lost.count == 1 ? "" : "s") \(lost.joined(separator: ", "))")
    }
}

/// The product files among the migrated ones: each fixture's values, as written.
struct MigrationProducts {
    /// The scalar text of each value, by fixture and parameter.
    var values: [String: [String: String]] = [:]
    /// The product file's path, by fixture.
    var files: [String: String] = [:]
    /// The values a fixture used to default that some spec relies on (`FormerDefaults`), by fixture.
    var reliedOn: [String: [(name: String, value: String)]] = [:]

    init(_ roots: [NodeView]) {
        for root in roots where root["kind"]?.scalar == "product" {
            guard let fixture = root["fixture"]?.scalar, let entries = root["product"]?.mapping else { continue }
            files[fixture] = root.location.file
            for entry in entries {
                guard let name = entry.key.scalar, let text = entry.value.scalar else { continue }
                values[fixture, default: [:]][name] = text
            }
        }
        reliedOn = FormerDefaults.reliedOn(roots, products: self)
    }
}
