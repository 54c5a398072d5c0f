import Testing
import SpecKit
@testable import Conformance

/// The Markdown summary escapes for Markdown, not for HTML: found by a product owner's trial, where `--markdown s.md`
/// showed `&#39;` for an apostrophe.
@Suite("Markdown escaping")
struct MarkdownEscapeTests {
    @Test("apostrophes, quotes and a lone < or & stay as written; a pipe, a line break and markup characters are made safe")
    func text() {
        #expect(Escape.markdown("the user's \"PIN\"") == "the user's \"PIN\"")
        #expect(Escape.markdown("away < 60s & quiet, away > 1m") == "away < 60s & quiet, away > 1m")
        #expect(Escape.markdown("a | b") == "a \\| b")
        // A line break cannot end the cell: it is written as \n (a backslash before a letter is literal Markdown).
        #expect(Escape.markdown("line\nbreak") == "line\\nbreak")
        #expect(Escape.markdown("`code` *em* _em_ [link](x) <b>tag</b> &amp; ~del~")
                == "\\`code\\` \\*em\\* \\_em\\_ \\[link\\](x) \\<b>tag\\</b> \\&amp; \\~del\\~")
        // An underscore inside a word never emphasises, so an id keeps its underscores.
        #expect(Escape.markdown("biometric_to_pin") == "biometric_to_pin")
        // A backslash that would escape the next character is itself escaped.
        #expect(Escape.markdown("a\\*b") == "a\\\\\\*b")
    }

    @Test("the run's summary: a reason with an apostrophe and a pipe in a table cell, a decision with < and &")
    func summary() {
        var xfail = ReportFixture.xfail
        xfail.expectedReason = "the core's bug | see <b>#12</b>"
        let run = RunResult(identity: ReportFixture.run.identity, specs: ReportFixture.run.specs,
                            cases: [ReportFixture.unexpected, xfail, ReportFixture.passed, ReportFixture.passed2, ReportFixture.failed])
        let text = renderMarkdown(run)
        #expect(text.contains("| `G2` | `G2` | the core's bug \\| see \\<b>#12\\</b> | — | expected failure |"), "\(text)")
        #expect(text.contains("grace <60s & \"quiet\" relock"), "\(text)")
        #expect(!text.contains("&#39;") && !text.contains("&quot;") && !text.contains("&lt;") && !text.contains("&amp;"), "\(text)")
        // The HTML report escapes the same texts for HTML, as it did.
        let page = renderHTML(run)
        #expect(page.contains("the core&#39;s bug | see &lt;b&gt;#12&lt;/b&gt;"))
        #expect(page.contains("grace &lt;60s &amp; &quot;quiet&quot; relock"))
    }
}
