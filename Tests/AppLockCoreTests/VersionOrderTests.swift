import Testing
@testable import AppLockCore

@Suite("Version order (app-launch-gates.zh.md §更新门控)")
struct VersionOrderTests {
    @Test("two versions are ordered segment by segment as numbers", arguments: [
        ("1.0", "1.0.1", VersionOrder.less), ("1.0.1", "1.2", .less), ("1.2", "1.10", .less),
        ("1.10", "1.2", .greater), ("2", "1.10", .greater), ("1.0", "1.0.0", .equal), ("1.0.0", "1.0", .equal),
        ("01.2", "1.2", .equal),
    ])
    func ordered(version: String, other: String, order: VersionOrder) {
        #expect(AppVersion.order(version, other) == order)
    }

    @Test("an invalid version on either side cannot be ordered (D-VER-INVALID)", arguments: [
        ("1.x", "1.0"), ("1..2", "1.0"), ("", "1.0"), ("1.0", "1.x"), ("1.0", ""), ("", ""),
    ])
    func invalid(version: String, other: String) {
        #expect(AppVersion.order(version, other) == .invalid)
    }

    @Test("only the soft update sheet can be dismissed (D-UPD-DISMISS)")
    func dismissable() {
        #expect(UpdateRequirement.soft.isDismissable)
        #expect(!UpdateRequirement.forced.isDismissable)
        #expect(!UpdateRequirement.none.isDismissable)
    }
}
