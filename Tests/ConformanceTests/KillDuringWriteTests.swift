import SpecKit
import Testing
@testable import Conformance
@testable import AppLockFixtures

/// Every kill point of every write of a decoy submission with erase on (the failure written ahead, its reset, the
/// erase), through the dual-password fixture's `killDuringWrite`: the rows of decoy.erase-kill pick a few; this sweeps
/// them all (D-DP-ERASE-KILL).
@Suite("Kill inside a write, at every system call")
struct KillDuringWriteTests {
    static let points = StorageFaults.KillPoint.allCases.map(\.rawValue)

    static func event(_ fixture: DualPasswordFixture, _ name: String, _ inputs: [NamedValue] = []) throws -> [Effect] {
        try fixture.perform(.event(name, inputs: inputs))
    }

    static func submit(_ fixture: DualPasswordFixture, _ password: String) throws -> [Effect] {
        try event(fixture, "submit", [NamedValue("password", .symbol(password)), NamedValue("waited", .symbol("cap"))])
    }

    /// A fixture with erase on, locked.
    static func eraseOn() throws -> DualPasswordFixture {
        let fixture = try DualPasswordFixture(product: [])
        _ = try submit(fixture, "main")
        _ = try event(fixture, "eraseSwitchOn", [NamedValue("password", .symbol("main"))])
        _ = try event(fixture, "confirm", [NamedValue("answer", .symbol("accept"))])
        _ = try event(fixture, "confirm", [NamedValue("answer", .symbol("accept"))])
        _ = try event(fixture, "lock", [NamedValue("reason", .symbol("manual"))])
        #expect(try fixture.observe("eraseEnabled") == .bool(true))
        return fixture
    }

    @Test("a kill anywhere in a decoy entry with erase on: nothing is shown, no copy survives relaunch, the erase is all or nothing, and the decoy still opens with Real gone",
          arguments: [1, 2, 3], points)
    func everyPoint(nth: Int, at point: String) throws {
        let fixture = try Self.eraseOn()
        _ = try Self.event(fixture, "killDuringWrite", [NamedValue("at", .symbol(point)), NamedValue("nth", .int(nth))])
        #expect(try Self.submit(fixture, "decoy") == [])
        #expect(throws: FixtureError.self) { try fixture.observe("state") } // the app is dead
        // Only the erase's own write, once renamed, removes Real; before that nothing was erased and Decoy never showed.
        let committed = nth == 3 && point == "syncDirectory"
        #expect(try fixture.observe("realOpensFromAnyFile") == .bool(!committed))
        _ = try fixture.perform(.relaunch)
        #expect(try fixture.observe("leftoverFiles") == .int(0))
        #expect(try fixture.observe("eraseEnabled") == .bool(true))
        #expect(try fixture.observe("realErased") == .bool(committed))
        // The decoy still works, and afterwards Real opens from no file under the store's directory.
        #expect(try Self.submit(fixture, "decoy").map(\.name) == ["clearInput", "eraseReal", "openDecoy"])
        #expect(try fixture.observe("realOpensFromAnyFile") == .bool(false))
        #expect(try fixture.observe("leftoverFiles") == .int(0))
    }

    @Test("a kill anywhere in a wrong submission's count never loses an evaluated failure", arguments: points)
    func failureNeverLost(at point: String) throws {
        let fixture = try DualPasswordFixture(product: [])
        _ = try Self.event(fixture, "killDuringWrite", [NamedValue("at", .symbol(point)), NamedValue("nth", .int(1))])
        _ = try Self.submit(fixture, "wrong")
        _ = try fixture.perform(.relaunch)
        // Renamed into place: counted (and evaluated); before the rename: never evaluated, so nothing to count.
        #expect(try fixture.observe("failures") == .int(point == "syncDirectory" ? 1 : 0))
        #expect(try fixture.observe("leftoverFiles") == .int(0))
    }
}
