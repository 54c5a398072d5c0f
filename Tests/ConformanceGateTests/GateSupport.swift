import Conformance
import AppLockFixtures
import Foundation
import SpecKit
import Testing

/// specs/ compiled against the standard fixtures, once for the whole gate, when the tests start (not at build time:
/// a product owner's edit to a spec needs no rebuild, and no build tool compiles the core a second time).
enum GateSpecs {
    /// The package's specs/ folder, found from this file's place (Tests/ConformanceGateTests/), not the working folder.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "specs").path

    /// The compilation, or the findings that kept specs/ from being read at all.
    static let compilation: Result<SpecCompiler.Compilation, DiagnosticError> = {
        do throws(DiagnosticError) {
            return .success(try ConformanceRun.compile([folder], registry: .standard))
        } catch {
            return .failure(error)
        }
    }()

    /// Every error the compile found (an unreadable folder's findings included).
    static var errors: [Diagnostic] {
        switch compilation {
        case .success(let compilation): compilation.diagnostics.filter { $0.severity == .error }
        case .failure(let error): error.diagnostics
        }
    }

    /// One gate argument per compiled case, in spec and row order; none when the specs do not compile (the compile
    /// test then fails with every finding).
    static var rows: [GateRow] {
        guard errors.isEmpty, case .success(let compilation) = compilation else { return [] }
        return compilation.suite.cases.map(GateRow.init)
    }
}

/// One compiled case as a gate argument, shown by its row id (a matrix cell's id names its axes).
struct GateRow: Sendable, CustomTestStringConvertible {
    /// The case.
    let testCase: TestCase

    /// The case id, as swift-testing shows the argument.
    var testDescription: String { testCase.id }
}

/// Runs one compiled case against AppLockCore through the standard fixtures and records the divergence, if any,
/// as an issue whose text is the same as `lockspec run` prints.
enum GateSupport {
    static func check(_ testCase: TestCase) {
        let outcome = FixtureRegistry.standard.runner.run(testCase)
        guard let divergence = outcome.divergence, !outcome.passed else { return }
        var text = "\(testCase.file):\(testCase.line):\(testCase.column): row \(testCase.row) diverges at step \(divergence.step + 1): \(divergence.action)"
        if divergence.onPath { text += " (on the path to the row, checking row \(divergence.row ?? "?"))" }
        for cell in divergence.cells where !cell.ok { text += "\n  \(cell.name): expected \(cell.expected), got \(cell.actual)" }
        if let error = divergence.error { text += "\n  \(error)" }
        text += "\n  rerun: lockspec run specs --row \(testCase.row)"
        Issue.record(Comment(rawValue: text))
    }
}
