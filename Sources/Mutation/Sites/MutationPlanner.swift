import Foundation

/// Finds every mutation site in a core's sources and schematizes them into one buildable copy.
public enum MutationPlanner {
    /// Plans the mutants of every `.swift` file under `sourceFolder` (relative to `packageRoot`), files in path order.
    ///
    /// - Parameter leaving: ids of sites to leave out of the schemata (they go to `fallback`), e.g. those whose
    ///   schematized text did not compile.
    /// - Throws: `SwiftSourceError` (file:line:col) when a file does not lex, or the folder cannot be read.
    public static func plan(packageRoot: URL, sourceFolder: String = "Sources/AppLockCore",
                            leaving: Set<String> = []) throws -> MutationPlan {
        var files: [String: String] = [:]
        for path in try swiftFiles(packageRoot: packageRoot, sourceFolder: sourceFolder) {
            let url = packageRoot.appendingPathComponent(path)
            guard let data = FileManager.default.contents(atPath: url.path),
                  let text = String(data: data, encoding: .utf8) else {
                throw SwiftSourceError(file: path, line: 1, column: 1, message: "cannot read the file as UTF-8")
            }
            files[path] = text
        }
        return try plan(files: files, switchFile: sourceFolder + "/" + Schematizer.switchName + ".swift",
                        leaving: leaving)
    }

    /// Plans the mutants of `files` (package-relative path → text), the switch going to `switchFile`.
    static func plan(files: [String: String], switchFile: String, leaving: Set<String> = []) throws -> MutationPlan {
        let found = try files.keys.sorted().map { try FileSites(text: files[$0] ?? "", file: $0) }
        var number = 0
        var numbered: [[FileSites.Planned]] = []
        for fileSites in found {
            numbered.append(fileSites.sites.map { planned in
                number += 1
                var planned = planned
                planned.site.number = number
                return planned
            })
        }
        var schematized: [String: String] = [switchFile: MutantSwitchFile.text]
        var fallback: [String] = []
        var regions: [SchematizedRegion] = []
        var originals: [String: String] = [:]
        for (fileSites, sites) in zip(found, numbered) where !sites.isEmpty {
            let result = Schematizer.schematize(file: fileSites.file, structure: fileSites.structure, sites: sites,
                                                leaving: leaving)
            originals[fileSites.file] = files[fileSites.file]
            fallback += result.fallback
            if result.fallback.count < sites.count {
                schematized[fileSites.file] = result.text
                regions += result.regions
            }
        }
        return MutationPlan(sites: numbered.flatMap { $0.map(\.site) }, excluded: found.flatMap(\.exclusions),
                            schematizedFiles: schematized, fallback: fallback, originalFiles: originals,
                            regions: regions.sorted { ($0.file, $0.firstLine) < ($1.file, $1.firstLine) })
    }

    /// The package-relative paths of the `.swift` files under the folder, sorted; a generated switch file left out.
    private static func swiftFiles(packageRoot: URL, sourceFolder: String) throws -> [String] {
        let folder = packageRoot.appendingPathComponent(sourceFolder)
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else {
            throw SwiftSourceError(file: sourceFolder, line: 1, column: 1, message: "cannot read the folder")
        }
        var paths: [String] = []
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".swift"), !relative.hasSuffix(Schematizer.switchName + ".swift") else { continue }
            paths.append(sourceFolder + "/" + relative)
        }
        return paths.sorted()
    }
}
