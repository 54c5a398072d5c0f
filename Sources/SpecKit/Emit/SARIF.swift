/// A SARIF 2.1.0 log, shaped as SwiftLint's SARIF reporter writes it (`$schema`, `version`, one run whose
/// `tool.driver` names the tool and lists its rules, and one result per finding with `level`, `message.text`,
/// `ruleId` and a physical location), so code-scanning dashboards show findings on the YAML lines.
public enum SARIF {
    /// The log.
    public struct Log: Encodable, Sendable {
        /// The schema's address.
        public var schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/cos02/schemas/sarif-schema-2.1.0.json"
        /// Always 2.1.0.
        public var version = "2.1.0"
        /// One run.
        public var runs: [Run]

        enum CodingKeys: String, CodingKey { case schema = "$schema", version, runs }

        /// A log of one run of `tool` with its results; the rules are the distinct rule ids, sorted.
        public init(tool: String, version: String, results: [Result]) {
            let rules = Set(results.map(\.ruleId)).sorted().map { Rule(id: $0, shortDescription: Text(text: $0)) }
            runs = [Run(tool: Tool(driver: Driver(name: tool, semanticVersion: version, informationUri: "https://github.com/lockspec/lockspec", rules: rules)),
                        results: results, invocations: nil)]
        }

        /// A log of a run of `tool` that did not start (a command line it could not read): no results, and one
        /// invocation that says so, so an upload step gets a log that tells why, not an empty file.
        public init(tool: String, version: String, failure message: String) {
            self.init(tool: tool, version: version, results: [])
            runs[0].invocations = [Invocation(executionSuccessful: false,
                                              toolExecutionNotifications: [Notification(level: "error", message: Text(text: message))])]
        }

        /// Canonical JSON (sorted keys).
        public func render() -> String { (try? Emitter.canonicalJSON(self)) ?? "{}\n" }
    }

    /// One run of the tool.
    public struct Run: Encodable, Sendable {
        /// The tool.
        public var tool: Tool
        /// The findings.
        public var results: [Result]
        /// How the run went, given only when it did not start.
        public var invocations: [Invocation]?
    }

    /// How one invocation of the tool went.
    public struct Invocation: Encodable, Sendable {
        /// False when the tool could not do what it was asked.
        public var executionSuccessful: Bool
        /// Why, when it could not.
        public var toolExecutionNotifications: [Notification]
    }

    /// A message about the tool's own run rather than about a file.
    public struct Notification: Encodable, Sendable {
        /// `error`, `warning` or `note`.
        public var level: String
        /// What happened.
        public var message: Text
    }

    /// The tool that ran.
    public struct Tool: Encodable, Sendable {
        /// Its driver.
        public var driver: Driver
    }

    /// The tool's name, version and rules.
    public struct Driver: Encodable, Sendable {
        /// `lockspec`.
        public var name: String
        /// Its version.
        public var semanticVersion: String
        /// Where to read about it.
        public var informationUri: String
        /// The rules the results use.
        public var rules: [Rule]
    }

    /// A rule: a finding id.
    public struct Rule: Encodable, Sendable {
        /// The id.
        public var id: String
        /// A short description.
        public var shortDescription: Text
    }

    /// A text.
    public struct Text: Encodable, Sendable {
        /// The text.
        public var text: String
    }

    /// One finding at one place.
    public struct Result: Encodable, Sendable {
        /// `error`, `warning` or `note`.
        public var level: String
        /// What is wrong.
        public var message: Text
        /// The finding's id.
        public var ruleId: String
        /// Where.
        public var locations: [Location]

        /// A result at `file:line:column`.
        public init(level: String, message: String, ruleId: String, file: String, line: Int, column: Int) {
            self.level = level
            self.message = Text(text: message)
            self.ruleId = ruleId
            locations = [Location(physicalLocation: .init(artifactLocation: .init(uri: Self.uri(file)),
                                                          region: .init(startLine: max(1, line), startColumn: max(1, column))))]
        }

        /// A path as a URI reference: every byte but the unreserved characters and `/` percent-encoded
        /// (`spec s/é.yaml` → `spec%20s/%C3%A9.yaml`), as SARIF's `uri` must be.
        static func uri(_ path: String) -> String {
            path.utf8.map { byte in
                let c = Character(Unicode.Scalar(byte))
                return byte < 0x80 && (c.isLetter || c.isNumber || "-._~/".contains(c)) ? String(c) : String(format: "%%%02X", byte)
            }.joined()
        }
    }

    /// A physical location.
    public struct Location: Encodable, Sendable {
        /// The file and region.
        public var physicalLocation: PhysicalLocation

        /// A file and a region in it.
        public struct PhysicalLocation: Encodable, Sendable {
            /// The file.
            public var artifactLocation: ArtifactLocation
            /// The line and column.
            public var region: Region
        }

        /// A file, by its path.
        public struct ArtifactLocation: Encodable, Sendable {
            /// The path, relative to the repository.
            public var uri: String
        }

        /// A line and column, 1-based.
        public struct Region: Encodable, Sendable {
            /// The line.
            public var startLine: Int
            /// The column.
            public var startColumn: Int
        }
    }

    /// The level of a diagnostic's severity.
    public static func level(_ severity: Diagnostic.Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        default: "note"
        }
    }
}
