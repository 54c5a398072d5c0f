import Foundation
import Testing
@testable import Mutation

/// The generated switch and the copy's manifest, compiled and evaluated for real by the toolchain (seconds each).
@Suite("Coverage switch and copy manifest (swiftc, swift package)")
struct CoverageSwitchTests {
    private func folder() throws -> String {
        let dir = NSTemporaryDirectory() + "lockspec-switch-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    private func output(_ dir: String, _ executable: String, _ arguments: [String], environment: [String: String] = [:],
                        removing: Set<String> = []) -> (ProcessRunner.Ending, String) {
        let log = dir + "/out-\(UUID().uuidString).log"
        let (ending, _) = ProcessRunner.run(executable, arguments, in: dir, environment: environment, removing: removing,
                                            log: log, timeout: 600)
        return (ending, (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
    }

    @Test("the switch answers on(n); with LOCKSPEC_MUTANT_COVERAGE set it writes every number reached, from any thread, at exit")
    func switchRecordsCoverage() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try MutantSwitchFile.text.write(toFile: dir + "/Switch.swift", atomically: true, encoding: .utf8)
        try """
            import Foundation
            _ = LockSpecMutantSwitch.on(3)
            DispatchQueue.concurrentPerform(iterations: 64) { i in _ = LockSpecMutantSwitch.on(10 + i % 4) }
            print(LockSpecMutantSwitch.on(7) ? "seven" : "not seven")

            """.write(toFile: dir + "/main.swift", atomically: true, encoding: .utf8)
        let (built, log) = output(dir, "/usr/bin/env", ["swiftc", "-swift-version", "6", "-Onone", "main.swift", "Switch.swift", "-o", "probe"])
        try #require(built == .exited(0), "\(log)")
        let coverage = dir + "/reached.txt"
        let (ran, out) = output(dir, dir + "/probe", [], environment: ["LOCKSPEC_MUTANT": "7", "LOCKSPEC_MUTANT_COVERAGE": coverage])
        #expect(ran == .exited(0) && out == "seven\n")
        #expect((try? String(contentsOfFile: coverage, encoding: .utf8)) == "3\n7\n10\n11\n12\n13\n")
        #expect(MutantCoverage.numbers(inFile: coverage) == [3, 7, 10, 11, 12, 13])
        try FileManager.default.removeItem(atPath: coverage)
        let (plain, plainOut) = output(dir, dir + "/probe", [], removing: ["LOCKSPEC_MUTANT", "LOCKSPEC_MUTANT_COVERAGE"])
        #expect(plain == .exited(0) && plainOut == "not seven\n")
        #expect(!FileManager.default.fileExists(atPath: coverage), "no file when the variable is unset")
    }

    @Test("a schematized raw-value enum and stored initializer compile, keep their values unmutated and change under their mutant")
    func declarationsRun() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let source = """
            public enum Code: UInt8, Hashable, CaseIterable, Codable {
                case one = 1
                case two = 2
            }
            func probe() -> Int32 { 0 }
            enum Ready {
                static let isReady: Bool = probe() >= 0
            }
            """
        let plan = try SiteTestSupport.plan(source)
        try #require(plan.fallback.isEmpty)
        try #require(plan.schematizedFiles[SiteTestSupport.file]).write(toFile: dir + "/Sample.swift", atomically: true, encoding: .utf8)
        try MutantSwitchFile.text.write(toFile: dir + "/Switch.swift", atomically: true, encoding: .utf8)
        try """
            import Foundation
            let json = String(decoding: try JSONEncoder().encode([Code.two]), as: UTF8.self)
            print(Code.one.rawValue, Code.two.rawValue, Code(rawValue: 2).map { "\\($0)" } ?? "nil", Code(rawValue: 3) == nil, Ready.isReady, json)

            """.write(toFile: dir + "/main.swift", atomically: true, encoding: .utf8)
        let (built, log) = output(dir, "/usr/bin/env", ["swiftc", "-swift-version", "6", "-Onone", "main.swift", "Sample.swift",
                                                        "Switch.swift", "-o", "probe"])
        try #require(built == .exited(0), "\(log)")
        func run(_ mutated: String?) -> String {
            guard let mutated else { return output(dir, dir + "/probe", [], removing: ["LOCKSPEC_MUTANT"]).1 }
            let number = plan.sites.first { "\($0.original)→\($0.mutated)" == mutated }?.number ?? -1
            return output(dir, dir + "/probe", [], environment: ["LOCKSPEC_MUTANT": String(number)]).1
        }
        #expect(run(nil) == "1 2 two true true [2]\n")
        #expect(run("1→2") == "2 2 one true true [2]\n", "Code.one's raw value 2: init(rawValue: 2) finds .one first")
        #expect(run("2→3") == "1 3 nil false true [3]\n")
        #expect(run(">=→<") == "1 2 two true false [2]\n")
    }
}
