import Conformance
import AppLockFixtures
import SpecKit
import Testing

/// Runs one generated case against AppLockCore through the standard fixtures and records the divergence, if any,
/// as an issue whose text is the same as `lockspec run` prints.
enum GateSupport {
    static func check(_ testCase: TestCase) {
        let outcome = ConformanceRun.check(testCase, registry: .standard)
        guard let divergence = outcome.divergence, !outcome.passed else { return }
        var text = "\(testCase.file):\(testCase.line):\(testCase.column): row \(testCase.row) diverges at step \(divergence.step + 1): \(divergence.action)"
        if divergence.onPath { text += " (on the path to the row, checking row \(divergence.row ?? "?"))" }
        for cell in divergence.cells where !cell.ok { text += "\n  \(cell.name): expected \(cell.expected), got \(cell.actual)" }
        if let error = divergence.error { text += "\n  \(error)" }
        text += "\n  rerun: lockspec run specs --row \(testCase.row)"
        Issue.record(Comment(rawValue: text))
    }
}
