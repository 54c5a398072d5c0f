import Testing
@testable import SpecKit

/// Found by a trial: the reader recursed once per nested call with no bound, so `upper(upper(… main …))` 3,000 deep
/// (an 18 KB scalar; one may hold a megabyte) crashed lint, run, explore, diff and the language server with a stack
/// overflow.
@Suite("Text expressions: nesting depth")
struct TextExpressionDepthTests {
    static func nested(_ depth: Int) -> String { String(repeating: "upper(", count: depth) + "main" + String(repeating: ")", count: depth) }

    @Test("calls nest up to the bound; past it, and far past it, the answer is an error, never a crash")
    func depthIsBounded() {
        let bound = TextExpressionParser.maximumDepth
        #expect((try? TextExpression.parse(Self.nested(bound)).get()) != nil)
        for depth in [bound + 1, 3_000, 100_000] {
            guard case .failure(let error) = TextExpression.parse(Self.nested(depth)) else {
                Issue.record("depth \(depth) was read"); continue
            }
            #expect(error.message == "a text expression nests calls more than \(bound) deep")
        }
    }

    @Test("in a spec, a member nested too deep is one located spec.bad-expression")
    func locatedInASpec() {
        let yaml = SpecSources.machine(rows: "  - id: R1\n    source: doc.md §1\n    from: Open\n    on: appear\n    to: Locked\n")
            .replacingOccurrences(of: "  appear:\n", with: "  appear:\n    word: [a, '\(Self.nested(5_000))']\n")
        let found = SpecSources.compile(yaml).findings("spec.bad-expression")
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.message == "a value of the type of 'word' '\(String(repeating: "upper(", count: 10))…' (\(Self.nested(5_000).count) characters) is neither a name nor a text expression: a text expression nests calls more than \(TextExpressionParser.maximumDepth) deep", "\(found)")
    }
}
