import Foundation
import Testing

/// Specs and result files that once crashed `lockspec` (a trap, exit 132, a backtrace and no location) now give a
/// located finding and exit 1 or 2. An exit code above 2 or a signal is a crash, and fails the test.
@Suite("lockspec never crashes on a spec")
struct RobustnessCLITests {
    /// A small machine spec on the launch-lock fixture's names, with `{ROW}` replaced by one row's lines.
    static func machine(variables: String = "  enabled: {type: bool, initial: false}\n", row: String) -> String {
        """
        id: t.robust
        kind: machine
        title: T
        source: doc.md §1
        fixture: launch-lock
        states: [Open, Locked]
        initial: Open
        variables:
        \(variables)events:
          active:
            away: duration 0s..2h
        rows:
          - id: R-1
            source: doc.md §1
            on: active
        \(row)
        """
    }

    /// A small decision table on the medtime fixture's names, with one row's `when`.
    static func decision(inputs: String = "  failures: int 1..10\n", when: String) -> String {
        """
        id: t.robust
        kind: decision
        title: T
        source: doc.md §1
        fixture: medtime
        inputs:
        \(inputs)outputs:
          remaining: int 0..4
        rows:
          - id: R-1
            source: doc.md §1
            when: \(when)
            then: {remaining: 0}
        """
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var yaml: String
        /// The `file:line:col: error:` suffix and message expected, after the file's path.
        var located: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "> 2h on duration 0s..2h", yaml: machine(row: "    when: {away: \"> 2h\"}"),
             located: ":17:18: error: the condition on 'away' in row R-1 matches no value of duration 0s..2h [spec.empty-condition]"),
        Case(name: "< 0s on duration 0s..2h", yaml: machine(row: "    when: {away: \"< 0s\"}"),
             located: ":17:18: error: the condition on 'away' in row R-1 matches no value of duration 0s..2h [spec.empty-condition]"),
        Case(name: "> 10 on int 1..10", yaml: decision(when: "{failures: \"> 10\"}"),
             located: ":13:22: error: the condition on 'failures' in row R-1 matches no value of int 1..10 [spec.empty-condition]"),
        Case(name: "+9223372036854775807 as a change", yaml: machine(
                variables: "  failures: {type: int 0..20, initial: 0}\n", row: "    then: {failures: \"+9223372036854775807\"}"),
             located: ":17:22: error: row R-1 changes 'failures' by +9223372036854775807, more than the whole of int 0..20 spans, so the row could never fire without leaving it [spec.change-too-large]"),
        Case(name: "99999999999999999999 as a domain bound", yaml: decision(inputs: "  failures: int 0..99999999999999999999\n", when: "{failures: 1}"),
             located: ":7:13: error: the type of 'failures': the bound 99999999999999999999 of 'int 0..99999999999999999999' is too large: a bound may be at most 1000000000000000 either way [spec.bad-domain]"),
    ]

    /// Whether a run ended as a finding or a refusal (exit 1 or 2), not a crash.
    static func endedCleanly(_ r: CLITests.Run) -> Bool { !r.signalled && (r.status == 1 || r.status == 2) }

    @Test("lint gives a located finding and exit 1, never a crash", arguments: cases)
    func lint(_ c: Case) throws {
        let path = try CLITests.write(Array(c.yaml.utf8))
        defer { CLITests.remove(path) }
        let r = try CLITests.run(["lint", path])
        #expect(Self.endedCleanly(r), "exit \(r.status), signalled \(r.signalled): \(r.output.suffix(800))")
        #expect(r.status == 1)
        #expect(r.stdout.contains(path + c.located), "\(r.stdout)")
    }

    @Test("run refuses the spec with the located finding and exit 2, never a crash", arguments: cases.prefix(1))
    func run(_ c: Case) throws {
        let path = try CLITests.write(Array(c.yaml.utf8))
        defer { CLITests.remove(path) }
        let r = try CLITests.run(["run", path])
        #expect(Self.endedCleanly(r), "exit \(r.status), signalled \(r.signalled): \(r.output.suffix(800))")
        #expect(r.status == 2)
        #expect(r.stderr.contains(path + c.located), "\(r.stderr)")
    }

    @Test("a newline and an escape byte in names are shown escaped, never raw", arguments: ["text", "github"])
    func controlCharacters(_ format: String) throws {
        // YAML's double-quoted escapes put a real newline and ESC into the names.
        let yaml = Self.machine(row: "").replacingOccurrences(of: "states: [Open, Locked]", with: #"states: [Open, Locked, "Op\nen", "Lo\e[31mck"]"#)
        let path = try CLITests.write(Array(yaml.utf8))
        defer { CLITests.remove(path) }
        let r = try CLITests.run(["lint", path, "--format", format])
        #expect(Self.endedCleanly(r), "exit \(r.status): \(r.output.suffix(800))")
        #expect(r.status == 1)
        #expect(!r.stdout.unicodeScalars.contains("\u{1B}"), "a raw ESC reached the output")
        #expect(r.stdout.contains(#"'Op\nen'"#))
        #expect(r.stdout.contains(#"'Lo\u{1B}[31mck'"#))
        // Every line is a finding, a hint or a note: nothing from the spec started a line of its own.
        // In text, the count line closes the output.
        let prefix = format == "text" ? path + ":" : "::error file="
        var lines = r.stdout.split(separator: "\n")
        if format == "text" { #expect(lines.popLast()?.hasPrefix("0 specs, 0 rows; left out: ") == true, "\(r.stdout)") }
        for line in lines {
            #expect(line.hasPrefix(prefix) || line.hasPrefix("    "), "forged line: \(line)")
        }
        if format == "text" {
            #expect(r.stdout.contains(path + ":6:24: error: a state 'Op\\nen' is not a valid name"))
        }
    }

    @Test("merge refuses a result whose graph lists a state twice: located, exit 2, never a crash")
    func mergeDuplicateState() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cli-robust-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A real result of a one-machine run, then its graph damaged as a hand-edited or corrupted file would be.
        let spec = folder.appendingPathComponent("g.yaml")
        try Data(Self.machine(row: "").replacingOccurrences(of: "    on: active\n", with: "    on: active\n    to: Locked\n").utf8).write(to: spec)
        let json = folder.appendingPathComponent("r.json")
        let ran = try CLITests.run(["run", spec.path, "--json", json.path], timeout: 60)
        #expect(ran.status == 0 || ran.status == 1, "\(ran.output.suffix(800))")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        var specs = try #require(object["specs"] as? [[String: Any]])
        var graph = try #require(specs.first?["graph"] as? [String: Any])
        var states = try #require(graph["states"] as? [String])
        states.append(states[0])
        graph["states"] = states
        specs[0]["graph"] = graph
        object["specs"] = specs
        let damaged = folder.appendingPathComponent("damaged.json")
        try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]).write(to: damaged)
        let text = try String(contentsOf: damaged, encoding: .utf8)
        // Where the repeated state is written: the last line naming it inside the states list.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let statesLine = try #require(lines.firstIndex { $0.contains("\"states\"") })
        let line = statesLine + 1 + states.count
        let column = try #require(lines[line - 1].firstIndex(of: "\"")).utf16Offset(in: lines[line - 1]) + 1
        let r = try CLITests.run(["merge", damaged.path])
        #expect(Self.endedCleanly(r), "exit \(r.status): \(r.output.suffix(800))")
        #expect(r.status == 2)
        #expect(r.stderr.contains(
            "\(damaged.path):\(line):\(column): error: not a usable LockSpec result: specs[0].graph.states[\(states.count - 1)]: the graph of spec 't.robust' lists state 'Open' twice [result.invalid]"),
            "\(r.stderr)")
    }
}

