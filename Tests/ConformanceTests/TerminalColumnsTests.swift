import Testing
@testable import Conformance

/// The console pads its tables by terminal columns, so wide characters line up.
@Suite("Terminal columns")
struct TerminalColumnsTests {
    @Test("a CJK, Hangul or fullwidth character takes two columns; Latin one, a letter with a combining mark one", arguments: [
        ("关闭", 4), ("off", 3), ("e\u{301}", 1), ("ｔｅ", 4), ("한글", 4), ("60 秒", 5), ("", 0),
    ])
    func columns(text: String, columns: Int) {
        #expect(TerminalColumns.of(text) == columns)
    }

    @Test("a console cells table lines up a Chinese value with a Latin one")
    func alignedCells() {
        let cells = [CellResult(name: "subtitle", expected: .value(.text("关闭")), actual: .value(.text("关闭")), ok: true),
                     CellResult(name: "state", expected: .value(.symbol("Open")), actual: .value(.symbol("Locked")), ok: false)]
        let lines = cells.map { "\(ReportText.pad($0.name, 8))  expected \(ReportText.pad($0.shown.expected, 4))  actual \($0.shown.actual)" }
        // "actual" starts at the same column on both lines.
        let starts = lines.map { line in TerminalColumns.of(String(line[..<line.range(of: "actual")!.lowerBound])) }
        #expect(starts[0] == starts[1], "\(starts)")
        #expect(lines[0] == "subtitle  expected 关闭  actual 关闭")
        #expect(lines[1] == "state     expected Open  actual Locked")
    }
}
