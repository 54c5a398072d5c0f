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
        var runs: [Run]

        enum CodingKeys: String, CodingKey { case schema = "$schema", version, runs }

        /// A log of one run of `tool` with its results; the rules are the distinct rule ids, sorted.
        public init(tool: String, version: String, results: [Result]) {
            let rules = Set(results.map(\.ruleId)).sorted().map { Rule(id: $0, shortDescription: Text(text: $0)) }
            runs = [Run(tool: Tool(driver: Driver(name: tool, semanticVersion: version, rules: rules)),
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
    struct Run: Encodable, Sendable {
        var tool: Tool
        var results: [Result]
        /// Given only when the run did not start.
        var invocations: [Invocation]?
    }

    /// How one invocation of the tool went.
    struct Invocation: Encodable, Sendable {
        var executionSuccessful: Bool
        var toolExecutionNotifications: [Notification]
    }

    /// A message about the tool's own run rather than about a file.
    struct Notification: Encodable, Sendable {
        var level: String
        var message: Text
    }

    /// The tool that ran.
    struct Tool: Encodable, Sendable {
        var driver: Driver
    }

    /// The tool's name, version and rules (no `informationUri`: the project publishes no address).
    struct Driver: Encodable, Sendable {
        var name: String
        var semanticVersion: String
        var rules: [Rule]
    }

    /// A rule: a finding id.
    struct Rule: Encodable, Sendable {
        var id: String
        var shortDescription: Text
    }

    /// A text.
    struct Text: Encodable, Sendable {
        var text: String
    }

    /// One finding at one place.
    public struct Result: Encodable, Sendable {
        /// `error`, `warning` or `note`.
        var level: String
        var message: Text
        var ruleId: String
        var locations: [Location]
        /// The other places the result involves, each with what it is there; left out where there are none.
        var relatedLocations: [Location]?

        /// A result at `file:line:column`, with the other places it involves (`related`).
        public init(level: String, message: String, ruleId: String, file: String, line: Int, column: Int,
                    related: [Diagnostic.Related] = []) {
            self.level = level
            self.message = Text(text: message)
            self.ruleId = ruleId
            locations = [Location(physicalLocation: Self.physical(file: file, line: line, column: column))]
            relatedLocations = related.isEmpty ? nil : related.enumerated().map { i, place in
                Location(physicalLocation: Self.physical(file: place.location.file, line: place.location.line, column: place.location.column),
                         id: i, message: Text(text: place.message))
            }
        }

        /// A file and a line and column in it.
        static func physical(file: String, line: Int, column: Int) -> Location.PhysicalLocation {
            .init(artifactLocation: .init(uri: uri(file)), region: .init(startLine: max(1, line), startColumn: max(1, column)))
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

    /// A physical location; a related one has an id and says what is there.
    struct Location: Encodable, Sendable {
        var physicalLocation: PhysicalLocation
        var id: Int?
        var message: Text?

        /// A file and a region in it.
        struct PhysicalLocation: Encodable, Sendable {
            var artifactLocation: ArtifactLocation
            var region: Region
        }

        /// A file, by its path.
        struct ArtifactLocation: Encodable, Sendable {
            /// The path, relative to the repository.
            var uri: String
        }

        /// A line and column, 1-based.
        struct Region: Encodable, Sendable {
            var startLine: Int
            var startColumn: Int
        }
    }

    /// The level of a diagnostic's severity: SARIF's levels `error`, `warning` and `note` are the severities' names.
    public static func level(_ severity: Diagnostic.Severity) -> String { severity.rawValue }
}
