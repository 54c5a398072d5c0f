import Foundation

extension SpecMigrator {
    /// Migrates the spec files under `paths` (files, or folders searched for `.yaml` and `.yml`), and, unless
    /// `write` is false, replaces each changed file atomically (a temporary file renamed over it, so a failure
    /// leaves the old text whole) keeping its permissions. A file that cannot be read or is not valid UTF-8 is an
    /// error and is left alone; every file with an error is in `notMigrated`.
    public func migrate(paths: [String], write: Bool) throws(DiagnosticError) -> SpecMigration {
        let files = try SpecCompiler.discover(paths)
        var sources: [(path: String, text: String)] = []
        var unreadable: [Diagnostic] = [], unreadablePaths: [String] = []
        for path in files {
            do throws(DiagnosticError) {
                let bytes = try readFile(path, limit: YAMLLimits.default.maximumFileSize)
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    // The loader says where, as lint does (the first byte that is not UTF-8, with its line and column).
                    _ = try YAMLLoader().loadDocument(bytes, file: path)
                    throw DiagnosticError([Diagnostic(.error, id: "yaml.unreadable", "the file is not UTF-8 text, so it is left as it is", at: .file(path))])
                }
                sources.append((path, text))
            } catch {
                unreadable += error.diagnostics
                unreadablePaths.append(path)
            }
        }
        var result = migrate(sources)
        result.errors += unreadable
        result.notMigrated += unreadablePaths
        for file in result.files where file.changed {
            do throws(FileReplacement.Failure) {
                // A check predicts the write's refusal; a run writes.
                if write {
                    try FileReplacement.write(Array(file.migrated.utf8), to: file.path)
                } else if let refusal = FileReplacement.refusal(writing: file.path) {
                    throw refusal
                }
            } catch {
                let what = write ? "could not write the migrated file (it is unchanged)" : "a migration would not be able to write it (--check writes nothing)"
                result.errors.append(Diagnostic(.error, id: "migrate.unwritable", "\(what): \(error.description)", at: .file(file.path)))
                result.notMigrated.append(file.path)
                // Nothing of it happened: its rewrites and choices are not reported.
                result.rewrites.removeAll { $0.location.file == file.path }
                result.choices.removeAll { $0.location.file == file.path }
            }
        }
        result.errors.sort()
        result.notMigrated.sort()
        // The folder is not done while lint still fails: say so, from the files as written (those not migrated have
        // their errors above).
        if write {
            let notMigrated = Set(result.notMigrated)
            result.lintErrors = (try? SpecCompiler(catalog: catalog).lint(paths: paths, documents: nil))?.diagnostics
                .filter { $0.severity == .error && !notMigrated.contains($0.location.file) } ?? []
        }
        return result
    }
}
