import Foundation
import SpecKit
import Testing
@testable import Conformance
@testable import AppLockFixtures

/// The storage fault injector's raw faults (`callInterrupted`, `temporaryNameTaken`): the named call of the nth turn
/// answers its error exactly once, no other call does, and the dual-password core, retrying, ends as without it.
@Suite("Interrupted raw calls of the store")
struct CallInterruptedTests {
    static func schedule(_ faults: StorageFaults, _ event: StorageFaults.Event, _ inputs: [NamedValue]) throws {
        try faults.perform(event, FixtureInputs(inputs, to: event.rawValue, declaring: event.inputs), storePath: "/nonexistent/store")
    }

    @Test("callInterrupted answers EINTR at the nth call of its kind, once; other kinds make the real call",
          arguments: StorageFaults.RawCall.allCases)
    func interruptsOnce(call: StorageFaults.RawCall) throws {
        let faults = StorageFaults()
        try Self.schedule(faults, .callInterrupted, [NamedValue("at", .symbol(call.rawValue)), NamedValue("nth", .int(2))])
        for other in StorageFaults.RawCall.allCases where other != call { #expect(faults.rawError(at: other) == nil) }
        #expect(faults.rawError(at: call) == nil)
        #expect(faults.rawError(at: call) == EINTR)
        #expect(faults.rawError(at: call) == nil)
        #expect(faults.rawError(at: call) == nil)
    }

    @Test("temporaryNameTaken answers EEXIST at the nth create, once")
    func nameTakenOnce() throws {
        let faults = StorageFaults()
        try Self.schedule(faults, .temporaryNameTaken, [NamedValue("nth", .int(1))])
        #expect(faults.rawError(at: .write) == nil)
        #expect(faults.rawError(at: .create) == EEXIST)
        #expect(faults.rawError(at: .create) == nil)
    }

    @Test("storageWorks drops a raw fault still pending")
    func storageWorksDrops() throws {
        let faults = StorageFaults()
        try Self.schedule(faults, .callInterrupted, [NamedValue("at", .symbol("read")), NamedValue("nth", .int(1))])
        try Self.schedule(faults, .storageWorks, [])
        #expect(faults.rawError(at: .read) == nil)
    }

    @Test("through the fixture's store, each interrupted call is made again and a wrong password is counted once",
          arguments: StorageFaults.RawCall.allCases)
    func fixtureRetries(call: StorageFaults.RawCall) throws {
        let fixture = try DualPasswordFixture(product: [])
        _ = try fixture.perform(.event("callInterrupted", inputs: [NamedValue("at", .symbol(call.rawValue)), NamedValue("nth", .int(1))]))
        let effects = try fixture.perform(.event("submit", inputs: [NamedValue("password", .symbol("wrong")), NamedValue("waited", .symbol("none"))]))
        #expect(effects.map(\.name) == ["clearInput", "neutralError"])
        #expect(try fixture.observe("failures") == .int(1))
        #expect(try fixture.observe("kdfRuns") == .int(2))
        #expect(try fixture.observe("leftoverFiles") == .int(0))
    }
}
