import Foundation
import Testing
@testable import SpecKit

/// A table of thousands of rows keeps every row in file order and reports each mistake at its own row; a machine's
/// compile gives what its steps give when run one by one.
@Suite("Large table compile")
struct LargeTableCompileTests {
    /// A chain machine of `count` rows (`R<r>` from `S<r>` to `S<r+1>`), with `replace` applied to the text.
    private static func chain(_ count: Int, replace: [(String, String)] = []) -> String {
        var text = "id: big.chain\nkind: machine\ntitle: Chain\nsource: doc.md §1\nfixture: fx\n"
        text += "states: [" + (0...count).map { "S\($0)" }.joined(separator: ", ") + "]\ninitial: S0\n"
        text += "variables:\n  armed: bool\nevents:\n  go:\n    choice: [a, b]\neffects: [chime]\nrows:\n"
        for r in 0..<count {
            text += "  - id: R-\(r)\n    source: doc.md §1\n    from: S\(r)\n    on: go\n    when: {choice: a}\n    then: {armed: \(r % 2 == 0)}\n    to: S\(r + 1)\n"
        }
        for (old, new) in replace { text = text.replacingOccurrences(of: old, with: new) }
        return text
    }

    @Test("a large clean table keeps every row, in file order")
    func cleanRowsInOrder() throws {
        // Each row's case is the path to it, then the row: 1,501 rows take 1,127,251 steps, within the 2,000,000 a
        // machine's cases may take (check.cases-too-long).
        let count = 1_501
        let compilation = SpecSources.compile(Self.chain(count))
        #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics.prefix(3))")
        let spec = try #require(compilation.specs.first)
        #expect(spec.rows.map(\.id) == (0..<count).map { "R-\($0)" })
        #expect(compilation.suite.cases.count == count)
    }

    @Test("each mistake is reported once, at its own row")
    func findingsInEitherHalf() throws {
        let count = 4_000
        // One unknown state early, one unknown event late, two unknown variables between.
        let text = Self.chain(count, replace: [("    to: S11\n", "    to: Nowhere\n"), ("    from: S3999\n    on: go\n", "    from: S3999\n    on: og\n"),
                                               ("    then: {armed: true}\n    to: S21\n", "    then: {armd: true}\n    to: S21\n"),
                                               ("    then: {armed: true}\n    to: S3001\n", "    then: {armd: true}\n    to: S3001\n")])
        let compilation = SpecSources.compile(text)
        let errors = compilation.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 4, "\(errors.prefix(5))")
        #expect(errors.map(\.id).sorted() == ["spec.unknown-event", "spec.unknown-state", "spec.unknown-variable", "spec.unknown-variable"])
        #expect(errors.flatMap(\.rows).sorted() == ["R-10", "R-20", "R-3000", "R-3999"])
        // Each where a single pass puts it: at the row's own line (rows are 7 lines each, from line 15).
        #expect(errors.map(\.location.line).sorted() == [15 + 10 * 7 + 6, 15 + 20 * 7 + 5, 15 + 3000 * 7 + 5, 15 + 3999 * 7 + 3])
    }
}
