/// The ways `DocumentOutline` finds headings, one function per shape of document.
enum OutlineReader {
    /// `#` headings outside code fences. A single level-1 heading above the others is the document's title, not a section.
    static func markdown(_ lines: [String]) -> [DocumentOutline.Heading] {
        var found: [(hashes: Int, text: String, line: Int)] = []
        var fenced = false
        for (i, line) in lines.enumerated() {
            if line.hasPrefix("```") || line.hasPrefix("~~~") { fenced.toggle(); continue }
            guard !fenced, line.hasPrefix("#") else { continue }
            let hashes = line.prefix { $0 == "#" }.count
            let rest = line.dropFirst(hashes)
            guard hashes <= 6, rest.first == " " else { continue }
            let text = OutlineText.trimmed(String(rest))
            if !text.isEmpty { found.append((hashes, text, i + 1)) }
        }
        if found.filter({ $0.hashes == 1 }).count == 1, found.first?.hashes == 1, found.count > 1 { found.removeFirst() }
        let top = found.map(\.hashes).min() ?? 1
        return found.map { heading in
            if let (number, title) = OutlineText.numbered(heading.text) {
                return .init(id: number.map(String.init).joined(separator: "."), title: title, level: number.count, line: heading.line)
            }
            return .init(id: heading.text, title: heading.text, level: heading.hashes - top + 1, line: heading.line)
        }
    }

    /// Lines that start with a section number (`6.1.2.` or `2.` with its dot, or `2.1` before a space) following the previous heading's number in an outline. A line numbered
    /// `k` right after a rejected line numbered `k-1` belongs to the same numbered list, so it is no heading either.
    static func numberedLines(_ lines: [String]) -> [DocumentOutline.Heading] {
        var sections: [DocumentOutline.Heading] = []
        var previous: [Int] = []
        var rejectedItem: Int?
        for (i, line) in lines.enumerated() where !line.isEmpty {
            guard let (number, title) = OutlineText.numbered(line), title.count <= 80, OutlineText.hasHeadingMark(line, number) else {
                rejectedItem = nil
                continue
            }
            let continuesList = number.count == 1 && rejectedItem == number[0] - 1
            if !continuesList, OutlineText.follows(number, after: previous) {
                sections.append(.init(id: number.map(String.init).joined(separator: "."), title: title, level: number.count, line: i + 1))
                previous = number
                rejectedItem = nil
            } else {
                rejectedItem = number.count == 1 ? number[0] : nil
            }
        }
        return sections
    }

    /// Section numbers inside running text (a document with no line breaks): a number such as `2.1` after anything but
    /// a letter or digit, followed by `. ` or a space and then a non-digit, that follows the previous heading's number.
    static func inlineNumbers(_ text: String) -> [DocumentOutline.Heading] {
        let chars = Array(text)
        var found: [(number: [Int], start: Int, titleStart: Int, line: Int)] = []
        var line = 1
        var i = 0
        while i < chars.count {
            if chars[i] == "\n" { line += 1 }
            let before: Character? = i > 0 ? chars[i - 1] : nil
            guard chars[i].isASCII, chars[i].isNumber, !(before.map { $0.isASCII && ($0.isNumber || $0 == ".") } ?? false),
                  let (number, end) = OutlineText.scanNumber(chars, from: i), OutlineText.follows(number, after: found.last?.number ?? []) else {
                i += 1
                continue
            }
            found.append((number, i, end, line))
            i = end
        }
        return found.enumerated().map { k, heading in
            let limit = k + 1 < found.count ? found[k + 1].start : chars.count
            return .init(id: heading.number.map(String.init).joined(separator: "."), title: OutlineText.runningTitle(chars[heading.titleStart..<limit]),
                         level: heading.number.count, line: heading.line)
        }
    }

    /// Short lines that read as titles: no sentence punctuation at the end, no code, not a list item. The document's
    /// first line is its title, not a section.
    static func titleLines(_ lines: [String]) -> [DocumentOutline.Heading] {
        guard let first = lines.firstIndex(where: { !$0.isEmpty }) else { return [] }
        return lines.indices.filter { $0 > first && OutlineText.readsAsTitle(lines[$0]) }
            .map { .init(id: lines[$0], title: lines[$0], level: 1, line: $0 + 1) }
    }
}
