import Foundation
import Testing
@testable import Mutation

/// The real proof of the schemata: every site of Sources/AppLockCore schematized into a copy of the package, and
/// `swift build --product lockspec` there. Minutes long, so it runs only when `LOCKSPEC_SCHEMATA_CHECK` names the
/// scratch folder (under /tmp or .build/mutation-check; never the working tree):
///
///     LOCKSPEC_SCHEMATA_CHECK=/tmp/lockspec-schemata-check swift test --filter SchemataBuildCheck
///
/// Compile errors are mapped to sites with `siteIDs(inSchematizedFile:line:)`, left out with `leaving:`, and the copy
/// rebuilt until it builds; every error must map to a site. Prints the sites per operator and the ones left out.
@Suite("Schemata build check (LOCKSPEC_SCHEMATA_CHECK)")
struct SchemataBuildCheckTests {
    private static let scratch = ProcessInfo.processInfo.environment["LOCKSPEC_SCHEMATA_CHECK"]

    @Test("every site of AppLockCore compiles in the schemata or is mapped exactly to its compile error",
          .enabled(if: scratch != nil), .timeLimit(.minutes(60)))
    func wholeCore() throws {
        let root = ProcessInfo.processInfo.environment["LOCKSPEC_SCHEMATA_CHECK_ROOT"].map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
        let copy = URL(fileURLWithPath: try #require(Self.scratch)).appendingPathComponent("package")
        #expect(copy.standardizedFileURL.path != root.standardizedFileURL.path)
        try run("mkdir -p '\(copy.path)' && cd '\(root.path)' && git ls-files -z | xargs -0 cp -p --parents -t '\(copy.path)'")
        var leaving: Set<String> = []
        var unmapped: [String] = []
        var plan = try MutationPlanner.plan(packageRoot: root)
        for round in 1...6 {
            plan = try MutationPlanner.plan(packageRoot: root, leaving: leaving)
            for (path, text) in plan.schematizedFiles { try writeIfChanged(text, to: copy.appendingPathComponent(path)) }
            let (status, output) = try run("cd '\(copy.path)' && swift build --product lockspec "
                + "--scratch-path '\(copy.path)/.build-check' 2>&1")
            let errors = compileErrors(in: output, copy: copy.path)
            print("round \(round): exit \(status), \(errors.count) error lines")
            if status == 0 { break }
            var blamed: Set<String> = []
            for (path, line, message) in errors {
                let ids = plan.siteIDs(inSchematizedFile: path, line: line)
                if ids.isEmpty { unmapped.append("\(path):\(line): \(message)") }
                blamed.formUnion(ids)
            }
            guard !blamed.isEmpty else { break }
            leaving.formUnion(blamed)
        }
        report(plan, leaving: leaving)
        #expect(unmapped.isEmpty, "compile errors on no site's line: \(unmapped)")
        #expect(Set(plan.fallback).isSuperset(of: leaving))
    }

    private func report(_ plan: MutationPlan, leaving: Set<String>) {
        for op in MutationOperator.allCases {
            let sites = plan.sites.filter { $0.mutationOperator == op }
            let dropped = sites.filter { leaving.contains($0.id) }.count
            let fallback = sites.filter { plan.fallback.contains($0.id) }.count
            print("\(op.rawValue): \(sites.count) sites, \(dropped) dropped for compile errors, \(fallback) fallback")
        }
        print("total: \(plan.sites.count) sites, \(leaving.count) dropped, \(plan.fallback.count) fallback, "
            + "\(plan.excluded.reduce(0) { $0 + $1.siteCount }) excluded in \(plan.excluded.count) declarations")
        for site in plan.sites where leaving.contains(site.id) {
            print("dropped \(site.id) \(site.file):\(site.line):\(site.column) \(site.mutationOperator.rawValue) "
                + "\(site.original.prefix(60)) → \(site.mutated.prefix(60))")
        }
    }

    private func compileErrors(in output: String, copy: String) -> [(String, Int, String)] {
        var seen: Set<String> = []
        return output.split(separator: "\n").compactMap { line in
            guard line.hasPrefix(copy + "/"), line.contains(": error: ") else { return nil }
            let parts = line.dropFirst(copy.count + 1).split(separator: ":", maxSplits: 3)
            guard parts.count == 4, let number = Int(parts[1]), seen.insert(String(line)).inserted else { return nil }
            return (String(parts[0]), number, String(parts[3]))
        }
    }

    private func writeIfChanged(_ text: String, to url: URL) throws {
        if let old = try? String(contentsOf: url, encoding: .utf8), old == text { return }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    @discardableResult
    private func run(_ command: String) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
