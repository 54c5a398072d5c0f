import Foundation
import PackagePlugin

/// Compiles specs/ into Swift tables and one swift-testing test per row, for the conformance gate's test target.
/// The build fails, with the linter's located messages, when the specs do not compile.
@main
struct SpecTablesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let package = context.package.directoryURL
        let specs = package.appending(path: "specs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: specs.path)) ?? []
        // sections.yaml (the reasons for uncovered document sections, SectionReasons.fileName) is not a spec.
        let files = names.filter { ($0.hasSuffix(".yaml") || $0.hasSuffix(".yml")) && $0 != "sections.yaml" }.sorted().map { specs.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "GeneratedSpecTables.swift")
        return [
            .buildCommand(
                displayName: "Compiling \(files.count) specs into the conformance gate",
                executable: try context.tool(named: "lockspec-tables").url,
                arguments: [package.path, output.path] + files.map { "specs/" + $0.lastPathComponent },
                inputFiles: files,
                outputFiles: [output])
        ]
    }
}
