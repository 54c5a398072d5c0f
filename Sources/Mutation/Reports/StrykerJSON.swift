import Foundation

/// Writes a report as Stryker JSON and reads one back.
public enum StrykerJSON {
    /// The report as canonical JSON (sorted keys, stable) in Stryker's mutation-testing-report-schema.
    public static func render(_ report: MutationReport) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(document(report)), as: UTF8.self) + "\n"
    }

    /// Reads what `render` writes; a `MutationRunError` naming `file` when it is not such a report.
    public static func read(_ data: Data, file: String) throws -> MutationReport {
        let doc: StrykerDocument
        do {
            doc = try JSONDecoder().decode(StrykerDocument.self, from: data)
        } catch {
            throw MutationRunError("\(file): not a report written by 'lockspec mutate --json' (\(error))")
        }
        var mutants: [MutantResult] = []
        for (path, entry) in doc.files {
            for m in entry.mutants {
                guard let op = MutationOperator(rawValue: m.mutatorName) else {
                    throw MutationRunError("\(file): mutant \(m.id) has an unknown mutatorName '\(m.mutatorName)'")
                }
                mutants.append(result(m, file: path, operator: op))
            }
        }
        let config = doc.config.lockspec
        return MutationReport(mutants: mutants, rows: config.rows, sources: doc.files.mapValues(\.source),
                              excluded: config.excluded, settings: config.settings, timing: config.timing)
    }

    static func document(_ report: MutationReport) -> StrykerDocument {
        var files: [String: StrykerDocument.File] = [:]
        for (path, source) in report.sources { files[path] = .init(source: source, mutants: []) }
        for m in report.mutants {
            files[m.site.file, default: .init(source: "", mutants: [])].mutants.append(mutant(m))
        }
        var tests: [String: StrykerDocument.TestFile] = [:]
        for row in report.rows {
            tests[row.file, default: .init(tests: [])].tests.append(
                .init(id: row.id, name: "\(row.spec) \(row.id)", location: .init(start: .init(line: max(1, row.line), column: 1))))
        }
        let exploration = Set(report.mutants.flatMap(\.killedBy) + report.mutants.flatMap { $0.coveredBy ?? [] })
            .subtracting(report.rows.map(\.id)).sorted()
        if !exploration.isEmpty {
            tests["exploration", default: .init(tests: [])].tests += exploration.map { .init(id: $0, name: "exploration \($0)", location: nil) }
        }
        let config = StrykerDocument.LockspecConfig(settings: report.settings, timing: report.timing, excluded: report.excluded,
                                                    rows: report.rows, score: report.score.map { ($0 * 100).rounded() / 100 },
                                                    detected: report.detected, counted: report.counted)
        let ms = { (s: Double) in (s * 1000).rounded() }
        return StrykerDocument(files: files, testFiles: tests, config: .init(lockspec: config),
                               performance: .init(setup: ms(report.timing.build), initialRun: ms(report.timing.baseline),
                                                  mutation: ms(report.timing.mutants)))
    }

    static func mutant(_ m: MutantResult) -> StrykerDocument.Mutant {
        let s = m.site
        let location = StrykerDocument.Location(start: .init(line: s.line, column: s.column), end: .init(line: s.endLine, column: s.endColumn))
        let reason = m.accepted.map { "accepted: \($0.reason) (until \($0.expires))" } ?? m.reason
        return .init(id: s.id, mutatorName: s.mutationOperator.rawValue, replacement: s.mutated, location: location,
                     status: m.reportedStatus, statusReason: reason, killedBy: m.killedBy, coveredBy: m.coveredBy,
                     description: "\(s.mutationOperator.rawValue): '\(s.original)' → '\(s.mutated)' in \(s.declaration)",
                     duration: m.milliseconds, testsCompleted: nil, number: s.number, declaration: s.declaration,
                     original: s.original, measuredStatus: m.status, fallback: m.fallback, explored: m.explored,
                     accepted: m.accepted.map { .init(reason: $0.reason, expires: $0.expires, line: $0.line, racy: $0.racy ? true : nil) })
    }

    static func result(_ m: StrykerDocument.Mutant, file: String, operator op: MutationOperator) -> MutantResult {
        let site = MutationSite(id: m.id, number: m.number, file: file, line: m.location.start.line, column: m.location.start.column,
                                endLine: m.location.end.line, endColumn: m.location.end.column, declaration: m.declaration,
                                mutationOperator: op,
                                original: m.original, mutated: m.replacement)
        let reason = m.accepted == nil ? m.statusReason : nil
        return MutantResult(site: site, status: m.measuredStatus, killedBy: m.killedBy, fallback: m.fallback, reason: reason,
                            milliseconds: m.duration, explored: m.explored,
                            accepted: m.accepted.map { AcceptedSurvivor(mutant: m.id, reason: $0.reason, expires: $0.expires, line: $0.line,
                                                                      racy: $0.racy ?? false) },
                            coveredBy: m.coveredBy)
    }
}
