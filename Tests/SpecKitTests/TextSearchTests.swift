import Testing
@testable import SpecKit

/// `rangeOfText` and `containsText`: SpecKit's byte-for-byte search, used where Foundation's `range(of:)` and
/// `contains` were (templates, ranges, placeholder decisions, source lists).
@Suite("Text search")
struct TextSearchTests {
    @Test("finds the first occurrence, by UTF-8 bytes, and its range slices the text")
    func finds() throws {
        let text = "Espera ${t} y ${n}"
        let range = try #require(text.rangeOfText("${"))
        #expect(text[..<range.lowerBound] == "Espera ")
        #expect(text[range] == "${")
        #expect(Substring(text).dropFirst(8).rangeOfText("${").map { text[..<$0.lowerBound] } == "Espera ${t} y ")
        #expect("1..4".rangeOfText("..").map { "1..4"[$0.upperBound...] } == "4")
    }

    @Test("a partial match does not hide a later whole one; a needle longer than the text is not found")
    func partialMatches() {
        #expect("aaab".rangeOfText("aab").map { "aaab".distance(from: "aaab".startIndex, to: $0.lowerBound) } == 1)
        #expect(!"ab".containsText("abc"))
        #expect(!"".containsText("a"))
        #expect("".containsText(""))
        #expect("x".rangeOfText("") == "x".startIndex..<"x".startIndex)
    }

    @Test("non-ASCII needles and texts: the placeholder decision 'D-…' is found, and only it")
    func nonASCII() {
        #expect("D-…: por decidir".containsText("D-…"))
        #expect("se decide en D-... más tarde".containsText("D-..."))
        #expect(!"D-GATE-ON: la puerta empieza abierta…".containsText("D-…"))
        #expect(!"D-.. casi".containsText("D-..."))
        #expect("año;mes".containsText(";"))
        #expect(!"año, mes".containsText(";"))
    }
}
