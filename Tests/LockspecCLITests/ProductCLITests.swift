import Foundation
import Testing

/// `lockspec lint` on product values of the wrong type: a located error at the value's own line, and exit 1.
@Suite("lockspec CLI: product values")
struct ProductCLITests {
    /// A launch-lock product file whose grace (line 7, after `  grace: `) is `grace`.
    static func productFile(grace: String) -> [UInt8] {
        Array("""
        id: launch-lock.product
        kind: product
        title: P
        source: face-id-launch-lock.zh.md §2
        fixture: launch-lock
        product:
          grace: \(grace)
          policy: deviceOwnerAuthentication

        """.utf8)
    }

    @Test("a product value of the wrong type is an error at its line, with the domain, and lint exits 1",
          arguments: [("60 sec", "'60 sec' is not a duration"), ("banana", "'banana' is not a duration")])
    func wrongType(grace: String, reason: String) throws {
        let path = try CLITests.write(Self.productFile(grace: grace), name: "launch-lock.product.yaml")
        defer { CLITests.remove(path) }
        let r = try CLITests.run(["lint", path])
        #expect(r.status == 1)
        #expect(r.stdout.contains("\(path):7:10: error: product value 'grace': \(reason) (its domain is duration 0s..1h) [product.bad-value]"),
                "\(r.output)")
        #expect(r.stdout.contains("hint: write a number with a unit: 500ms, 61s, 5m, 1h"))
        #expect(r.stderr.contains("1 error"))
    }

    @Test("the same file with a well-typed grace lints clean and exits 0")
    func wellTyped() throws {
        let path = try CLITests.write(Self.productFile(grace: "60s"), name: "launch-lock.product.yaml")
        defer { CLITests.remove(path) }
        let r = try CLITests.run(["lint", "--strict", path])
        #expect(r.status == 0, "\(r.output)")
    }
}
