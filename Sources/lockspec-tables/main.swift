// lockspec-tables: the build tool behind the SpecTablesPlugin. Compiles the given spec files (paths relative to the
// package folder) into Swift: the test cases and one swift-testing test per row. Fails the build on any lint error.
import Foundation
import SpecKit
import Conformance
import AppLockFixtures

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: lockspec-tables <package-dir> <output.swift> [spec files relative to the package]\n".utf8))
    exit(2)
}
guard FileManager.default.changeCurrentDirectoryPath(arguments[0]) else {
    FileHandle.standardError.write(Data("error: cannot enter the package folder \(arguments[0])\n".utf8))
    exit(2)
}
let output = arguments[1]
let files = Array(arguments.dropFirst(2))
do {
    // An empty list compiles no specs (an empty gate) rather than the default specs/ folder.
    let compilation = files.isEmpty ? SpecCompiler(catalog: FixtureRegistry.standard).compile(sources: []) : try ConformanceRun.compile(files, registry: .standard)
    let errors = compilation.diagnostics.filter { $0.severity == .error }
    if !errors.isEmpty {
        FileHandle.standardError.write(Data(DiagnosticFormatter.render(errors, format: .text).utf8))
        FileHandle.standardError.write(Data("error: the specs do not compile; the conformance gate cannot be built (run 'lockspec lint')\n".utf8))
        exit(1)
    }
    let text = emitSwift(compilation.suite, command: "swift build (SpecTablesPlugin)", gateCheck: "GateSupport.check")
    try Emitter.writeIfChanged(text, to: output)
} catch let error as DiagnosticError {
    FileHandle.standardError.write(Data(DiagnosticFormatter.render(error.diagnostics, format: .text).utf8))
    exit(1)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
