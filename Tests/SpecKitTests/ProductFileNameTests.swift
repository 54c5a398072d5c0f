import Foundation
import Testing
@testable import SpecKit

/// A product file is found by its name (`*.product.yaml`) when a spec is linted on its own: one read from a folder
/// under another name works there, and is told to be renamed before a single spec goes without its values.
@Suite("Product file names")
struct ProductFileNameTests {
    /// A folder holding the product file `name` (id `id`) and a machine of `fx` that names its grace.
    static func folder(productNamed name: String, id: String = "fx.product") throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("product-name-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let product = ProductParameterTests.productFile().replacingOccurrences(of: "id: fx.product", with: "id: \(id)")
        try product.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        try ProductParameterTests.machine(when: "\"> grace\"").write(to: folder.appendingPathComponent("m.yaml"), atomically: true, encoding: .utf8)
        return folder
    }

    @Test("a product file not named *.product.yaml is product.misnamed-file, a warning whose hint is the name to give it",
          arguments: [("fx.values.yaml", "fx.product", "fx.product.yaml"), ("values.yaml", "fx.shared", "fx.product.yaml")])
    func misnamed(_ name: String, _ id: String, _ renamed: String) throws {
        let folder = try Self.folder(productNamed: name, id: id)
        defer { try? FileManager.default.removeItem(at: folder) }
        let c = try SpecCompiler(catalog: ProductParameterTests.Catalog()).compile(paths: [folder.path])
        #expect(c.diagnostics.map(\.id) == ["product.misnamed-file"], "\(c.diagnostics.map { "\($0)" })")
        let d = try #require(c.diagnostics.first)
        #expect(d.severity == .warning)
        #expect(d.location == SpecKit.SourceLocation(file: folder.appendingPathComponent(name).path, line: 1, column: 1))
        #expect(d.message.hasPrefix("this file holds the product values of fixture 'fx' (kind: product), but its name does not end in .product.yaml"))
        #expect(d.hint == "rename it to \(folder.appendingPathComponent(renamed).path)")
        // Its values are read all the same: the folder's spec compiles.
        #expect(c.suite.cases.contains { $0.spec == "t.machine" })
    }

    @Test("named *.product.yaml, the same file draws no finding")
    func wellNamed() throws {
        let folder = try Self.folder(productNamed: "fx.product.yaml")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try SpecCompiler(catalog: ProductParameterTests.Catalog()).compile(paths: [folder.path]).diagnostics.isEmpty)
    }
}
