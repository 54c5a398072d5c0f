import Foundation
import Testing
@testable import AppLockFixtures

/// Where the fixtures' FileStores live: /dev/shm when it is a writable folder, the temporary directory otherwise or
/// when LOCKSPEC_DURABLE_STORES=1 asks for the slow path.
@Suite("ScratchDirectory")
struct ScratchDirectoryTests {
    @Test("LOCKSPEC_DURABLE_STORES=1 puts the stores in the temporary directory; without it, /dev/shm where writable")
    func choice() {
        let temporary = NSTemporaryDirectory().hasSuffix("/") ? NSTemporaryDirectory() : NSTemporaryDirectory() + "/"
        #expect(ScratchDirectory.choose(environment: ["LOCKSPEC_DURABLE_STORES": "1"]) == temporary)
        let shm = FileManager.default.isWritableFile(atPath: "/dev/shm")
        #expect(ScratchDirectory.choose(environment: [:]) == (shm ? "/dev/shm/" : temporary))
        #expect(ScratchDirectory.choose(environment: ["LOCKSPEC_DURABLE_STORES": "0"]) == (shm ? "/dev/shm/" : temporary))
    }
}
