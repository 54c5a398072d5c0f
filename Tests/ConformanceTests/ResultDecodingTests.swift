import Testing
import Foundation
import SpecKit
@testable import Conformance
import AppLockFixtures

/// A result file given to `lockspec merge` is checked before any report reads it: a file that is not a result, or
/// one holding a value no run produces, is a located `result.*` error rather than a trap in a report.
@Suite("Reading results back")
struct ResultDecodingTests {
    /// `ReportFixture.run` as `lockspec run --json` writes it, then changed by `edit`.
    static func damaged(_ edit: (inout [String: Any]) -> Void) throws -> String {
        let text = try renderJSON(ReportFixture.run)
        var object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        edit(&object)
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    static func error(_ text: String) -> RunResultDecodingError? {
        do throws(RunResultDecodingError) {
            _ = try decodeRunResult(text)
            return nil
        } catch {
            return error
        }
    }

    /// The 1-based line and column of the value `offset` lines below the line holding `key` (a pretty-printed list).
    static func position(below key: String, offset: Int, in text: String) -> (Int, Int)? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.contains(key) }), start + offset < lines.count else { return nil }
        let line = lines[start + offset]
        guard let quote = line.firstIndex(of: "\"") else { return nil }
        return (start + offset + 1, line.distance(from: line.startIndex, to: quote) + 1)
    }

    @Test("a graph that lists a state twice is result.invalid, located at the repeated state")
    func repeatedState() throws {
        let text = try Self.damaged { object in
            var specs = object["specs"] as? [[String: Any]] ?? []
            var graph = specs[1]["graph"] as? [String: Any] ?? [:]
            graph["states"] = ["locked", "unlocked", "away", "unlocked"]
            specs[1]["graph"] = graph
            object["specs"] = specs
        }
        let e = try #require(Self.error(text))
        #expect(e.id == "result.invalid")
        #expect(e.description == "specs[1].graph.states[3]: the graph of spec 'launch-lock' lists state 'unlocked' twice")
        let (line, column) = try #require(Self.position(below: "\"states\"", offset: 4, in: text))
        #expect((e.line, e.column) == (line, column))
        let d = e.diagnostic(file: "r.json")
        #expect("\(d)".hasPrefix("r.json:\(line):\(column): error: not a usable LockSpec result: specs[1].graph.states[3]"))
    }

    @Test("a step no run can reach is result.invalid, so no report adds one to it", arguments: [Int.max, -1])
    func impossibleStep(_ step: Int) throws {
        let text = try Self.damaged { object in
            var cases = object["cases"] as? [[String: Any]] ?? []
            let n = cases.firstIndex { $0["divergence"] != nil } ?? 0
            var divergence = cases[n]["divergence"] as? [String: Any] ?? [:]
            divergence["step"] = step
            cases[n]["divergence"] = divergence
            object["cases"] = cases
        }
        let e = try #require(Self.error(text))
        #expect(e.id == "result.invalid")
        #expect(e.message.contains("diverged at step \(step), which is not a step number (0 to 1000000000)"))
        #expect(e.line > 1)
    }

    /// Found by a bad-input trial: `"steps": -5` and `"line": -1` merged as passing.
    @Test("a case's negative step count, or a line or column before the first, is result.invalid", arguments: [("steps", -5), ("line", 0), ("column", -1)])
    func impossiblePlace(_ field: String, _ value: Int) throws {
        let text = try Self.damaged { object in
            var cases = object["cases"] as? [[String: Any]] ?? []
            cases[0][field] = value
            object["cases"] = cases
        }
        let e = try #require(Self.error(text))
        #expect(e.id == "result.invalid")
        #expect(e.message.hasSuffix("has \(field) \(value), which no run writes (\(field == "steps" ? 0 : 1) to 1000000000)"), "\(e.message)")
    }

    /// Found by a trial: a shard's `checked` of Int.max made `lockspec merge` trap (SIGILL) adding up the counts.
    @Test("an exploration count no run gives is result.invalid, located, so no summary adds it up", arguments: [Int.max, -1, 100_000_000_001])
    func impossibleCount(_ count: Int) throws {
        var run = ReportFixture.run
        let tour = MachineTourResult(spec: "launch-lock", fixture: "launch-lock", reachable: 3, situations: 3, transitions: 9, checked: 9,
                                     limit: nil, divergences: [], reach: MachineReach(situations: 3, pairs: 9, rows: []))
        run.exploration = RunExploration(result: ExplorationResult(machines: [tour, tour]), findings: [])
        let whole = try renderJSON(run)
        #expect(Self.error(whole) == nil, "the result as a run writes it reads back")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(whole.utf8)) as? [String: Any])
        var exploration = object["exploration"] as? [String: Any] ?? [:]
        var result = exploration["result"] as? [String: Any] ?? [:]
        var machines = result["machines"] as? [[String: Any]] ?? []
        machines[1]["checked"] = count
        result["machines"] = machines
        exploration["result"] = result
        object["exploration"] = exploration
        let text = String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]), as: UTF8.self)
        let e = try #require(Self.error(text))
        #expect(e.id == "result.invalid")
        #expect(e.description == "exploration.result.machines[1].checked: the exploration's checked is \(count), which is not a count (0 to 100000000000)")
        #expect(e.line > 1)
    }

    /// Found by a re-trial: the coverage counts were not checked, and `merge --html` trapped computing a percentage.
    @Test("a coverage count no run gives is result.invalid, located", arguments: [Int.max, Int.min, -1])
    func impossibleCoverageCount(_ count: Int) throws {
        var run = ReportFixture.run
        let reach = MachineReach(situations: 3, pairs: 9, rows: [])
        run.exploration = RunExploration(result: ExplorationResult(machines: [], coverage: [
            ExplorationCoverage(spec: "launch-lock", situations: 3, pairs: 9, rows: [], byRows: reach, byExploration: reach)]), findings: [])
        var object = try #require(try JSONSerialization.jsonObject(with: Data(try renderJSON(run).utf8)) as? [String: Any])
        var exploration = object["exploration"] as? [String: Any] ?? [:]
        var result = exploration["result"] as? [String: Any] ?? [:]
        var coverage = result["coverage"] as? [[String: Any]] ?? []
        var byRows = coverage[0]["byRows"] as? [String: Any] ?? [:]
        byRows["pairs"] = count
        coverage[0]["byRows"] = byRows
        result["coverage"] = coverage
        exploration["result"] = result
        object["exploration"] = exploration
        let text = String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]), as: UTF8.self)
        let e = try #require(Self.error(text))
        #expect(e.description == "exploration.result.coverage[0].byRows.pairs: the exploration's byRows.pairs is \(count), which is not a count (0 to 100000000000)")
    }

    /// Found by a re-trial: a negative seed read as "not valid JSON" at 1:1, as Foundation's decoder says of any
    /// number its field cannot hold, neither saying which number nor where.
    @Test("a number no field of a result holds is result.invalid, located at the number", arguments: [
        ("seed", "-1", "'seed' is -1, which is not a whole number from 0 to 18446744073709551615"),
        ("steps", "1.5", "'steps' is 1.5, which is not a whole number from -9223372036854775808 to 9223372036854775807"),
        ("steps", "99999999999999999999", "'steps' is 99999999999999999999, which is not a whole number from -9223372036854775808 to 9223372036854775807"),
    ])
    func unrepresentableNumber(_ key: String, _ number: String, _ message: String) throws {
        var run = ReportFixture.run
        let walk = MachineWalkResult(spec: "launch-lock", fixture: "launch-lock", seed: 7, walks: 1, length: 2, steps: 2,
                                     fingerprint: "0", failingWalks: 0, divergences: [], unshrunk: [], limit: nil)
        run.exploration = RunExploration(result: ExplorationResult(machines: [], walks: [walk]), findings: [])
        let whole = try renderJSON(run)
        #expect(Self.error(whole) == nil, "the result as a run writes it reads back")
        let lines = whole.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = try #require(lines.firstIndex { $0.contains("\"\(key)\"") })
        let value = try #require(lines[index].firstIndex(of: ":"))
        let damagedLine = lines[index][..<value] + ": " + number + (lines[index].hasSuffix(",") ? "," : "")
        let text = (lines[..<index] + [damagedLine] + lines[(index + 1)...]).joined(separator: "\n")
        let e = try #require(Self.error(text))
        #expect(e.id == "result.invalid")
        #expect(e.description == message)
        #expect((e.line, e.column) == (index + 1, damagedLine.count - number.count + (damagedLine.hasSuffix(",") ? 0 : 1)))
    }

    @Test("the number the decoder cannot read is found past whole numbers it can (1e3, 2.0), and a negative seed", arguments: [
        ("{\"a\": 1e3, \"b\": 2.0, \"seed\": 5,\n \"c\": [\"x\", 1.5]}", "1.5", nil, 2, 13),
        ("{\"walks\": [{\"steps\": -1, \"seed\": -1}]}", "-1", "seed", 1, 34),
        ("{\"a\": \"1.5\", \"b\": -7}", nil, nil, 0, 0),
    ])
    func unreadableNumber(_ text: String, _ number: String?, _ key: String?, _ line: Int, _ column: Int) {
        let found = JSONLocator.firstUnreadableNumber(in: text)
        #expect(found?.number == number)
        #expect(found?.key == key)
        if number != nil { #expect(found?.line == line && found?.column == column) }
    }

    @Test("text that is not a result is result.unreadable, at the value that does not fit", arguments: [
        ("{\"a\":", "", 1, 1), ("[]", "", 1, 1), ("{\"cases\": [], \"identity\": 3, \"specs\": []}", "identity", 1, 27),
    ])
    func unreadable(_ text: String, _ path: String, _ line: Int, _ column: Int) throws {
        let e = try #require(Self.error(text))
        #expect(e.id == "result.unreadable")
        #expect(e.path == path)
        #expect((e.line, e.column) == (line, column))
    }

    @Test("a well-formed result still reads back unchanged")
    func roundTrip() throws {
        #expect(try decodeRunResult(try renderJSON(ReportFixture.run)) == ReportFixture.run)
    }

    @Test("the console report shows control characters from a result escaped, one item per line")
    func consoleEscapes() {
        var run = ReportFixture.run
        for i in run.cases.indices where run.cases[i].divergence != nil {
            run.cases[i].divergence?.action = "unlock\n::error file=x::forged \u{1B}[2J"
            run.cases[i].expectedReason = "why\rnot"
        }
        let text = renderConsole(run, color: false)
        #expect(!text.unicodeScalars.contains("\u{1B}") && !text.unicodeScalars.contains("\r"))
        #expect(text.contains(#"unlock\n::error file=x::forged \u{1B}[2J"#))
        #expect(!text.split(separator: "\n").contains { $0.hasPrefix("::error") })
        let markdown = renderMarkdown(run)
        #expect(!markdown.unicodeScalars.contains("\u{1B}"))
    }
}
