import Testing
@testable import Mutation

@Suite("Mutation model")
struct MutationModelTests {
    @Test("a timeout and a crash count as detected; compile errors and ignored mutants leave the score")
    func statusesCount() {
        #expect(MutantStatus.timeout.isDetected && MutantStatus.runtimeError.isDetected)
        #expect(!MutantStatus.survived.isDetected && !MutantStatus.noCoverage.isDetected)
        #expect(!MutantStatus.compileError.counts && !MutantStatus.ignored.counts && MutantStatus.survived.counts)
    }

    @Test("operators sort in declaration order")
    func operatorOrder() {
        #expect(MutationOperator.allCases.sorted() == MutationOperator.allCases)
        #expect(MutationOperator.relational < MutationOperator.defaultReturn)
    }
}
