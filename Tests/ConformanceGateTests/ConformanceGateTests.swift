import SpecKit
import Testing

/// The conformance gate: every case compiled from specs/ runs against AppLockCore, each as its own argument of one
/// parameterised test (swift-testing reports a failing case by its row id). A spec that does not compile fails the
/// first test with every finding, located.
@Suite("Conformance gate") struct ConformanceGate {
    @Test("specs/ compiles against the standard fixtures with no error")
    func specsCompile() {
        for error in GateSpecs.errors {
            Issue.record(Comment(rawValue: DiagnosticFormatter.render([error], format: .text)))
        }
        #expect(!GateSpecs.rows.isEmpty || !GateSpecs.errors.isEmpty, "specs/ compiled to no case at all")
    }

    @Test("every row conforms", arguments: GateSpecs.rows)
    func row(_ row: GateRow) {
        GateSupport.check(row.testCase)
    }
}
