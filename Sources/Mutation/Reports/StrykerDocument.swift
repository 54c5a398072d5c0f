/// The report in Stryker's mutation-testing-report-schema (schemaVersion "1"), so existing dashboards and the
/// mutation-testing-elements viewer read it. Required by the schema: `schemaVersion`, `thresholds`, `files`; per file
/// `language`, `source`, `mutants`; per mutant `id`, `mutatorName`, `location`, `status`; per test `id`, `name`.
/// LockSpec's own fields (the settings, timings, exclusions and the gate's rows) sit in `config.lockspec`, and each
/// mutant carries a few extra keys (`number`, `declaration`, `original`, `measuredStatus`, …), which the schema
/// allows; `MutationReport(stryker:)` reads all of it back to merge shards.
struct StrykerDocument: Codable {
    var schemaVersion = "1"
    var thresholds = Thresholds()
    var files: [String: File]
    var testFiles: [String: TestFile]
    var framework = Framework()
    var config: Config
    var performance: Performance

    struct Thresholds: Codable { var high = 90; var low = 80 }
    struct Framework: Codable { var name = "lockspec mutate"; var version = "1" }
    struct Config: Codable { var lockspec: LockspecConfig }
    struct LockspecConfig: Codable {
        var settings: MutationSettings
        var timing: MutationTiming
        var excluded: [ExcludedDeclaration]
        var rows: [GateCase]
        var score: Double?
        var detected: Int
        var counted: Int
    }
    struct Performance: Codable { var setup: Double; var initialRun: Double; var mutation: Double }
    struct File: Codable { var language = "swift"; var source: String; var mutants: [Mutant] }
    struct Position: Codable { var line: Int; var column: Int }
    struct Location: Codable { var start: Position; var end: Position }
    struct TestFile: Codable { var tests: [Test] }
    struct Test: Codable { var id: String; var name: String; var location: OpenLocation? }
    struct OpenLocation: Codable { var start: Position }
    struct Accepted: Codable { var reason: String; var expires: String; var line: Int; var racy: Bool? }

    struct Mutant: Codable {
        var id: String
        var mutatorName: String
        var replacement: String
        var location: Location
        var status: MutantStatus
        var statusReason: String?
        var killedBy: [String]
        /// The cases (and `explore:<spec>` explorations) that reach the mutant's code; absent when not measured.
        var coveredBy: [String]?
        var description: String
        var duration: Int
        var testsCompleted: Int?
        // LockSpec's keys (allowed by the schema), read back by a merge.
        var number: Int
        var declaration: String
        var original: String
        var measuredStatus: MutantStatus
        var fallback: Bool
        var explored: Bool
        var accepted: Accepted?
    }
}
