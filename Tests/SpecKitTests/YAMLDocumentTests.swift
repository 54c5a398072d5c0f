import Testing
@testable import SpecKit

/// SpecKit's location, not swift-testing's type of the same name.
private typealias SourceLocation = SpecKit.SourceLocation

/// The compact document the spec reader reads (`YAMLLoader.loadDocument`), against the `Node` tree of the same text:
/// the same values, quoting, order and locations, aliases shared but located where they are written, and the same
/// findings, each reported once.
@Suite("YAMLDocument")
struct YAMLDocumentTests {
    private static let text = """
        id: a.b
        kind: machine
        quoted: "yes"
        block: |
          two
          lines
        list: [x, 'y', 3]
        nested:
          - &row {id: R1, on: go}
          - *row
        empty:
        """

    private func document(_ text: String) throws -> YAMLDocument {
        try YAMLLoader().loadDocument(Array(text.utf8), file: "doc.yaml")
    }

    @Test("as a tree, an alias is a copy of its anchored node located at the alias, and every key is a scalar node")
    func treeOfAlias() throws {
        let tree = try document(Self.text).root.tree
        let nested = try #require(tree["nested"]?.sequence)
        #expect(nested.count == 2)
        #expect(nested[1] == Node(nested[0].value, at: SourceLocation(file: "doc.yaml", line: 10, column: 5)))
        #expect(nested[0].location == SourceLocation(file: "doc.yaml", line: 9, column: 5))
        #expect(tree.mapping?.map { $0.key.scalar } == ["id", "kind", "quoted", "block", "list", "nested", "empty"])
        #expect(tree["empty"] == Node(.scalar("", quoted: false), at: SourceLocation(file: "doc.yaml", line: 11, column: 7)))
    }

    @Test("scalars keep their text and quoting; a key is found by its text without making a string")
    func scalars() throws {
        let root = try document(Self.text).root
        #expect(root["id"]?.scalar == "a.b")
        #expect(root["id"]?.isQuoted == false)
        #expect(root["quoted"]?.scalar == "yes")
        #expect(root["quoted"]?.isQuoted == true)
        #expect(root["block"]?.scalar == "two\nlines\n")
        #expect(root["block"]?.isQuoted == true)
        #expect(root["empty"]?.scalarIs("") == true)
        #expect(root["empty"]?.isQuoted == false)
        #expect(root["missing"] == nil)
        #expect(root["kind"]?.scalarIs("machin") == false)
        #expect(root["kind"]?.scalarIs("machine") == true)
        #expect(root.kindDescription == "a mapping")
        #expect(root["list"]?.kindDescription == "a list")
        #expect(root["list"]?.sequence?.map { $0.scalar } == ["x", "y", "3"])
        #expect(root["list"]?.sequence?.map(\.isQuoted) == [false, true, false])
    }

    @Test("an alias holds its anchor's content but is located at the alias; the nodes inside keep their own places")
    func aliasLocation() throws {
        let nested = try #require(try document(Self.text).root["nested"]?.sequence)
        let anchored = nested[0], alias = nested[1]
        #expect(anchored.location.line == 9)
        #expect(anchored.location.column == 5)
        #expect(alias.location.line == 10)
        #expect(alias.location.column == 5)
        #expect(alias["id"]?.scalar == "R1")
        #expect(alias["id"]?.location == anchored["id"]?.location)
        #expect(alias.mapping?.count == 2)
    }

    @Test("a single value taken as a list of one, and an empty value taken as a mapping of none")
    func singleAndEmpty() throws {
        let root = try document(Self.text).root
        let id = try #require(root["id"])
        let one = NodeView.Items(single: id)
        #expect(one.count == 1)
        #expect(one[0].scalar == "a.b")
        #expect(root["empty"]?.noEntries.isEmpty == true)
    }

    @Test("a limit that stops the load comes after the findings made before it, each once")
    func findingsOnce() {
        var limits = YAMLLimits.default
        limits.maximumNodeCount = 8
        let text = "a: 1\na: 2\nb: [1, 2, 3, 4, 5, 6, 7, 8]\n"
        do throws(DiagnosticError) {
            _ = try YAMLLoader(limits: limits).loadDocument(Array(text.utf8), file: "doc.yaml")
            Issue.record("the node limit should stop the load")
        } catch {
            #expect(error.diagnostics.map(\.id) == ["yaml.duplicate-key", "yaml.too-many-nodes"])
        }
    }

    @Test("an empty document is refused as the tree loader refuses it")
    func empty() {
        #expect(throws: DiagnosticError.self) { try document("# only a comment\n") }
        #expect(throws: DiagnosticError.self) { try document("") }
    }
}
