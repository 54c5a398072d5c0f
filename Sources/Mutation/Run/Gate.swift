import Foundation

/// The conformance gate as a command: the executable (the `lockspec` built from the schematized copy, or a stand-in in
/// tests), the arguments before `--verdict <file>`, and the folder it runs in. The mutant is chosen by `LOCKSPEC_MUTANT`.
public struct Gate: Sendable {
    /// The executable's path.
    public var executable: String
    /// The arguments of the whole gate (rows, scenarios, matrices and the exploration): `run specs`.
    public var arguments: [String]
    /// The option that names the file the gate writes its result to: `--verdict` (only what `GateResult` reads, a
    /// fraction of `--json`'s full report, which takes about a quarter of a one-case run to write), or `--json`.
    public var resultArgument = "--verdict"
    /// The extra argument that leaves the exploration out (`--no-explore`), for the rows-first policy.
    public var rowsOnlyArgument: String? = "--no-explore"
    /// The extra argument that stops the gate at its first failing case (`--fail-fast`), when no exact kill matrix is
    /// asked for.
    public var failFastArgument: String? = "--fail-fast"
    /// The folder the gate runs in (the copy's root, where `specs/` is).
    public var directory: String

    /// Makes a gate.
    public init(executable: String, arguments: [String] = ["run", "specs"], directory: String) {
        self.executable = executable
        self.arguments = arguments
        self.directory = directory
    }

    /// Runs the gate once: `mutant` nil runs the unmutated code (`LOCKSPEC_MUTANT` removed); `rowsOnly` leaves the
    /// exploration out. Output and the JSON result go to files in `scratch`, named after `label`.
    public func run(mutant: Int?, failFast: Bool = false, rowsOnly: Bool, scratch: String, label: String, timeout: Double?) -> GateRun {
        run(mutant: mutant, failFast: failFast, scope: rowsOnly ? .rowsOnly : .whole, scratch: scratch, label: label, timeout: timeout)
    }

    /// Runs the part of the gate `scope` names once: `mutant` nil runs the unmutated code (`LOCKSPEC_MUTANT`
    /// removed); `coverage` names the file the schematized build writes the reached mutants to
    /// (`LOCKSPEC_MUTANT_COVERAGE`; removed when nil); `failFast` stops it at its first failing case. Output and the
    /// JSON result go to files in `scratch`, named after `label`.
    public func run(mutant: Int?, failFast: Bool = false, scope: GateScope, scratch: String, label: String, timeout: Double?,
                    coverage: String? = nil) -> GateRun {
        let json = "\(scratch)/\(label).json"
        try? FileManager.default.removeItem(atPath: json)
        var args = arguments + [resultArgument, json]
        if failFast, let failFastArgument { args.append(failFastArgument) }
        switch scope {
        case .whole: break
        case .rowsOnly: if let rowsOnlyArgument { args.append(rowsOnlyArgument) }
        case .cases(let ids): args += ["--row", ids.joined(separator: ",")]
        case .specs(let ids): args += ["--spec", ids.joined(separator: ",")]
        }
        var env: [String: String] = [:]
        var removing: Set<String> = []
        if let mutant { env[MutantSwitchFile.mutantVariable] = String(mutant) } else { removing.insert(MutantSwitchFile.mutantVariable) }
        if let coverage { env[MutantSwitchFile.coverageVariable] = coverage } else { removing.insert(MutantSwitchFile.coverageVariable) }
        let (ending, seconds) = ProcessRunner.run(executable, args, in: directory, environment: env, removing: removing,
                                                  log: "\(scratch)/\(label).log", timeout: timeout)
        let result = FileManager.default.contents(atPath: json).flatMap { GateResult(json: $0) }
        try? FileManager.default.removeItem(atPath: json)   // megabytes per run, and everything needed is in `result`
        return GateRun(ending: ending, seconds: seconds, result: result, log: "\(scratch)/\(label).log")
    }
}

/// Which part of the gate one process runs.
public enum GateScope: Sendable, Hashable {
    /// Every row, scenario and matrix, and the exploration (`run specs`).
    case whole
    /// Every row, scenario and matrix, no exploration (`--no-explore`).
    case rowsOnly
    /// Only these cases (`--row a,b,c`: row, scenario or matrix-cell ids; never the exploration).
    case cases([String])
    /// These specs' rows and their exploration (`--spec X,Y`).
    case specs([String])
}

/// One run of the gate: how the process ended, its wall time and what its JSON result says.
public struct GateRun: Sendable {
    /// How the process ended.
    public var ending: ProcessRunner.Ending
    /// Wall time in seconds.
    public var seconds: Double
    /// The JSON result, when the gate wrote a readable one.
    public var result: GateResult?
    /// The file holding the gate's output.
    public var log: String
}

/// What the mutation analysis reads from a `lockspec run --verdict` (or `--json`) result: every case (its id, row, spec, file and
/// line, whether it failed, the rows it exercised) and the failing exploration findings. Read without the Conformance
/// types, so this module knows no spec.
public struct GateResult: Sendable, Equatable {
    /// Every case of the run, in its order.
    public var cases: [GateCase]
    /// The ids of the exploration findings that fail the run (`EX-…`).
    public var failingFindings: [String]
    /// The specs whose machines the run explored (the transition tour or the walks), sorted.
    public var exploredSpecs: [String] = []

    /// Reads a `lockspec run --verdict` or `--json` document; nil when it is not one.
    public init?(json: Data) {
        guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
              let cases = object["cases"] as? [[String: Any]] else { return nil }
        self.cases = cases.compactMap(GateCase.init)
        let findings = (object["exploration"] as? [String: Any])?["findings"] as? [[String: Any]] ?? []
        failingFindings = findings.filter { GateCase.failing.contains($0["status"] as? String ?? "") }
            .compactMap { $0["id"] as? String }.sorted()
        let explored = (object["exploration"] as? [String: Any])?["result"] as? [String: Any] ?? [:]
        let machines = (explored["machines"] as? [[String: Any]] ?? []) + (explored["walks"] as? [[String: Any]] ?? [])
        exploredSpecs = Set(machines.compactMap { $0["spec"] as? String }).sorted()
    }

    /// The ids of the cases that fail the run, then the failing exploration findings.
    public var failing: [String] { cases.filter(\.fails).map(\.id) + failingFindings }
}

/// One case of a gate run, as the mutation reports need it.
public struct GateCase: Codable, Sendable, Hashable {
    /// The case id (a row id, or `row[axis=value]` for a matrix cell).
    public var id: String
    /// The row id.
    public var row: String
    /// The spec id.
    public var spec: String
    /// The spec file.
    public var file: String
    /// The row's line.
    public var line: Int
    /// Whether the case failed the run.
    public var fails: Bool
    /// The rows whose transitions the case exercised.
    public var exercised: [String]

    static let failing: Set<String> = ["failed", "unexpectedPass", "expired"]

    /// Makes a case.
    public init(id: String, row: String, spec: String, file: String, line: Int, fails: Bool, exercised: [String]) {
        self.id = id
        self.row = row
        self.spec = spec
        self.file = file
        self.line = line
        self.fails = fails
        self.exercised = exercised
    }

    init?(_ object: [String: Any]) {
        guard let id = object["id"] as? String else { return nil }
        self.id = id
        row = object["row"] as? String ?? id
        spec = object["spec"] as? String ?? ""
        file = object["file"] as? String ?? ""
        line = object["line"] as? Int ?? 1
        fails = Self.failing.contains(object["status"] as? String ?? "")
        exercised = object["exercised"] as? [String] ?? []
    }
}
