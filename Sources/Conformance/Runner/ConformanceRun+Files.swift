import Foundation
import SpecKit

extension ConformanceRun {
    /// A run of spec files (every path a file, no `--spec`) as the run of their folders narrowed to the files' specs,
    /// as `--spec` narrows it: the section coverage then counts every row of the folders (a row of another file is
    /// "not run here"), where the files alone made every section they do not cite look uncovered (a trial: one file
    /// gave 51 sections NOT COVERED, no reason recorded, in a passing report). Nil, and the files run alone, when a
    /// path is a folder, `--spec` is given, the files do not compile alone, or their folders read them otherwise (an
    /// error in a named file, such as a copy whose id another file of the folder has, or a spec of theirs missing).
    /// With the options, the folders' compilation, which the run reads rather than compiling them again.
    func narrowedToFiles() -> (Options, SpecCompiler.Compilation)? {
        guard options.specs == nil, !options.paths.isEmpty, options.paths.allSatisfy(SpecCompiler.isFile),
              let alone = try? Self.compile(options.paths, registry: registry), !alone.failed(strict: false) else { return nil }
        let ids = Set(alone.suite.specs.map(\.id))
        let named = Set(alone.suite.specs.map { SpecCompiler.identity($0.file) })
        let folders = options.paths.map { ($0 as NSString).deletingLastPathComponent }.map { $0.isEmpty ? "." : $0 }.firstOfEach()
        guard !ids.isEmpty, let wide = try? Self.compile(folders, registry: registry),
              Set(wide.suite.specs.filter { named.contains(SpecCompiler.identity($0.file)) }.map(\.id)) == ids,
              !wide.diagnostics.contains(where: { $0.severity == .error && named.contains(SpecCompiler.identity($0.location.file)) }) else { return nil }
        var narrowed = options
        narrowed.paths = folders
        narrowed.specs = ids
        return (narrowed, wide)
    }
}
