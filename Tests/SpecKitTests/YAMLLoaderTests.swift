import Foundation
import Testing
@testable import SpecKit

/// SpecKit's location, not swift-testing's type of the same name.
private typealias SourceLocation = SpecKit.SourceLocation

@Suite("YAMLLoader")
struct YAMLLoaderTests {
    /// The one diagnostic that loading `bytes` gives, or nil when it loads (the test then fails on its own).
    private func diagnostics(
        _ bytes: [UInt8], limits: YAMLLimits = .default, file: String = "spec.yaml"
    ) -> [Diagnostic] {
        do throws(DiagnosticError) {
            _ = try YAMLLoader(limits: limits).load(bytes, file: file)
            return []
        } catch {
            return error.diagnostics
        }
    }

    private func diagnostics(_ text: String) -> [Diagnostic] { diagnostics(Array(text.utf8)) }

    private func load(_ text: String) throws -> Node {
        try YAMLLoader().load(Array(text.utf8), file: "spec.yaml").tree
    }

    private static func fixture(_ name: String) throws -> String {
        let folder = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        return folder.appendingPathComponent("yaml").appendingPathComponent(name).path
    }

    // MARK: Malformed files, one fixture each

    struct Case: CustomTestStringConvertible, Sendable {
        var fixture: String
        var id: String
        var line: Int
        var column: Int
        var message: String
        var testDescription: String { fixture }
    }

    static let malformed: [Case] = [
        Case(fixture: "empty.yaml", id: "yaml.empty", line: 1, column: 1,
             message: "the file is empty: it holds no YAML, or only comments"),
        Case(fixture: "comments-only.yaml", id: "yaml.empty", line: 1, column: 1,
             message: "the file is empty: it holds no YAML, or only comments"),
        Case(fixture: "multiple-documents.yaml", id: "yaml.multiple-documents", line: 3, column: 1,
             message: "a second YAML document starts here: a spec file holds exactly one document"),
        Case(fixture: "latin1.yaml", id: "yaml.encoding", line: 2, column: 10,
             message: "the file is not valid UTF-8: the bytes here, starting with 0xE9, are not a UTF-8 character"),
        Case(fixture: "utf16-bom.yaml", id: "yaml.encoding", line: 1, column: 1,
             message: "the file is saved as UTF-16 (little-endian), but spec files must be UTF-8"),
        Case(fixture: "nul-byte.yaml", id: "yaml.nul-byte", line: 2, column: 8,
             message: "the file contains a NUL byte (a zero byte), which YAML does not allow"),
        Case(fixture: "control-character.yaml", id: "yaml.control-character", line: 1, column: 6,
             message: "the file contains a control character (U+0007), which YAML does not allow"),
        Case(fixture: "tab-indentation.yaml", id: "yaml.syntax", line: 2, column: 1,
             message: "could not read the YAML: tabs are not allowed for indentation; use spaces"),
        Case(fixture: "unterminated-quote.yaml", id: "yaml.syntax", line: 4, column: 1,
             message: "could not read the YAML: found unexpected end of stream while scanning a quoted scalar "
                 + "that starts on line 2"),
        Case(fixture: "unclosed-bracket.yaml", id: "yaml.syntax", line: 3, column: 5,
             message: "could not read the YAML: did not find expected ',' or ']' while parsing a flow sequence "
                 + "that starts on line 2"),
        Case(fixture: "bad-indentation.yaml", id: "yaml.syntax", line: 2, column: 7,
             message: "could not read the YAML: mapping values are not allowed in this context"),
        Case(fixture: "unknown-anchor.yaml", id: "yaml.unknown-anchor", line: 2, column: 7,
             message: "the alias '*missing' refers to an anchor '&missing' that is not set before it"),
        Case(fixture: "recursive-alias.yaml", id: "yaml.recursive-alias", line: 2, column: 11,
             message: "the alias '*x' is used inside the node its anchor '&x' names, so it would contain itself"),
        Case(fixture: "merge-key.yaml", id: "yaml.merge-key-unsupported", line: 3, column: 3,
             message: "merge keys ('<<') are not supported: write the keys out in this mapping"),
        Case(fixture: "duplicate-key.yaml", id: "yaml.duplicate-key", line: 3, column: 1,
             message: "duplicate key 'id': it was already set on line 1"),
    ]

