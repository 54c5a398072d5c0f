import Testing
import SpecKit

/// The double-quoted literals LockSpec writes: JSON and YAML differ only in how they write a control character.
@Suite("Quoted text in JSON and YAML")
struct QuotedTextTests {
    static let text = "a\"b\\c\nd\re\tf\u{1}g\u{7F}h é"

    @Test("quotes, backslashes and the named controls are the same in both")
    func shared() {
        #expect(QuotedText.quote("plain", QuotedText.json) == "\"plain\"")
        #expect(QuotedText.quote("", QuotedText.yaml) == "\"\"")
        for controls in [QuotedText.json, QuotedText.yaml] {
            #expect(QuotedText.quote("\"\\\n\r\t", controls) == "\"\\\"\\\\\\n\\r\\t\"")
        }
    }

    @Test("other controls: JSON \\u00XX, YAML \\xXX (DEL too); other scalars as they are")
    func controls() {
        #expect(QuotedText.quote(Self.text, QuotedText.json) == "\"a\\\"b\\\\c\\nd\\re\\tf\\u0001g\u{7F}h é\"")
        #expect(QuotedText.quote(Self.text, QuotedText.yaml) == "\"a\\\"b\\\\c\\nd\\re\\tf\\x01g\\x7fh é\"")
        #expect(QuotedText.quote("\u{1F}", QuotedText.json) == "\"\\u001f\"")
    }

    @Test("YAML: the C1 controls, NEL, the line and paragraph separators and the byte order mark are escaped, and read back")
    func yamlReadsBack() throws {
        let text = "a\u{80}b\u{85}c\u{9F}d\u{2028}e\u{2029}f\u{FEFF}g\u{FFFE}h\u{FFFF}i\u{A0}j 宽限期 🙂"
        let quoted = QuotedText.quote(text, QuotedText.yaml)
        #expect(quoted == "\"a\\x80b\\x85c\\x9fd\\u2028e\\u2029f\\ufeffg\\ufffeh\\uffffi\u{A0}j 宽限期 🙂\"")
        let read = try YAMLSpan.read("v: \(quoted)\n", file: "q.yaml")
        #expect(read["v"]?.scalar == text)
        let all = String(String.UnicodeScalarView((0..<UInt32(0x100)).compactMap(Unicode.Scalar.init)))
        #expect(try YAMLSpan.read("v: \(QuotedText.quote(all, QuotedText.yaml))\n", file: "q.yaml")["v"]?.scalar == all)
    }
}
