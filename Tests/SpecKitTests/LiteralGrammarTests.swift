import Testing
@testable import SpecKit

/// The grammars of values written as themselves: versions, versions that may be empty, dates, and the mark for
/// malformed text passed on purpose.
@Suite("Literal grammars")
struct LiteralGrammarTests {
    @Test("versions: whole numbers joined by single dots", arguments: ["1", "1.10", "2.0.1", "0.0", "10.20.30.40", "123456789.1",
                                                                                 // No bound on a segment's length or their count: the core compares any exactly.
                                                                                 "1234567890.1", "1.2.3.4.5.6.7.8.9", "99999999999999999999999"])
    func versions(text: String) {
        #expect(LiteralGrammar.version.problem(with: text) == nil)
        #expect(LiteralGrammar.optionalVersion.problem(with: text) == nil)
        #expect(LiteralGrammar.version.text(of: text) == text)
    }

    @Test("not versions, each with the way to pass it on purpose", arguments: ["1.x.0", "1..2", ".1", "1.", "1.3b", "1.2-beta", " 1.2", "1,2", "1.2.", "１.２",
                                                                                  // A digit with a combining mark is one character, but not an ASCII digit.
                                                                                  "1\u{301}.2"])
    func notVersions(text: String) throws {
        let p = try #require(LiteralGrammar.version.problem(with: text))
        #expect(p.message == "'\(text)' is not a version: a version is whole numbers joined by dots, such as 1.10 or 2.0.1")
        #expect(p.hint == "to pass malformed text to the core on purpose, write \"invalid \(text)\"")
        #expect(LiteralGrammar.version.text(of: text) == nil)
        #expect(LiteralGrammar.version.text(of: "invalid " + text) == text)
    }

    @Test("the empty text: a key left empty where the type allows it, not a version elsewhere")
    func empty() {
        #expect(LiteralGrammar.optionalVersion.problem(with: "") == nil)
        #expect(LiteralGrammar.optionalVersion.text(of: "") == "")
        #expect(LiteralGrammar.version.problem(with: "")?.message == "the empty text is not a version")
    }

    @Test("the mark: it needs text, and text that is a version is written as one")
    func mark() {
        #expect(LiteralGrammar.version.problem(with: "invalid ")?.message == "'invalid ' marks no text as malformed")
        #expect(LiteralGrammar.version.problem(with: "invalid 1.2")?.hint == "write \"1.2\"")
        #expect(LiteralGrammar.date.problem(with: "invalid 2026-13-01") != nil, "dates take no mark")
    }

    @Test("a version name of language 2 is told the value it stood for")
    func languageTwoNames() {
        #expect(LiteralGrammar.optionalVersion.problem(with: "v1_10")?.hint == "write \"1.10\" (language 2 wrote it v1_10; 'lockspec migrate' rewrites every such name)")
        #expect(LiteralGrammar.optionalVersion.problem(with: "v1_x")?.hint == "write \"invalid 1.x\" (language 2 wrote it v1_x; 'lockspec migrate' rewrites every such name)")
        #expect(LiteralGrammar.optionalVersion.problem(with: "empty")?.hint == "write \"\" (language 2 wrote it empty; 'lockspec migrate' rewrites every such name)")
        #expect(LiteralGrammar.version.problem(with: "empty")?.hint == "to pass malformed text to the core on purpose, write \"invalid empty\"")
    }

    @Test("a version name of language 2 against a list of version values is told the value, when the list holds it")
    func languageTwoNameInList() {
        let versions = Domain.enumeration(["", "1.0", "1.2", "1.10"])
        guard case .failure(let e) = versions.parse("v1_2") else { Issue.record("v1_2 read as a member"); return }
        #expect(e.message == "'v1_2' is not one of [\"\", \"1.0\", \"1.2\", \"1.10\"]")
        #expect(e.hint == "write \"1.2\" (language 2 wrote it v1_2; 'lockspec migrate' rewrites every such name)")
        // Versions and dates in a list are written quoted, as a spec writes them.
        #expect(Domain.enumeration(["", "1.2", "2026-05-01", "v1", "draft"]).description == "[\"\", \"1.2\", \"2026-05-01\", v1, draft]")
        // So is a version of one segment, as gates.version-compare writes "2" (the fifth product-owner trial saw it bare).
        #expect(Domain.enumeration(["1.10", "2", "v2"]).description == "[\"1.10\", \"2\", v2]")
        // A version one digit from a member is another version: no did-you-mean.
        guard case .failure(let near) = versions.parse("1.3") else { Issue.record("1.3 read as a member"); return }
        #expect(near.hint == nil)
        // A name whose value the list does not hold gets the ordinary did-you-mean, if any.
        guard case .failure(let other) = versions.parse("v1_3") else { Issue.record("v1_3 read as a member"); return }
        #expect(other.hint == nil)
    }

    @Test("dates: a day of the calendar, leap years included", arguments: [
        ("2026-05-01", true), ("2024-02-29", true), ("2000-02-29", true), ("1900-02-29", false), ("2026-02-29", false),
        ("2026-04-31", false), ("2026-13-01", false), ("2026-00-10", false), ("2026-1-01", false), ("26-01-01", false),
        ("2026-05-01T00:00", false), ("", false), ("0999-12-31", true), ("0001-01-01", true), ("0000-01-01", false),
    ])
    func dates(text: String, valid: Bool) {
        #expect((LiteralGrammar.date.problem(with: text) == nil) == valid, "\(text)")
    }

    @Test("the fixture type checks values of either kind a reader gives (a symbol, a text) and refuses others")
    func fixtureType() {
        let type = FixtureType.literal(.version)
        #expect(type.problem(with: .symbol("1.2")) == nil)
        #expect(type.problem(with: .text("1.2")) == nil)
        #expect(type.problem(with: .int(1)) != nil)
        #expect(type.problem(fitting: .enumeration(["1.2", "invalid 1.x"])) == nil)
        #expect(type.problem(fitting: .enumeration(["1.2", "1.x.0"]))?.message.contains("'1.x.0' is not a version") == true)
        #expect(type.problem(fitting: .text) != nil, "a free text is not a version")
    }
}
