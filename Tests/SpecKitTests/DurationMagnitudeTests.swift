import Testing
@testable import SpecKit

/// A duration is read up to the domain's limit (10^15 ms either way), not only up to 12 digits: a calendar reading in
/// milliseconds since 1970 (13 digits) is an ordinary value.
@Suite("Durations up to the domain's limit")
struct DurationMagnitudeTests {
    @Test("13 to 16 digits of milliseconds read as written; past Int's range they are far outside")
    func magnitudes() throws {
        #expect(Value.parseDuration("1700000000500ms") == 1_700_000_000_500)
        #expect(Value.parseDuration("1000000000000000ms") == Domain.maximumMagnitude)
        #expect(Value.parseDuration("2000000000s") == 2_000_000_000_000)
        #expect(Value.parseDuration("99999999999999999999ms") == nil)
        #expect(Value.parseDuration("999999999999d") == nil) // 8.6e19 ms overflows Int
        // A bad-input trial: 19 characters of which 17 are leading zeros read as "far outside"; 18 as 60 s.
        #expect(Value.parseDuration("0000000000000000060s") == 60_000)
        #expect(Value.parseDuration(String(repeating: "0", count: 40) + "1ms") == 1)
        let domain = try Domain.parse("duration 0s..2000000000s").get()
        #expect(try domain.parse("1700000000500ms").get() == .duration(milliseconds: 1_700_000_000_500))
        guard case .failure(let error) = domain.parse("2000000000001ms") else { Issue.record("accepted past the bound"); return }
        #expect(error.message == "2000000000001ms is outside duration 0s..2000000000s")
    }

    /// Found by a re-check: a product value's -60s was "not a duration" where a scenario's advance takes the sign.
    @Test("a signed duration is a duration: in the domain, or outside it")
    func signed() throws {
        let domain = try Domain.parse("duration 0s..1h").get()
        #expect(try domain.parse("+60s").get() == .duration(milliseconds: 60_000))
        #expect(try domain.parse("-0s").get() == .duration(milliseconds: 0))
        guard case .failure(let error) = domain.parse("-60s") else { Issue.record("a negative grace accepted"); return }
        #expect(error.message == "-60s is outside duration 0s..1h")
        guard case .failure(let huge) = domain.parse("-99999999999999999999ms") else { Issue.record("accepted"); return }
        #expect(huge.message == "-99999999999999999999ms is far outside duration 0s..1h")
    }

    /// From a product owner's trial: a failing check read `expected 30s  actual 1m`, two units for one comparison.
    @Test("two values shown side by side: different durations in the largest unit dividing both; equal ones and other values as written",
          arguments: [
            (Value.duration(milliseconds: 30_000), Value.duration(milliseconds: 60_000), "30s", "60s"),
            (.duration(milliseconds: 60_000), .duration(milliseconds: 30_000), "60s", "30s"),
            (.duration(milliseconds: 60_000), .duration(milliseconds: 60_000), "1m", "1m"),
            (.duration(milliseconds: 0), .duration(milliseconds: 0), "0s", "0s"),
            (.duration(milliseconds: 0), .duration(milliseconds: 60_000), "0s", "1m"),
            (.duration(milliseconds: 3_600_000), .duration(milliseconds: 0), "1h", "0s"),
            (.duration(milliseconds: -30_000), .duration(milliseconds: 60_000), "-30s", "60s"),
            (.duration(milliseconds: 60_001), .duration(milliseconds: 60_000), "60001ms", "60000ms"),
            (.duration(milliseconds: Int.min), .duration(milliseconds: 1000), "\(Int.min)ms", "1000ms"),
            (.duration(milliseconds: 60_000), .int(60), "1m", "60"),
            (.symbol("Locked"), .symbol("Open"), "Locked", "Open"),
            (.text(""), .text("60:00"), "\"\"", "60:00"),
          ])
    func shownAlike(a: Value, b: Value, shownA: String, shownB: String) {
        #expect(Value.shownAlike(a, b) == (shownA, shownB))
    }

    @Test("a step's text quotes a text argument that would not read back as one: empty, spaced, or holding , ( ) = or \"", arguments: [
        (Value.text(""), "launch(min=\"\", latest=1.2)"),
        (.text("invalid 1.x"), "launch(min=\"invalid 1.x\", latest=1.2)"),
        (.text("a,b"), "launch(min=\"a,b\", latest=1.2)"),
        (.text("say \"hi\""), "launch(min=\"say \\\"hi\\\"\", latest=1.2)"),
        (.text("1.10"), "launch(min=1.10, latest=1.2)"),
        // An enumeration's empty member (the eighth trial's `launch(min=, latest=1.2)`), and a spaced one.
        (.symbol(""), "launch(min=\"\", latest=1.2)"),
        (.symbol("invalid 1.x"), "launch(min=\"invalid 1.x\", latest=1.2)"),
        (.symbol("1.10"), "launch(min=1.10, latest=1.2)"),
    ])
    func stepText(min: Value, written: String) {
        #expect(TestAction.event("launch", inputs: [NamedValue("min", min), NamedValue("latest", .text("1.2"))]).description == written)
    }
}
