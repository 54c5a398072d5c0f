import Testing
@testable import Mutation

@Suite("Mutation operators")
struct OperatorTests {
    @Test("relational: each binary comparison to its boundary neighbour and its negation; generics left alone")
    func relational() throws {
        let source = """
            func f<T: Comparable>(a: Int, b: Int, xs: Array<T>) -> Bool where T: Equatable {
                let x = a < b
                if a >= b, a != 0 { return a == b }
                return a > b && b <= a
            }
            extension Array where Element == Int {}
            """
        #expect(try SiteTestSupport.sites(source, .relational) == [
            "2:15 < → <=", "2:15 < → >=", "3:10 >= → <", "3:10 >= → >", "3:18 != → ==", "3:34 == → !=",
            "4:14 > → <=", "4:14 > → >=", "4:23 <= → <", "4:23 <= → >",
        ])
    }

    @Test("boundary: integer literals ±1; ×2 and ÷2 for constants (static let, case lines); tuple indices and attributes left alone")
    func boundary() throws {
        let source = """
            enum Limits {
                static let maxAttempts = 5
                static let block = TimeSpan.seconds(60)
            }
            @available(macOS 13, *)
            func g(x: Int, pair: (Int, Int)) -> Int {
                switch x {
                case 3: return x + 1
                default: return pair.0 + "7".count
                }
            }
            """
        #expect(try SiteTestSupport.sites(source, .boundary) == [
            "2:30 5 → 10", "2:30 5 → 2", "2:30 5 → 4", "2:30 5 → 6",
            "3:41 60 → 120", "3:41 60 → 30", "3:41 60 → 59", "3:41 60 → 61",
            "8:10 3 → 1", "8:10 3 → 2", "8:10 3 → 4", "8:10 3 → 6",
            "8:24 1 → 0", "8:24 1 → 2",
        ])
    }

    @Test("boolean literal: true ↔ false")
    func booleanLiteral() throws {
        let source = """
            let enabled = true
            func h() -> Bool { return false }
            """
        #expect(try SiteTestSupport.sites(source, .booleanLiteral) == ["1:15 true → false", "2:27 false → true"])
        #expect(try SiteTestSupport.sites(source, .defaultReturn).isEmpty)
    }

    @Test("logical connector: && ↔ ||")
    func logicalConnector() throws {
        let source = "func f(a: Bool, b: Bool, c: Bool) {\n    if a && b || c { run() }\n}"
        #expect(try SiteTestSupport.sites(source, .logicalConnector) == ["2:10 && → ||", "2:15 || → &&"])
    }

    @Test("negated condition: if, guard, while with one clause; not bindings, case patterns or clause lists")
    func negatedCondition() throws {
        let source = """
            func f(a: Int, b: Bool, o: Int?) {
                if a > 1 { run() }
                guard b else { return }
                while !b { run() }
                if let o { run(o) }
                guard case .some = o else { return }
                if a > 2, b { run() }
                repeat { run() } while b
            }
            """
        #expect(try SiteTestSupport.sites(source, .negatedCondition) == [
            "2:8 a > 1 → !(a > 1)", "3:11 b → !(b)", "4:11 !b → !(!b)",
        ])
    }

    @Test("dropped conjunct: one && operand, or one non-binding clause of a condition list")
    func droppedConjunct() throws {
        let source = """
            func f(a: Bool, b: Bool, y: Int?) {
                if a && b { run() }
                guard let x = y, x > 1, a else { return }
                if a || b && a { run() }
            }
            """
        #expect(try SiteTestSupport.sites(source, .droppedConjunct) == [
            "2:8 a &&  → ", "2:9  && b → ", "3:22 x > 1,  → ", "3:27 , a → ",
        ])
    }

    @Test("removed call: a statement that only calls something; never a declaration, assignment or return")
    func removedCall() throws {
        let source = """
            func f(store: Store, e: Event) throws -> [Effect] {
                try store.write(key, value)
                effects.append(.emit)
                let y = compute()
                value = make()
                switch e {
                case .a: emit(.a)
                default: break
                }
                items.forEach { store.delete($0) }
                defer { store.close() }
                return effects
            }
            func g() -> Int { compute() }
            var text: String {
                switch e {
                case .a: String(1)
                case .b: "b"
                }
            }
            """
        #expect(try SiteTestSupport.sites(source, .removedCall) == [
            "2:5 try store.write(key, value) → ", "3:5 effects.append(.emit) → ", "7:14 emit(.a) → break",
            "10:5 items.forEach { store.delete($0) } → ", "11:13 store.close() → ",
        ])
    }

    @Test("swapped branches: if/else blocks (not else-if chains or bindings) and ternary operands")
    func swappedBranches() throws {
        let source = """
            func f(c: Bool, o: Int?) -> Int {
                if c { a() } else { b() }
                if c { a() } else if !c { b() }
                if let o { a() } else { b() }
                return c ? 1 : f(c: !c, o: nil)
            }
            """
        #expect(try SiteTestSupport.sites(source, .swappedBranches) == [
            "2:11  a() } else { b()  →  b() } else { a() ",
            "5:16 1 : f(c: !c, o: nil) → f(c: !c, o: nil) : 1",
        ])
    }

    @Test("default return: a default of the declared result type; closures and unknown types left alone")
    func defaultReturn() throws {
        let source = """
            func b(x: Int) -> Bool { return x > 1 }
            func i() -> Int { return count }
            func o() -> String? { return name }
            func a() -> [Int] { return [1] }
            func d() -> [String: Int] { return table }
            func s() -> String { return "" }
            func t() -> TimeSpan { return span }
            var p: Int { get { return base } }
            func c() -> [Int] { xs.map { return $0 } }
            """
        #expect(try SiteTestSupport.sites(source, .defaultReturn) == [
            "1:33 x > 1 → false", "1:33 x > 1 → true", "2:26 count → 0", "3:30 name → nil", "4:28 [1] → []",
            "5:36 table → [:]", "8:27 base → 0",
        ])
    }
}
