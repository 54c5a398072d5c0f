import Foundation
import Testing
@testable import SpecKit

/// A large table's rows are read in two halves at once, and a machine's region checks run beside its exploration:
/// the outcome must be the one a single pass gives, finding for finding and row for row.
@Suite("Concurrent compile")
struct ConcurrentCompileTests {
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
        let count = SpecCompiler.concurrentRowThreshold * 2 + 1
        let compilation = SpecSources.compile(Self.chain(count))
        #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics.prefix(3))")
        let spec = try #require(compilation.specs.first)
        #expect(spec.rows.map(\.id) == (0..<count).map { "R-\($0)" })
        #expect(compilation.suite.cases.count == count)
    }

    @Test("a mistake in either half is reported once, where a single pass reports it")
    func findingsInEitherHalf() throws {
        let count = SpecCompiler.concurrentRowThreshold * 2
        // One unknown state early (first half), one unknown event late (second half), one unknown variable in each.
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

    @Test("the whole compilation of a large table is the same on one thread and on two, clean or not")
    func sameOnOneThread() throws {
        let count = SpecCompiler.concurrentRowThreshold + 10
        for text in [Self.chain(count), Self.chain(count, replace: [("    to: S1500\n", "    to: Nowhere\n")]),
                     Self.chain(count, replace: [("    when: {choice: a}\n    then: {armed: true}\n    to: S7\n", "    when: {choice: b}\n    then: {armed: true}\n    to: S7\n")])] {
            var one = SpecCompiler()
            one.concurrent = false
            let sources = [(path: "big.yaml", bytes: Array(text.utf8))]
            let a = one.compile(sources: sources), b = SpecCompiler().compile(sources: sources)
            #expect(a.diagnostics == b.diagnostics)
            #expect(a.suite == b.suite)
            #expect(a.specs == b.specs)
        }
    }

    @Test("a machine's region checks beside its exploration give the findings, cases and graph of one after the other",
          arguments: [
            // conflicts, redundancy and a gap
            SpecSources.machine(otherwise: "forbidden", rows: """
              - {id: A1, source: doc.md §1, from: Open, on: appear, to: Locked}
              - {id: A2, source: doc.md §1, from: Open, on: appear, to: Open}
              - {id: A3, source: doc.md §1, from: Locked, on: appear, to: Locked}
              - {id: A4, source: doc.md §1, from: Locked, on: appear, to: Locked}
            """),
            // hit: first, a shadowed row and a dead one, a domain error
            SpecSources.machine(hit: "first", rows: """
              - {id: B1, source: doc.md §1, from: Open, on: appear, then: {failures: "+1"}}
              - {id: B2, source: doc.md §1, from: Open, on: appear, to: Locked}
              - {id: B3, source: doc.md §1, from: Locked, on: active, when: {away: ">= 1h"}, to: Open}
            """),
          ])
    func machineCompileMatchesSequential(_ yaml: String) throws {
        let compilation = SpecSources.compile(yaml)
        let spec = try #require(compilation.specs.first)
        guard case .machine(let machine) = spec.body else { Issue.record("not a machine"); return }
        var sequential = MachineCompiler(spec: spec, machine: machine)
        sequential.checkRegions()
        let cases = sequential.explore()
        let graph = sequential.graph()
        let concurrent = MachineCompiler.compile(spec: spec, machine: machine)
        #expect(concurrent.diagnostics == sequential.diagnostics)
        #expect(concurrent.cases == cases)
        #expect(concurrent.graph == graph)
        #expect(!sequential.diagnostics.isEmpty)
    }
}