    @Test("each malformed fixture gives one located diagnostic with its id and message", arguments: malformed)
    func malformedFixture(_ expected: Case) throws {
        let path = try Self.fixture(expected.fixture)
        let error = #expect(throws: DiagnosticError.self) { try YAMLLoader().load(contentsOf: path) }
        let diagnostics = try #require(error?.diagnostics)
        #expect(diagnostics.count == 1)
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.id == expected.id)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message == expected.message)
        #expect(diagnostic.location == SourceLocation(file: path, line: expected.line, column: expected.column))
    }

    @Test("a duplicate key names the first key's full location in a note")
    func duplicateKeyNote() {
        let found = diagnostics("id: a\nkind: table\nid: b\n")
        #expect(found.first?.notes == ["the first 'id' is at spec.yaml:1:1"])
    }

    @Test("the recursive alias names where its anchor is set")
    func recursiveAliasNote() {
        #expect(diagnostics("a: &x [*x]\n").first?.notes == ["the anchor '&x' is set at spec.yaml:1:4"])
    }

    // MARK: Syntax errors

    @Test("tabs in indentation are named, wherever libyaml stumbles on them", arguments: [
        ("rows:\n\t- a\n", 2, 1),
        ("a:\n  b: 1\n\tc: 2\n", 3, 1),
        ("a:\n  \tb: 1\n", 2, 3),
    ])
    func tabIndentation(_ text: String, _ line: Int, _ column: Int) {
        let found = diagnostics(text)
        #expect(found.map(\.message) == ["could not read the YAML: tabs are not allowed for indentation; use spaces"])
        #expect(found.first?.location == SourceLocation(file: "spec.yaml", line: line, column: column))
    }

    @Test("a tab after a colon is ordinary separating space, not an error")
    func tabAsSeparator() throws {
        #expect(try load("id:\tunlock\n")["id"]?.scalar == "unlock")
    }

    @Test("'mapping values are not allowed' hints at quotes for a second ': ' on a line, and at the indentation otherwise", arguments: [
        ("title: a: b\n", "put the value in quotes if the ': ' is part of the text"),
        ("rows:\n  - id: R1\n    from: Open\n      on: appear\n", "this line is indented further than the key above it, which already has its value: indent it as that key is"),
        ("id: a\n  kind: table\n", "this line is indented further than the key above it, which already has its value: indent it as that key is"),
        // Found by a product owner's trial: an expectation hung under a bare `- relaunch` step.
        ("steps:\n  - kill\n  - relaunch\n    expect: {state: Open}\n",
         "the line above is the list item '- relaunch', a plain value with no keys: to give it this one, write '- relaunch:' and put this line under 'relaunch', as far in"),
        ("steps:\n  - a plain text\n    expect: {state: Open}\n", "this line is indented further than the key above it, which already has its value: indent it as that key is"),
    ])
    func mappingValuesHint(_ text: String, _ hint: String) {
        let found = diagnostics(text)
        #expect(found.map(\.message) == ["could not read the YAML: mapping values are not allowed in this context"])
        #expect(found.first?.hint == hint)
    }

    /// The eighth trial: a bracket left open before a list item was told a ',' was missing; `{away: grace}}`, a key
    /// indented one space short under a list item and `away: > grace` (a comparison left unquoted) were told to check
    /// the indentation or nothing at all.
    @Test("a YAML slip gets a hint of its own: a bracket left open (naming its line), a '}' that closes nothing, a key short of its list item's keys, a value that starts with '>', '|' or '@'", arguments: [
        ("given: {state: locked\nwhen: x\n", "the '{' on line 1 is not closed: close it with '}'"),
        ("steps:\n  - expect: {cover: true\n  - event: active\n", "the '{' on line 2 is not closed: close it with '}'"),
        ("steps:\n  - with: [away, grace\n  - event: active\n", "the '[' on line 2 is not closed: close it with ']'"),
        ("given: {state: locked]\n", "a mapping written with '{' must be closed with '}'"),
        ("steps:\n  - with: {away: grace}}\n", "this '}' closes nothing: delete it, or open its '{' where the value starts"),
        ("rows:\n  - id: R1\n    from: Open\n  - id: R2\n   from: Open\n",
         "this line starts at column 4, the keys of the list item on line 4 ('id:') at column 5: indent it as 'id:' is"),
        // The ninth trial: a key several lines below its item's '-' (other keys between) got the generic hint.
        ("rows:\n  - id: R1\n    from: Open\n  - id: R2\n    source: doc.md §1\n\n    on: appear\n   to: Open\n",
         "this line starts at column 4, the keys of the list item on line 4 ('id:') at column 5: indent it as 'id:' is"),
        // The tenth stop's list: a step's `expect:` at its '-' or one space left of it got the generic hint.
        ("scenarios:\n  - id: S\n    steps:\n      - event: a\n        with: {x: 1}\n      expect: {state: Open}\n",
         "this line starts at column 7, between the keys of the mapping on line 3 ('steps:', column 5) and those of the list item on line 4 ('event:', column 9): indent it as the keys it belongs with"),
        ("scenarios:\n  - id: S\n    steps:\n      - event: a\n     expect: {state: Open}\n",
         "this line starts at column 6, between the keys of the mapping on line 3 ('steps:', column 5) and those of the list item on line 4 ('event:', column 9): indent it as the keys it belongs with"),
        ("when: {away: > grace, phase: active}\n", "YAML reads '>' at the start of a value as a mark of its own (it starts a block of text there): put the value in quotes, \"> grace\""),
        ("when:\n  away: > grace  # over\n", "YAML reads '>' at the start of a value as a mark of its own (it starts a block of text there): put the value in quotes, \"> grace\""),
        ("when: {away: >= 1s}\n", "YAML reads '>' at the start of a value as a mark of its own (it starts a block of text there): put the value in quotes, \">= 1s\""),
        ("notes: @home\n", "YAML reads '@' at the start of a value as a mark of its own (it is reserved there): put the value in quotes, \"@home\""),
    ])
    func slipHints(_ text: String, _ hint: String) {
        let found = diagnostics(text)
        #expect(found.first?.id == "yaml.syntax")
        #expect(found.first?.hint == hint, "\(found)")
    }

    /// Found by the seventh product-owner trial: a flow mapping missing a ',' between two entries was told to close
    /// its '{'.
    @Test("a ',' missing inside a flow mapping or list names the word it is missing before", arguments: [
        ("rows:\n  - {phase: [inactive, background] enabled: true}\n", "a ',' is missing before 'enabled': the entries of a mapping written with '{' are separated by ','"),
        ("grace: {value: 60s source: doc.md}\n", "a ',' is missing before 'source': the entries of a mapping written with '{' are separated by ','"),
        ("rows: [{a: 1} {b: 2}]\n", nil),
    ])
    func missingComma(_ text: String, _ hint: String?) {
        let found = diagnostics(text)
        #expect(found.first?.id == "yaml.syntax", "\(found)")
        if let hint { #expect(found.first?.hint == hint, "\(found)") }
    }

    /// Found by the seventh product-owner trial: `-event: background` below a list item was told to check its
    /// indentation.
    @Test("a list item's '-' glued to its item is told to take a space")
    func dashWithoutSpace() {
        let found = diagnostics("steps:\n  - event: a\n  -event: background\n")
        #expect(found.first?.location.line == 3, "\(found)")
        #expect(found.first?.hint == "put a space after '-': a list item is written '- ' and then the item ('- event: …')", "\(found)")
    }

    // MARK: Encoding

    @Test("invalid UTF-8 is reported at the first bad byte", arguments: [
        ([0x61, 0x3A, 0x20, 0xC0, 0x80], 1, 4),                  // overlong NUL
        ([0x61, 0x3A, 0x20, 0xED, 0xA0, 0x80], 1, 4),            // a surrogate
        ([0x61, 0x3A, 0x20, 0xC3, 0xA9, 0xF5, 0x80], 1, 5),      // é, then a byte above U+10FFFF
        ([0x61, 0x0A, 0x62, 0x3A, 0x20, 0xE2, 0x82], 2, 4),      // cut short at the end
        ([0x61, 0x3A, 0x20, 0x62, 0x62, 0x62, 0x62, 0x62, 0x62, 0x62, 0x62, 0x62, 0x62, 0xFF], 1, 14),
    ] as [([UInt8], Int, Int)])
    func invalidUTF8(_ bytes: [UInt8], _ line: Int, _ column: Int) {
        let found = diagnostics(bytes)
        #expect(found.map(\.id) == ["yaml.encoding"])
        #expect(found.first?.location == SourceLocation(file: "spec.yaml", line: line, column: column))
    }

    /// Found by a trial: random bytes were told they "may be saved as Latin-1".
    @Test("bytes that are not UTF-8: a text in another encoding is told to save as UTF-8, binary data that it is no text")
    func binaryOrLatin1() {
        let latin1: [UInt8] = Array("title: caf".utf8) + [0xE9, 0x0A]
        #expect(diagnostics(latin1).first?.hint == "the file may be saved as Latin-1 or Windows-1252; save it as UTF-8")
        let binary: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x01, 0x02, 0x03, 0x04, 0x7F]
        #expect(diagnostics(binary).first?.hint == "the file looks like binary data, not text: is it a spec file at all?")
    }

    @Test("UTF-16 and UTF-32 byte order marks are refused by name", arguments: [
        ([0xFE, 0xFF, 0x00, 0x61], "UTF-16 (big-endian)"),
        ([0xFF, 0xFE, 0x61, 0x00], "UTF-16 (little-endian)"),
        ([0x00, 0x00, 0xFE, 0xFF], "UTF-32 (big-endian)"),
        ([0xFF, 0xFE, 0x00, 0x00], "UTF-32 (little-endian)"),
    ] as [([UInt8], String)])
    func foreignByteOrderMarks(_ bytes: [UInt8], _ name: String) {
        #expect(diagnostics(bytes).map(\.message) == ["the file is saved as \(name), but spec files must be UTF-8"])
    }

    @Test("UTF-16 without a byte order mark shows up as NUL bytes, with a hint")
    func utf16WithoutMark() {
        let found = diagnostics(Array("id: a\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))
        #expect(found.first?.id == "yaml.nul-byte")
        #expect(found.first?.location == SourceLocation(file: "spec.yaml", line: 1, column: 2))
        #expect(found.first?.hint == "the file may be saved as UTF-16 or UTF-32; save it as UTF-8")
    }

    @Test("a UTF-8 byte order mark is accepted and does not count as a column")
    func utf8ByteOrderMark() throws {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let root = try YAMLLoader().load(mark + Array("id: a\n".utf8), file: "f")
        #expect(root.mapping?.first?.value.location == SourceLocation(file: "f", line: 1, column: 5))
        // libyaml reports this one by byte offset, which counts the mark; the location must not.
        let found = diagnostics(mark + Array("id: a\nkind: caf\u{E9} \u{1}\n".utf8))
        #expect(found.map(\.id) == ["yaml.control-character"])
        #expect(found.first?.location == SourceLocation(file: "spec.yaml", line: 2, column: 12))
    }

    // MARK: The tree

    @Test("a well-formed file keeps order, locations, quoting and expanded aliases")
    func sample() throws {
        let path = try Self.fixture("sample.yaml")
        let root = try YAMLLoader().load(contentsOf: path).tree
        func at(_ line: Int, _ column: Int) -> SourceLocation { SourceLocation(file: path, line: line, column: column) }

        let entries = try #require(root.mapping)
        #expect(entries.map { $0.key.scalar } == ["id", "kind", "title", "rows", "defaults", "reuse"])
        #expect(root.location == at(2, 1))
        #expect(entries[1].key.location == at(3, 1))
        #expect(entries[1].value.location == at(3, 7))
        #expect(root["id"]?.value == .scalar("unlock", quoted: false))
        #expect(root["title"]?.value == .scalar("Unlock \u{E9}t\u{E9}", quoted: true))
        // Columns count characters, not bytes: the key after "été" still lines up.
        #expect(root["title"]?.location == at(4, 8))

        let rows = try #require(root["rows"]?.sequence)
        #expect(rows.count == 2)
        #expect(rows.map(\.location) == [at(6, 5), at(9, 5)])
        let given = try #require(rows[0]["given"])
        #expect(given.location == at(7, 12))
        #expect(given.mapping?.map { $0.key.scalar } == ["state", "attempts"])
        #expect(given.mapping?.map(\.key.location) == [at(7, 13), at(7, 28)])
        #expect(rows[0]["then"]?.sequence?.map(\.value) == [.scalar("unlocked", quoted: false), .scalar("true", quoted: true)])
        #expect(rows[0]["then"]?.sequence?.map(\.location) == [at(8, 12), at(8, 22)])
        #expect(rows[1]["note"]?.value == .scalar("literal text\n", quoted: true))
        #expect(rows[1]["flag"]?.value == .scalar("yes", quoted: true))

        // The alias is a copy: same content, located where it is used; the nodes inside keep their own places.
        let reuse = try #require(root["reuse"])
        #expect(reuse.value == root["defaults"]?.value)
        #expect(reuse.location == at(15, 8))
        #expect(reuse.mapping?.first?.key.location == at(14, 3))
    }

    @Test("keys that are not scalars are kept, and not checked for duplicates")
    func nonScalarKeys() throws {
        let root = try load("? [a, b]\n: 1\n? [a, b]\n: 2\n")
        #expect(root.mapping?.count == 2)
        #expect(root.mapping?.first?.key.sequence?.map(\.scalar) == ["a", "b"])
    }

    @Test("keys compare by text, whatever their quoting")
    func quotedDuplicate() {
        #expect(diagnostics("'1': a\n1: b\n").map(\.id) == ["yaml.duplicate-key"])
    }

    @Test("duplicates are found in large mappings too, and every one is reported")
    func duplicatesInLargeMapping() {
        var text = (0..<40).map { "key\($0): v\n" }.joined()
        text += "key3: again\nkey30: again\n"
        let found = diagnostics(text)
        #expect(found.map(\.message) == [
            "duplicate key 'key3': it was already set on line 4",
            "duplicate key 'key30': it was already set on line 31",
        ])
        #expect(found.map(\.location.line) == [41, 42])
    }

    @Test("a quoted '<<' is an ordinary key")
    func quotedMergeKey() throws {
        #expect(try load("'<<': a\n")["<<"]?.scalar == "a")
    }

    @Test("a document that is only '---' counts as empty")
    func onlyDocumentMarker() {
        #expect(diagnostics("---\n").map(\.id) == ["yaml.empty"])
    }

    @Test("an explicit document start followed by one document is fine")
    func explicitSingleDocument() throws {
        #expect(try load("---\nid: a\n...\n")["id"]?.scalar == "a")
    }

    @Test("parseOnly counts libyaml's events and builds nothing")
    func parseOnly() {
        // stream, document, mapping start, key, value, mapping end, document end, stream end
        #expect(YAMLLoader.parseOnly(Array("a: 1\n".utf8)) == 8)
        #expect(YAMLLoader.parseOnly([]) == 2)
    }

    // MARK: Limits

    @Test("the default limits")
    func defaultLimits() {
        let limits = YAMLLimits.default
        #expect(limits.maximumFileSize == 16 * 1024 * 1024)
        #expect(limits.maximumNodeCount == 10_000_000)
        #expect(limits.maximumDepth == 256)
        #expect(limits.maximumScalarLength == 1024 * 1024)
    }

    @Test("nine levels of nine aliases stop at the node limit")
    func aliasBomb() {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x]\n"
        for level in 1...8 {
            text += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]\n"
        }
        // Bounded work is shown by the limit that stops it, not by a wall-clock budget (the machines are shared;
        // Scripts/bench yaml measures speed against libyaml's own parse).
        let found = diagnostics(text)
        #expect(found.map(\.id) == ["yaml.too-many-nodes"])
        #expect(found.first?.message == "the YAML holds too many values: with every alias expanded it would have "
            + "more than 10,000,000 values, which is the limit")
        // a0 to a6 hold about 6 million nodes and a6 alone 5,380,840: the first alias to it passes ten million.
        #expect(found.first?.location == SourceLocation(file: "spec.yaml", line: 8, column: 10))
    }

    @Test("a smaller node limit is honoured on plain nodes as well as aliases")
    func smallNodeLimit() {
        var limits = YAMLLimits.default
        limits.maximumNodeCount = 5
        #expect(diagnostics(Array("[a, b, c, d, e]".utf8), limits: limits).first?.location.column == 14)
    }

    @Test("100 000 nested brackets stop at the depth limit without deep recursion")
    func deepNesting() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let found = diagnostics(text)
        #expect(found.map(\.id) == ["yaml.too-deep"])
        #expect(found.first?.message
            == "the YAML is nested too deeply: lists and mappings may be nested at most 256 levels deep")
        #expect(found.first?.location == SourceLocation(file: "spec.yaml", line: 1, column: 257))
    }

    @Test("exactly the maximum depth is allowed")
    func depthAtLimit() throws {
        var limits = YAMLLimits.default
        limits.maximumDepth = 3
        #expect(try YAMLLoader(limits: limits).load(Array("[[[a]]]".utf8), file: "f").sequence?.count == 1)
        #expect(diagnostics(Array("[[[[a]]]]".utf8), limits: limits).map(\.id) == ["yaml.too-deep"])
    }

    /// "id: " and then 50 MB of one plain scalar.
    private static let hugeScalar: [UInt8] = Array("id: ".utf8) + [UInt8](repeating: 0x61, count: 50_000_000)

    @Test("a 50 MB scalar is refused by the scalar limit when the size limit lets it through")
    func scalarTooLong() {
        var limits = YAMLLimits.default
        limits.maximumFileSize = 64 * 1024 * 1024
        let found = diagnostics(Self.hugeScalar, limits: limits)
        #expect(found.map(\.id) == ["yaml.scalar-too-long"])
        #expect(found.first?.message
            == "this value is too long: it has 50,000,000 bytes and the limit is 1 MiB (1,048,576 bytes)")
        #expect(found.first?.location == SourceLocation(file: "spec.yaml", line: 1, column: 5))
    }

    @Test("a 50 MB input is refused by the default size limit before parsing")
    func tooLargeBytes() {
        let found = diagnostics(Self.hugeScalar)
        #expect(found.map(\.message)
            == ["the file is too large: it has 50,000,004 bytes and the limit is 16 MiB (16,777,216 bytes)"])
        #expect(found.first?.location == SourceLocation(file: "spec.yaml", line: 1, column: 1))
    }

    // MARK: Files

    @Test("a file over the size limit is refused from its size, at path:1:1")
    func tooLargeFile() throws {
        var limits = YAMLLimits.default
        limits.maximumFileSize = 8
        let path = try Self.fixture("sample.yaml")
        let error = #expect(throws: DiagnosticError.self) { try YAMLLoader(limits: limits).load(contentsOf: path) }
        #expect(error?.diagnostics.map(\.id) == ["yaml.too-large"])
        #expect(error?.diagnostics.first?.location == .file(path))
    }

    #if os(Linux)
    @Test("a file that reports no size is still cut off at the limit while it is read")
    func tooLargeWhileReading() {
        var limits = YAMLLimits.default
        limits.maximumFileSize = 8
        // /proc files report a size of 0 but have content.
        let error = #expect(throws: DiagnosticError.self) {
            try YAMLLoader(limits: limits).load(contentsOf: "/proc/self/status")
        }
        #expect(error?.diagnostics.map(\.message) == ["the file is too large: it is over the limit of 8 bytes"])
    }
    #endif

    #if canImport(Glibc)
    @Test("a named pipe that nothing writes to is an unreadable-file error at once, not a wait for ever",
          .timeLimit(.minutes(1)))
    func namedPipeWithoutWriter() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("fifo.yaml").path
        try #require(mkfifo(path, 0o600) == 0)
        let error = #expect(throws: DiagnosticError.self) { try YAMLLoader().load(contentsOf: path) }
        #expect(error?.diagnostics.map(\.message) == ["could not read the file: it is a pipe, and nothing was written to it"])
        #expect(error?.diagnostics.map(\.location) == [SourceLocation(file: path, line: 1, column: 1)])
    }
    #endif

    @Test("a missing file or a folder is an unreadable-file error at path:1:1", arguments: [
        ("/nonexistent/spec.yaml", "could not read the file: there is no file at this path"),
        ("/tmp", "could not read the file: it is a folder, not a file"),
    ])
    func unreadable(_ path: String, _ message: String) {
        let error = #expect(throws: DiagnosticError.self) { try YAMLLoader().load(contentsOf: path) }
        #expect(error?.diagnostics.map(\.id) == ["yaml.unreadable"])
        #expect(error?.diagnostics.map(\.message) == [message])
        #expect(error?.diagnostics.first?.location == .file(path))
    }
}

/// Found by a bad-input trial: an empty expected-failures file, or an empty sections.yaml, was told "a spec needs at
/// least an id and a kind".
@Suite("An empty file is described as what it is")
struct EmptyFileWordingTests {
    @Test("the loader says the file is empty; only a spec's compile adds what a spec needs")
    func emptyFile() throws {
        #expect(throws: DiagnosticError.self) { try YAMLLoader().load(Array("# only a comment\n".utf8), file: "x.yaml") }
        do {
            _ = try YAMLLoader().load(Array("".utf8), file: "known.yaml")
        } catch {
            #expect(error.diagnostics.map(\.message) == ["the file is empty: it holds no YAML, or only comments"])
            #expect(error.diagnostics.first?.hint == nil)
        }
        let spec = SpecCompiler().compile(sources: [(path: "x.yaml", bytes: [])]).diagnostics
        #expect(spec.map(\.id) == ["yaml.empty"] && spec.first?.hint == "a spec needs at least an id and a kind")
    }
}
