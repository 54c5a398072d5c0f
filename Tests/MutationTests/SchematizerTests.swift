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

        // A raw value the enum's rewrite cannot take (a case without one; two cases on a line) still falls back.
        let implicit = try SiteTestSupport.plan("enum Code: Int {\n    case a = 1\n    case b\n}")
        #expect(implicit.fallback == implicit.sites.map(\.id) && implicit.sites.count == 2)
        #expect(implicit.schematizedFiles[SiteTestSupport.file] == nil)
        let paired = try SiteTestSupport.plan("enum Code: Int {\n    case a = 1, b = 2\n}")
        #expect(paired.fallback == paired.sites.map(\.id) && paired.sites.count == 5)
        // A stored initializer holding a closure is not copied.
        let closure = try SiteTestSupport.plan("let f: (Int) -> Bool = { $0 > 1 }\n")
        #expect(closure.fallback == closure.sites.filter { $0.mutationOperator == .relational }.map(\.id))
    }

    @Test("an enum's raw values become a computed rawValue with ternaries; an initializer becomes a ternary over copies")
    func declarations() throws {
        let source = """
            public enum Code: UInt8, Hashable {
                /// One.
                case one = 1
                case two = 2
            }
            enum Ready {
                static let isReady: Bool = probe() >= 0
            }
            """
        let plan = try SiteTestSupport.plan(source)
        let s = "LockSpecMutantSwitch.on"
        #expect(plan.fallback.isEmpty)
        #expect(plan.sites.map { "\($0.number) \($0.mutationOperator.rawValue) \($0.original) \($0.mutated)" } == [
            "1 boundary 1 0", "2 boundary 1 2", "3 boundary 2 1", "4 boundary 2 3", "5 boundary 2 4",
            "6 relational >= <", "7 relational >= >", "8 boundary 0 1",
        ])
        let expected = """
            public enum Code: RawRepresentable, Hashable {
                /// One.
                case one
                case two

                public typealias RawValue = UInt8
                public var rawValue: UInt8 {
                    switch self {
                    case .one: return (\(s)(1) ? 0 : \(s)(2) ? 2 : 1)
                    case .two: return (\(s)(3) ? 1 : \(s)(4) ? 3 : \(s)(5) ? 4 : 2)
                    }
                }
                public init?(rawValue: UInt8) {
                    for candidate in [Self.one, Self.two] where candidate.rawValue == rawValue {
                        self = candidate
                        return
                    }
                    return nil
                }
            }
            enum Ready {
                static let isReady: Bool = (\(s)(6) ? (probe() < 0) : \(s)(7) ? (probe() > 0) : (probe() >= (\(s)(8) ? 1 : 0)))
            }
            """
        #expect(plan.schematizedFiles[SiteTestSupport.file] == expected)
        let ids = plan.sites.map(\.id)
        let lines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let two = try #require(lines.firstIndex { $0.contains("case .two: return") })
        #expect(plan.siteIDs(inSchematizedFile: SiteTestSupport.file, line: two + 1) == Array(ids[2..<5]))
        let ready = try #require(lines.firstIndex { $0.contains("static let isReady") })
        #expect(Set(plan.siteIDs(inSchematizedFile: SiteTestSupport.file, line: ready + 1)) == Set(ids[5..<8]))
    }
}
