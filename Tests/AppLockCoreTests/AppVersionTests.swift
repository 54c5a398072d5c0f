import Testing
@testable import AppLockCore

@Suite("Version comparison (D-VER-MISSING, D-VER-INVALID)")
struct AppVersionTests {
    @Test("segment-wise numeric order", arguments: [
        ("1.0", "1.0.1"), ("1.0.1", "1.2"), ("1.2", "1.10"), ("1.9.9", "2"), ("0.9", "1"), ("1.0.0", "1.0.0.1"),
        ("99999999999999999999", "100000000000000000000"),
    ])
    func less(a: String, b: String) throws {
        let x = try #require(AppVersion(a))
        let y = try #require(AppVersion(b))
        #expect(x < y)
        #expect(!(y < x))
    }

    @Test("missing segments count as zero", arguments: [("1.0", "1.0.0"), ("1", "1.0"), ("01.2", "1.2")])
    func equal(a: String, b: String) {
        #expect(AppVersion(a) == AppVersion(b))
    }

    @Test("empty or non-numeric segments are invalid", arguments: ["", "1.x", "1..2", ".1", "1.", " 1.0", "1.0-beta", "v1"])
    func invalid(text: String) {
        #expect(AppVersion(text) == nil)
    }

    @Test("update requirement: forced wins, soft dismissible per version, invalid keys idle", arguments: [
        ("1.0", "1.1", "1.2", nil, .forced) as (String, String?, String?, String?, UpdateRequirement),
        ("1.0", "1.0", "1.2", nil, .soft),
        ("1.0", nil, "1.2", "1.2", .none),
        ("1.0", nil, "1.3", "1.2", .soft),
        ("1.0", nil, "1.2", "1.2.0", .none),
        ("1.2", "1.0", "1.2.0", nil, .none),
        ("1.0", "", "", nil, .none),
        ("1.0", "1.x", "abc", nil, .none),
        ("bad", "9.0", "9.0", nil, .none),
        ("1.0", "1.0.1", nil, nil, .forced),
    ])
    func requirement(running: String, minimum: String?, latest: String?, dismissed: String?, expected: UpdateRequirement) {
        #expect(UpdateRequirement.evaluate(running: running, minimum: minimum, latest: latest, dismissed: dismissed) == expected)
    }
}
