import Foundation
import Testing
@testable import Mutation

@Suite("Mutation plan: declarations, ids, exclusions, order")
struct PlanTests {
    private let sample = """
        struct Gate {
            static let limit = 3
            enum Phase { case idle }
            func check(_ count: Int, label other: Int) -> Bool {
                let r = count < other
                return r
            }
            init(x: Int) { run(x) }
            subscript(index: Int) -> Int { index + 1 }
            var doubled: Int { Gate.limit * 2 }
        }
        """

    @Test("each site is named by its enclosing declaration path")
    func declarations() throws {
        let plan = try SiteTestSupport.plan(sample)
        let byLine = Dictionary(plan.sites.map { ($0.line, $0.declaration) }, uniquingKeysWith: { first, _ in first })
        #expect(byLine[2] == "Gate.limit")
        #expect(byLine[5] == "Gate.check(_:label:)")
        #expect(byLine[8] == "Gate.init(x:)")
        #expect(byLine[9] == "Gate.subscript(_:)")
        #expect(byLine[10] == "Gate.doubled")
        #expect(try SiteTestSupport.plan("let top = 1").sites.first?.declaration == "top")
    }

    @Test("sites are numbered 1...n in file, line, column, operator, mutated order, the same every time")
    func order() throws {
        let plan = try SiteTestSupport.plan(sample)
        #expect(plan.sites.map(\.number) == Array(1...plan.sites.count))
        let sorted = plan.sites.sorted { FileSites.precedes($0, $1) }
        #expect(plan.sites == sorted)
        #expect(try SiteTestSupport.plan(sample).sites == plan.sites)
        #expect(Set(plan.sites.map(\.id)).count == plan.sites.count)
    }

    @Test("ids survive unrelated lines added above; changing one mutated place changes only its sites' ids")
    func stableIDs() throws {
        let before = try SiteTestSupport.plan(sample).sites
        let shifted = try SiteTestSupport.plan("// a new comment\nimport Foundation\n\n" + sample).sites
        #expect(shifted.map(\.id) == before.map(\.id))
        #expect(shifted.map(\.line) == before.map { $0.line + 3 })
        let edited = try SiteTestSupport.plan(sample.replacingOccurrences(of: "count < other", with: "count <= other"))
            .sites
        let changed = Set(before.map(\.id)).subtracting(edited.map(\.id))
        #expect(changed == Set(before.filter { $0.line == 5 && $0.mutationOperator == .relational }.map(\.id)))
        #expect(changed.count == 2)
    }

    @Test("an id never passes to another site of the same shape when the one it named goes, and an edit of a site's line renews its id")
    func idsStayWithTheirLines() throws {
        let two = """
            func f(_ a: [Int]) -> Int {
                let x = a[0]
                return x + a[0] * 2
            }
            """
        let before = try SiteTestSupport.plan(two).sites.filter { $0.original == "0" && $0.mutated == "1" }
        #expect(before.map(\.line) == [2, 3])
        // The first `a[0]` goes: the second keeps its own id rather than taking the first's (its ordinal was 1, now 0).
        let after = try SiteTestSupport.plan(two.replacingOccurrences(of: "    let x = a[0]\n", with: "    let x = 5\n"))
            .sites.filter { $0.original == "0" && $0.mutated == "1" }
        #expect(after.map(\.line) == [3])
        #expect(after.map(\.id) == [before[1].id])
        // Indentation and line breaks inside the site's lines do not count; a changed token does.
        let reindented = try SiteTestSupport.plan(two.replacingOccurrences(of: "    return x + a[0] * 2", with: "        return  x + a[0] * 2"))
            .sites.filter { $0.original == "0" && $0.mutated == "1" }
        #expect(reindented.map(\.id) == before.map(\.id))
        let retokened = try SiteTestSupport.plan(two.replacingOccurrences(of: "* 2", with: "* 3"))
            .sites.filter { $0.original == "0" && $0.mutated == "1" }
        #expect(retokened[0].id == before[0].id && retokened[1].id != before[1].id)
    }

    @Test("the marker comment excludes the declaration below it and counts its sites")
    func exclusion() throws {
        let source = """
            struct Report {
                var ok: Bool { count > 1 }
                // lockspec:mutate-exclude formatting only
                public var description: String {
                    count > 1 ? "many" : "one"
                }
                var count: Int { 2 }
            }
            """
        let plan = try SiteTestSupport.plan(source)
        #expect(plan.excluded == [MutationExclusion(file: SiteTestSupport.file, line: 3,
                                                    declaration: "Report.description", reason: "formatting only",
                                                    siteCount: 5)])
        #expect(!plan.sites.contains { $0.declaration == "Report.description" })
        #expect(plan.sites.contains { $0.declaration == "Report.ok" } && plan.sites.contains { $0.line == 7 })
    }

    @Test("code in a branch of #if that this platform does not compile is listed as excluded, never mutated")
    func inactiveBranches() throws {
        let source = """
            func f() -> Bool {
                #if canImport(Glibc)
                return g() == 0
                #else
                return h() == 0
                #endif
            }
            #if DEBUG
            let debugOnly = 1
            #endif
            """
        let plan = try SiteTestSupport.plan(source)
        #if canImport(Glibc)
        let (inactiveLine, directive, activeLine) = (4, "#else", 3)
        #else
        let (inactiveLine, directive, activeLine) = (2, "#if", 5)
        #endif
        #expect(plan.excluded == [MutationExclusion(file: SiteTestSupport.file, line: inactiveLine, declaration: "f()",
                                                    reason: "\(directive) branch not compiled on this platform",
                                                    siteCount: 4)])
        #expect(plan.sites.filter { $0.line == activeLine }.count == 4)
        #expect(!plan.sites.contains { $0.line == 8 - activeLine })
        #expect(plan.sites.contains { $0.line == 9 })
    }

    @Test("an inactive branch closed by #elseif or #else is excluded too, not only one closed by #endif")
    func inactiveBranchBeforeAnother() throws {
        let source = """
            func f() -> Bool {
                #if os(Linux)
                return g() == 0
                #elseif canImport(Darwin)
                return h() == 0
                #else
                return k() == 0
                #endif
            }
            """
        let plan = try SiteTestSupport.plan(source)
        #if os(Linux)
        let (inactive, activeLine) = ([(4, "#elseif"), (6, "#else")], 3)
        #elseif canImport(Darwin)
        let (inactive, activeLine) = ([(2, "#if"), (6, "#else")], 5)
        #else
        let (inactive, activeLine) = ([(2, "#if"), (4, "#elseif")], 7)
        #endif
        #expect(plan.excluded.map { [$0.line: $0.reason] } == inactive.map {
            [$0.0: "\($0.1) branch not compiled on this platform"]
        })
        #expect(Set(plan.sites.map(\.line)) == [activeLine])
    }

    @Test("a folder that cannot be read, or a file that does not lex, is a located error")
    func errors() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lockspec-plan-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(throws: SwiftSourceError.self) { _ = try MutationPlanner.plan(packageRoot: root, sourceFolder: "Nope") }
        let folder = root.appendingPathComponent("Sources/Core")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "let a = 1\nlet b = \"open\n".write(to: folder.appendingPathComponent("Bad.swift"), atomically: true,
                                               encoding: .utf8)
        #expect(throws: SwiftSourceError(file: "Sources/Core/Bad.swift", line: 2, column: 9,
                                         message: "unterminated string literal")) {
            _ = try MutationPlanner.plan(packageRoot: root, sourceFolder: "Sources/Core")
        }
    }
}
