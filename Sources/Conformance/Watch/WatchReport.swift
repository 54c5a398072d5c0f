import SpecKit

/// What one reaction of a watch found: the lint findings of every watched spec, and the results of the specs it
/// re-ran. `render` makes the one-screen summary the CLI prints.
public struct WatchReport: Sendable {
    /// The files that changed (empty for the first report).
    public var changed: [String]
    /// Every lint finding, sorted (the same as `lockspec lint` over the watched paths).
    public var diagnostics: [Diagnostic]
    /// How many specs and rows could be read.
    public var specs: Int
    /// How many rows the readable specs have.
    public var rows: Int
    /// The files that gave no spec (`SpecCompiler.Compilation.unreadableFiles`), named in the lint line.
    public var unreadableFiles: [String] = []
    /// Those of `unreadableFiles` left out only because a file they use has errors, said so in the lint line.
    public var unreadableBecauseOfOthers: [String] = []
    /// The specs re-run, sorted.
    public var ran: [String]
    /// The affected specs not run because they, their product file or the machine they use have lint errors, sorted.
    public var notRun: [String]
    /// The results of the cases re-run.
    public var cases: [CaseResult]

    /// Creates a report.
    public init(changed: [String], diagnostics: [Diagnostic], specs: Int, rows: Int, ran: [String], notRun: [String], cases: [CaseResult]) {
        self.changed = changed
        self.diagnostics = diagnostics
        self.specs = specs
        self.rows = rows
        self.ran = ran
        self.notRun = notRun
        self.cases = cases
    }

    /// The lint errors.
    public var errors: Int { diagnostics.filter { $0.severity == .error }.count }
    /// The cases that make a run fail.
    public var failures: [CaseResult] { cases.filter(\.failsRun) }

    /// The summary in at most about `lines` lines: what changed, the lint count and the first findings, what was re-run
    /// and the first failures; whatever does not fit is counted ("… and 3 more").
    public func render(lines: Int = 24) -> String {
        var out: [String] = []
        out.append(changed.isEmpty ? "lockspec watch: first check" : "changed: " + listedNames(changed, most: 3))
        let read = SpecCompiler.Compilation.readCounts(specs: specs, rows: rows, unreadable: unreadableFiles,
                                                       becauseOfOthers: unreadableBecauseOfOthers)
        out.append("lint: \(read): " + DiagnosticFormatter.closingCount(diagnostics))
        let budget = max(4, lines - 6)
        let findings = Array(diagnostics.filter { $0.severity != .note }.map(\.description).joined(separator: "\n").split(separator: "\n"))
        out += findings.prefix(budget / 2).map(String.init)
        if findings.count > budget / 2 { out.append("  … and \(findings.count - budget / 2) more lines of findings ('lockspec lint' lists them all)") }
        if !notRun.isEmpty { out.append("not run (lint errors): " + listedNames(notRun, most: 4)) }
        if ran.isEmpty {
            out.append(changed.isEmpty || !notRun.isEmpty ? "run: nothing to run" : "run: no spec is affected")
        } else {
            let failed = failures
            out.append("run: \(listedNames(ran, most: 4)): \(counted(cases.count, "case")), \(cases.count - failed.count) held, \(failed.count) failed")
            for result in failed.prefix(budget / 2) { out.append("  FAIL \(result.id)  \(result.file):\(result.line):\(result.column)\(Self.firstCell(result))") }
            if failed.count > budget / 2 { out.append("  … and \(failed.count - budget / 2) more failures ('lockspec run' lists them all)") }
        }
        out.append(errors == 0 && failures.isEmpty ? "OK" : "NOT OK")
        return out.joined(separator: "\n") + "\n"
    }

    /// The first cell that differs, as `: state expected X, got Y`, or the fixture error.
    static func firstCell(_ result: CaseResult) -> String {
        guard let divergence = result.divergence else { return "" }
        if let error = divergence.error { return ": \(VisibleText.escape(error))" }
        guard let cell = divergence.cells.first(where: { !$0.ok }) else { return "" }
        return ": \(cell.name) expected \(cell.shown.expected), got \(cell.shown.actual)"
    }
}
