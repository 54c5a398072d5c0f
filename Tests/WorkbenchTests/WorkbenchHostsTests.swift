import Foundation
import Testing
import Workbench
import LocalHTTP
import AppLockFixtures

/// The host names a request may be addressed to: the loopback names and the address the workbench listens on, and
/// on every interface (`--host 0.0.0.0`) each of the machine's own addresses and its name; never a name from
/// elsewhere (DNS rebinding).
@Suite("The workbench's host names")
struct WorkbenchHostsTests {
    /// The status of an API request addressed to `host`, without the token: 421 when the host is refused, else 403.
    static func status(_ workbench: Workbench, host: String) -> Int {
        workbench.handle(HTTPRequest(method: "GET", path: "/api/files", headers: ["host": host])).status
    }

    /// The machine's name, as the workbench should accept it.
    static var hostname: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).lowercased()
    }

    @Test("listening on one address: loopback names and that address only")
    func oneAddress() {
        let workbench = Workbench(folder: "/tmp", registry: .standard, host: "192.0.2.2")
        #expect(workbench.hosts == ["127.0.0.1", "localhost", "[::1]", "192.0.2.2"])
        #expect(Self.status(workbench, host: "192.0.2.2:8080") == 403)
        #expect(Self.status(workbench, host: "evil.example:8080") == 421)
        #expect(Self.status(workbench, host: "localhost:1@evil.example") == 421)
        #expect(Self.status(workbench, host: "127.0.0.1:80:80") == 421)
    }

    @Test("listening on every interface: the machine's own name and addresses reach it, another name does not")
    func everyInterface() throws {
        let workbench = Workbench(folder: "/tmp", registry: .standard, host: "0.0.0.0")
        #expect(workbench.hosts.isSuperset(of: ["127.0.0.1", "localhost", "[::1]", "0.0.0.0"]))
        let name = Self.hostname
        try #require(!name.isEmpty, "this machine has no name to test with")
        #expect(workbench.hosts.contains(name))
        #expect(Self.status(workbench, host: "\(name):8080") == 403)
        // An address of this machine other than loopback, when it has one, as `hostname -I` lists them.
        let own = workbench.hosts.filter { $0.first?.isNumber == true && !$0.hasPrefix("127.") && $0 != "0.0.0.0" }
        for address in own { #expect(Self.status(workbench, host: "\(address):8080") == 403, "\(address)") }
        #expect(Self.status(workbench, host: "evil.example:8080") == 421)
        #expect(Self.status(workbench, host: "192.0.2.254:8080") == 421 || own.contains("192.0.2.254"))
    }
}
