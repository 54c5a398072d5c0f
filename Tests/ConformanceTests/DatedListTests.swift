import Foundation
import Testing
import SpecKit
import Conformance

/// The one reader of `{id, reason, expires}` lists (the expected-failures and accepted-survivors files).
@Suite("Dated lists: entries with an id, a reason and an expiry date")
struct DatedListTests {
    static let list = DatedList(idKey: "row", optionalKeys: ["racy"], prefix: "expectations")

    static func read(_ text: String) throws -> (entries: [DatedList.Entry], problems: [Diagnostic]) {
        list.read(try YAMLLoader().load(Array(text.utf8), file: "e.yaml"))
    }

    @Test("entries read in file order, with their location and optional keys")
    func entries() throws {
        let (entries, problems) = try Self.read("- {row: A-1, reason: known, expires: 2027-01-31}\n- row: B-2\n  reason: \"why: this\"\n  expires: 2027-02-01\n  racy: true\n")
        #expect(problems.isEmpty)
        #expect(entries.map(\.id) == ["A-1", "B-2"] && entries.map(\.reason) == ["known", "why: this"])
        #expect(entries.map(\.expires) == ["2027-01-31", "2027-02-01"] && entries.map(\.location.line) == [1, 2])
        #expect(entries[0].options.isEmpty && entries[1].options["racy"]?.text == "true" && entries[1].options["racy"]?.location.line == 5)
    }

    @Test("every malformed entry is a located problem with its id; the good ones are still read")
    func problems() throws {
        let text = """
            - {row: OK, reason: fine, expires: 2027-01-01}
            - just text
            - {row: A, reason: r, expires: 2027-01-01, colour: red}
            - {reason: r, expires: 2027-01-01}
            - {row: B, expires: 2027-01-01}
            - {row: C, reason: r, expires: soon}
            - {row: D, reason: r}
            - {row: E, reason: [r], expires: 2027-01-01}
            - {row: F, reason: r, expires: 2027-13-01}

            """
        let (entries, problems) = try Self.read(text)
        #expect(entries.map(\.id) == ["OK"])
        #expect(problems.map { "\($0.location.line):\($0.location.column) \($0.id) \($0.message)" } == [
            "2:3 expectations.wrong-type expected an entry with row, reason and expires, not a single value",
            "3:44 expectations.unknown-key unknown key 'colour' (an entry takes row, reason, expires, racy)",
            "4:3 expectations.missing-key the entry needs 'row'",
            "5:3 expectations.missing-key the entry for B needs 'reason'",
            "6:32 expectations.bad-date the entry for C needs 'expires: YYYY-MM-DD', not 'soon'",
            "7:3 expectations.bad-date the entry for D needs 'expires: YYYY-MM-DD'",
            "8:20 expectations.wrong-type 'reason' must be one value, not a list",
            "9:32 expectations.bad-date the entry for F needs 'expires: YYYY-MM-DD', not '2027-13-01'",
        ])
        #expect(problems.filter { $0.id != "expectations.wrong-type" && $0.message.contains("entry for") }.allSatisfy { !$0.rows.isEmpty })
    }

    @Test("a row listed twice is a problem at the second entry, naming the first's line; the first entry is kept")
    func duplicate() throws {
        let (entries, problems) = try Self.read("- {row: A, reason: one, expires: 2099-01-01}\n- {row: A, reason: two, expires: 2098-01-01}\n")
        #expect(entries.map(\.reason) == ["one"])
        #expect(problems.map(\.id) == ["expectations.duplicate"] && problems.first?.location.line == 2)
        #expect(problems.first?.message == "A is listed twice; the first entry is at line 1")
    }

    @Test("a file that is not a list is one problem at its start")
    func notAList() throws {
        let (entries, problems) = try Self.read("row: A\n")
        #expect(entries.isEmpty && problems.map(\.id) == ["expectations.wrong-type"] && problems.first?.location.line == 1)
    }

    @Test("dates: a day of the calendar, YYYY-MM-DD in ASCII digits, years 0001-9999 (February 30th and November 31st are none)", arguments: [
        ("2027-01-31", true), ("2027-12-01", true), ("2027-1-31", false), ("2027-00-10", false), ("2027-01-32", false),
        ("２０２７-01-01", false), ("20270131", false), ("", false),
        ("2099-02-30", false), ("2026-11-31", false), ("2026-02-29", false), ("2028-02-29", true), ("0000-01-01", false), ("9999-12-31", true),
    ])
    func dates(text: String, valid: Bool) {
        #expect(DatedList.isDate(text) == valid)
    }

    @Test("the expected-failures file gives every problem at once, located")
    func expectedFailuresFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("expected-\(UUID().uuidString).yaml").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "- {row: A, reason: r, expires: soon}\n- {row: B}\n".write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try ExpectedFailures.load(path)
            Issue.record("a malformed file was read")
        } catch {
            #expect(error.diagnostics.map(\.id) == ["expectations.bad-date", "expectations.missing-key"])
            #expect(error.diagnostics.map(\.location.line) == [1, 2])
        }
    }
}
