import SpecKit
import Testing
@testable import Conformance
@testable import AppLockFixtures

/// A fixture translates only the values its vocabulary declares: anything else is an error, never a default.
@Suite("Fixture inputs")
struct FixtureInputsTests {
    @Test("the dual-password fixture refuses an input value it has no translation for", arguments: [
        ("faceID", NamedValue("outcome", .symbol("maybe"))),
        ("lock", NamedValue("reason", .symbol("later"))),
        ("confirm", NamedValue("answer", .symbol("perhaps"))),
        ("submit", NamedValue("password", .symbol("mainn"))),
        ("type", NamedValue("text", .symbol("upperr(main)"))),
    ])
    func refuses(event: String, input: NamedValue) throws {
        let fixture = try DualPasswordFixture(product: [])
        var inputs = [input]
        if event == "submit" { inputs.append(NamedValue("waited", .symbol("none"))) }
        #expect(throws: FixtureError.self) { try fixture.perform(.event(event, inputs: inputs)) }
    }

    @Test("typing a password expression fills the field with that many characters, and its errors never show a password")
    func typing() throws {
        let fixture = try DualPasswordFixture(product: [])
        _ = try fixture.perform(.event("type", inputs: [NamedValue("text", .symbol("prefix(main, 5) + \" \""))]))
        #expect(try fixture.observe("inputLength") == .int(6))
        do {
            _ = try fixture.perform(.event("type", inputs: [NamedValue("text", .symbol("main + secret"))]))
            Issue.record("an unknown operand was typed")
        } catch {
            #expect(error.message == "'main + secret' names a password this fixture does not configure")
            #expect(!DualPasswordFixture.secretsForAudit.contains { error.message.contains($0) })
        }
    }

    @Test("the launch-gates fixture takes the legal version to bump to from the step", arguments: ["2026-05-01", "2027-01-01"])
    func legalVersion(version: String) throws {
        let fixture = try LaunchGatesFixture(product: [NamedValue("onboardingPages", .int(4)), NamedValue("appVersion", .text("1.1")),
                                                       NamedValue("legalVersion", .text("2026-04-30"))])
        _ = try fixture.perform(.event("launch", inputs: []))
        _ = try fixture.perform(.event("finishOnboarding", inputs: [NamedValue("via", .symbol("done"))]))
        _ = try fixture.perform(.event("acceptConsent", inputs: []))
        #expect(try fixture.observe("front") == .symbol("auth"))
        _ = try fixture.perform(.event("bumpLegalVersion", inputs: [NamedValue("to", .symbol(version))]))
        #expect(try fixture.observe("front") == .symbol("consent"))
        #expect(throws: FixtureError.self) { try fixture.perform(.event("bumpLegalVersion", inputs: [])) }
    }
}