/// `lockspec lint FILE` for a scenario set that `uses:` a machine in the same folder.
@Suite("lockspec lint of one file")
struct SingleFileLintTests {
    static let specs = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/Samples/specs").path

    @Test("every project spec lints clean on its own, 'uses:' found beside it")
    func eachSpecAlone() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.specs).filter { $0.hasSuffix(".yaml") }.sorted()
        let usesSomething = names.filter { name in
            (try? String(contentsOfFile: Self.specs + "/" + name, encoding: .utf8))?.contains("\nuses: ") ?? false
        }
        #expect(!usesSomething.isEmpty)
        for name in usesSomething {
            let r = try CLITests.run(["lint", Self.specs + "/" + name], timeout: 60)
            #expect(r.status == 0, "\(name): \(r.output.suffix(800))")
        }
    }

    /// Found by a trial: `lint FILE FOLDER`, the file also in the folder, listed each finding twice and left the file
    /// out twice; a file spelt two ways (`specs/x.yaml`, `./specs/x.yaml`) read the folder's product files twice, as
    /// duplicate spec ids.
    @Test("a file named twice (alone and in its folder, or spelt two ways) is read once")
    func fileNamedTwice() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("twice-\(UUID().uuidString)").path
        try FileManager.default.copyItem(atPath: Self.specs, toPath: folder)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/medtime.lockout.yaml"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let broken = try #require(text.range(of: "event: open")).lowerBound
        try text.replacingCharacters(in: broken..<text.index(broken, offsetBy: 11), with: "event: opne").write(toFile: file, atomically: true, encoding: .utf8)
        // A re-check: the same file through a link to the folder, and a relative against an absolute path.
        let link = folder + "-link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder)
        defer { try? FileManager.default.removeItem(atPath: link) }
        let parent = (folder as NSString).deletingLastPathComponent, base = (folder as NSString).lastPathComponent
        for arguments in [[file, folder], [file, folder + "/./medtime.lockout.yaml"], [file, folder + "//medtime.lockout.yaml", folder],
                          [file, link + "/medtime.lockout.yaml"], [folder, link], [file, parent + "/../" + (parent as NSString).lastPathComponent + "/" + base + "/medtime.lockout.yaml"]] {
            let r = try CLITests.run(["lint"] + arguments, timeout: 60)
            #expect(r.status == 1, "\(arguments): \(r.output)")
            #expect(r.output.components(separatedBy: "[spec.unknown-event]").count == 2, "one finding: \(r.output)")
            #expect(!r.output.contains("check.duplicate-spec-id"), "\(r.output)")
            #expect(r.output.contains("left out: \(file): 1 error, 0 warnings"), "\(r.output)")
        }
        // A re-check: the folder's sections.yaml given by name was linted as a spec ("the spec needs 'kind'").
        for command in [["lint", folder + "/sections.yaml"], ["diff", folder + "/sections.yaml", folder + "/sections.yaml"]] {
            let reasons = try CLITests.run(command, timeout: 60)
            #expect(reasons.status == 2 && reasons.output.contains("[input.not-a-spec]") && !reasons.output.contains("needs 'kind'"), "\(reasons.output)")
        }
        // One file read with the files beside it (for its machine) does not list a broken one of those as left out.
        let alone = try CLITests.run(["lint", folder + "/medtime.pin-entry.yaml"], timeout: 60)
        #expect(alone.status == 0 && !alone.output.contains("medtime.lockout.yaml"), "\(alone.output)")
    }

    /// The complete spec examples of docs/spec-language.md (a block that opens with `id:` and leaves nothing out with
    /// `...`); the header example, which shows the header alone, gets the body of the machine example after it.
    static func docsSpecExamples() throws -> [String] {
        let docs = URL(fileURLWithPath: specs).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/spec-language.md")
        let blocks = try String(contentsOf: docs, encoding: .utf8).components(separatedBy: "```yaml\n").dropFirst()
            .map { $0.components(separatedBy: "```")[0] }
            .filter { $0.hasPrefix("id: ") && !$0.split(separator: "\n").contains("...") }
        let machine = blocks.first { $0.contains("\nkind: machine") && $0.contains("\nrows:") }
        let machineBody = machine.flatMap { text in text.range(of: "\nstates:").map { String(text[$0.lowerBound...].dropFirst()) } }
        return blocks.map { block in
            block.contains("\nkind: machine") && !block.contains("\nrows:") ? block + (machineBody ?? "") : block
        }
    }

    @Test("every complete spec example of docs/spec-language.md lints clean (--strict) beside the product files of specs/ and the machine it uses")
    func docsSpecExamples() throws {
        let examples = try Self.docsSpecExamples()
        // The header, machine, product-file, decision, scenarios and matrix examples: a block the doc drops is a finding here.
        for kind in ["machine", "product", "decision", "scenarios", "matrix"] {
            #expect(examples.contains { $0.contains("\nkind: \(kind)") }, "no complete \(kind) example found")
        }
        #expect(examples.filter { $0.contains("\nkind: machine") }.count == 2, "the header example and the machine example")
        for example in examples {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("docs-example-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let line = { (key: String) in example.split(separator: "\n").first { $0.hasPrefix(key + ": ") }?.dropFirst(key.count + 2).split(separator: " ").first.map(String.init) }
            let isProduct = line("kind") == "product"
            // The real product files, but the one a product-file example stands for.
            for name in try FileManager.default.contentsOfDirectory(atPath: Self.specs) where name.hasSuffix(".product.yaml") {
                if isProduct, name == "\(line("fixture") ?? "").product.yaml" { continue }
                try FileManager.default.copyItem(atPath: Self.specs + "/" + name, toPath: folder.appendingPathComponent(name).path)
            }
            if let uses = line("uses") {
                try FileManager.default.copyItem(atPath: Self.specs + "/\(uses).yaml", toPath: folder.appendingPathComponent("\(uses).yaml").path)
            }
            let path = folder.appendingPathComponent(isProduct ? "example.product.yaml" : "example.yaml").path
            try Data(example.utf8).write(to: URL(fileURLWithPath: path))
            let r = try CLITests.run(["lint", "--strict", path], timeout: 60)
            #expect(r.status == 0, "\(example.prefix(60)): \(r.output)")
            // No finding: the count, after the line that says the citations were not checked (no --documents here).
            let lines = r.stdout.split(separator: "\n")
            #expect(lines.count == 2 && lines[0].hasPrefix("note: the citations were not checked") && r.stdout.hasSuffix(": 0 errors, 0 warnings\n"),
                    "no finding, only the count: \(r.stdout)")
        }
    }
}
