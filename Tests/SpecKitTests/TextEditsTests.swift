@testable import SpecKit
import Testing

/// Where `TextEdits` places what it reports: every original line, added line and column as it stands in the edited
/// text, so `lockspec migrate` names places in the file as written.
@Suite("Migration text edits: locations in the edited text")
struct TextEditsTests {
    @Test("an added line is at the line it stands on; the lines after it move down, a removed one's place is the next line's")
    func lines() {
        var edits = TextEdits("a\nb\nc\nd\n")
        let first = edits.insertLine("x", before: 2)
        let second = edits.insertLine("y", before: 2)
        edits.removeLine(3)
        let end = edits.insertLine("z", before: 99)
        #expect(edits.applied() == "a\nx\ny\nb\nd\nz\n")
        #expect([edits.insertedLine(first), edits.insertedLine(second), edits.insertedLine(end)] == [2, 3, 6])
        #expect((1...4).map(edits.newLine) == [1, 4, 5, 5])
        #expect(edits.isRemoved(3) && !edits.isRemoved(4))
    }

    @Test("a text with CRLF endings keeps them on every line, added lines included, as the same edits of its LF text")
    func crlf() {
        func edit(_ text: String) -> String {
            var edits = TextEdits(text)
            edits.insertLine("x", before: 2)
            edits.removeLine(3)
            _ = edits.replace("d", at: 4, column: 1, with: "dd")
            edits.insertLine("z", before: 99)
            return edits.applied()
        }
        #expect(edit("a\nb\nc\nd\n") == "a\nx\nb\ndd\nz\n")
        #expect(edit("a\r\nb\r\nc\r\nd\r\n") == "a\r\nx\r\nb\r\ndd\r\nz\r\n")
        // An LF line in a CRLF file keeps its LF.
        #expect(edit("a\r\nb\nc\r\nd\r\n") == "a\r\nx\r\nb\ndd\r\nz\r\n")
    }

    @Test("a removed last line is reported at the last line of the text, not past it")
    func removedLast() {
        var edits = TextEdits("a\nb\nc")
        edits.removeLine(3)
        #expect(edits.applied() == "a\nb")
        #expect(edits.newLine(3) == 2)
    }

    @Test("a column moves by the replacements before it on its line, not by those after it or on other lines")
    func columns() {
        var edits = TextEdits("with: {min: v1_2, latest: v1_3}\nmin: v1_2\n")
        let replaced = [
            edits.replace("v1_2", at: 1, column: 13, with: "\"1.2\""),
            edits.replace("v1_3", at: 1, column: 27, with: "\"1.3\""),
            edits.replace("v1_2", at: 2, column: 6, with: "\"1.10.2\""),
        ]
        #expect(replaced == [true, true, true])
        #expect(edits.applied() == "with: {min: \"1.2\", latest: \"1.3\"}\nmin: \"1.10.2\"\n")
        #expect(edits.newColumn(13, line: 1) == 13)
        #expect(edits.newColumn(27, line: 1) == 28)
        #expect(edits.newColumn(6, line: 2) == 6)
    }
}
