import Testing
@testable import Mutation

@Suite("Schematizer")
struct SchematizerTests {
    private let sample = """
        enum Limits {
            static let max = 5
        }
        func f(a: Int) -> Bool {
            return a > 1
        }
        """

    @Test("literals become ternaries in place; a body with other sites is copied once per mutant")
    func text() throws {
        let plan = try SiteTestSupport.plan(sample)
        let s = "LockSpecMutantSwitch.on"
        #expect(plan.sites.map { "\($0.number) \($0.mutationOperator.rawValue) \($0.mutated)" } == [
            "1 boundary 10", "2 boundary 2", "3 boundary 4", "4 boundary 6", "5 defaultReturn false",
            "6 defaultReturn true", "7 relational <=", "8 relational >=", "9 boundary 0", "10 boundary 2",
        ])
        let expected = """
            enum Limits {
                static let max = (\(s)(1) ? 10 : \(s)(2) ? 2 : \(s)(3) ? 4 : \(s)(4) ? 6 : 5)
            }
            func f(a: Int) -> Bool {
            if \(s)(5) {
                return false

            } else if \(s)(6) {
                return true

            } else if \(s)(7) {
                return a <= 1

            } else if \(s)(8) {
                return a >= 1

            } else {
                return a > (\(s)(9) ? 0 : \(s)(10) ? 2 : 1)

            }}
            """
        #expect(plan.schematizedFiles[SiteTestSupport.file] == expected)
        #expect(plan.schematizedFiles["Sources/Core/LockSpecMutantSwitch.swift"]?.contains(
            "static let active: Int = Int(ProcessInfo.processInfo.environment[\"LOCKSPEC_MUTANT\"] ?? \"\") ?? 0")
            == true)
        #expect(plan.fallback.isEmpty)
    }

    @Test("a schematized line maps back to exactly the sites whose text it holds")
    func siteIDs() throws {
        let plan = try SiteTestSupport.plan(sample)
        let ids = plan.sites.map(\.id)
        let lines = plan.schematizedFiles[SiteTestSupport.file]?.split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init) ?? []
        func sites(onLineContaining text: String) -> [String] {
            guard let index = lines.firstIndex(where: { $0.contains(text) }) else { return ["missing"] }
            return plan.siteIDs(inSchematizedFile: SiteTestSupport.file, line: index + 1)
        }
        #expect(sites(onLineContaining: "static let max") == Array(ids[0..<4]))
        #expect(sites(onLineContaining: "on(5) {") == [ids[4]])
        #expect(sites(onLineContaining: "return false") == [ids[4]])
        #expect(sites(onLineContaining: "return a <= 1") == [ids[6]])
        #expect(sites(onLineContaining: "} else if LockSpecMutantSwitch.on(8)") == [ids[7]])
        #expect(sites(onLineContaining: "return a > (") == [ids[8], ids[9]])
        #expect(sites(onLineContaining: "enum Limits").isEmpty)
        #expect(sites(onLineContaining: "}}") == Array(ids[4..<8]), "the closing line: every copied mutant of the body")
        #expect(plan.siteIDs(inSchematizedFile: "Sources/Core/Other.swift", line: 2).isEmpty)
    }

    @Test("mutatedSource gives the one-mutant file; left-out and unschematizable sites go to the fallback")
    func fallback() throws {
        let plan = try SiteTestSupport.plan(sample)
        let relational = try #require(plan.sites.first { $0.mutated == "<=" })
        let single = try #require(plan.mutatedSource(of: relational.id))
        #expect(single.path == SiteTestSupport.file)
        #expect(single.text == sample.replacingOccurrences(of: "a > 1", with: "a <= 1"))
        #expect(plan.mutatedSource(of: "nope") == nil)

        let leaving = try MutationPlanner.plan(files: [SiteTestSupport.file: sample],
                                               switchFile: "Sources/Core/LockSpecMutantSwitch.swift",
                                               leaving: [relational.id])
        #expect(leaving.fallback == [relational.id])
        #expect(leaving.schematizedFiles[SiteTestSupport.file]?.contains("a <= 1") == false)
        #expect(leaving.sites == plan.sites)

        let raw = try SiteTestSupport.plan("enum Code: Int {\n    case a = 1\n}")
        #expect(raw.fallback == raw.sites.map(\.id) && raw.sites.count == 2)
        #expect(raw.schematizedFiles[SiteTestSupport.file] == nil)
    }
}
