import Testing
import SpecKit

/// The one HTML escape of the reports (the compliance report and the mutation report).
@Suite("HTML text")
struct HTMLTextTests {
    @Test("the five specials as references; tab and newline kept; C0, DEL and C1 shown as \\u{…}; other text as it is")
    func escape() {
        #expect(HTMLText.escape("a&b<c>d\"e'f") == "a&amp;b&lt;c&gt;d&quot;e&#39;f")
        #expect(HTMLText.escape("x\ty\nz") == "x\ty\nz")
        #expect(HTMLText.escape("\u{1}\u{7F}\u{85}\u{9F}") == "\\u{1}\\u{7f}\\u{85}\\u{9f}")
        #expect(HTMLText.escape("é 中 🔒\u{A0}") == "é 中 🔒\u{A0}")
    }
}
