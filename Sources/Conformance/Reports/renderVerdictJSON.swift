import Foundation
import SpecKit

/// A run's verdict as compact JSON (sorted keys, one line): each case's id, row, spec, file, line, status and the rows
/// it exercised; the exploration's findings (id, spec, status); and the specs whose machines it explored, each tour
/// with the step it stopped after when `--fail-fast` stopped it. The keys are the full report's (`renderJSON`), so a
/// reader of the verdict reads the full report too. `lockspec run --verdict <file>` writes it for `lockspec mutate`,
/// which runs the gate thousands of times: the full report of one case carries every spec and the decision register
/// (about 700 KB), and writing it took about a quarter of such a run's time.
public func renderVerdictJSON(_ result: RunResult) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(VerdictDocument(result)), as: UTF8.self) + "\n"
}

/// The verdict's shape: the parts of the full report's that say which case or finding failed.
private struct VerdictDocument: Encodable {
    struct Case: Encodable {
        var id: String, row: String, spec: String, file: String, line: Int, status: CaseStatus, exercised: [String]
    }
    struct Finding: Encodable {
        var id: String, spec: String, status: CaseStatus
    }
    struct Explored: Encodable {
        var spec: String, stoppedAfter: Int?
    }
    struct Machines: Encodable {
        var machines: [Explored], walks: [Explored]
    }
    struct Exploration: Encodable {
        var findings: [Finding], result: Machines
    }

    var format = 1
    var cases: [Case]
    var exploration: Exploration?
    /// The selected cases `--fail-fast` did not reach (the full report's key); absent when every one ran.
    var notReached: Int?

    init(_ result: RunResult) {
        notReached = result.notReached
        cases = result.cases.map {
            Case(id: $0.id, row: $0.row, spec: $0.spec, file: $0.file, line: $0.line, status: $0.status, exercised: $0.exercised)
        }
        exploration = result.exploration.map { found in
            Exploration(findings: found.findings.map { Finding(id: $0.id, spec: $0.spec, status: $0.status) },
                        result: Machines(machines: found.result.machines.map { Explored(spec: $0.spec, stoppedAfter: $0.stoppedAfter) },
                                         walks: found.result.walks.map { Explored(spec: $0.spec, stoppedAfter: nil) }))
        }
    }
}
