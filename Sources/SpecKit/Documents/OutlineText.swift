/// Small text tests the outline reader shares: section numbers, their order, and what reads as a title.
enum OutlineText {
    /// Without leading and trailing spaces (the ASCII one and the ideographic U+3000), tabs and carriage returns.
    static func trimmed(_ s: String) -> String {
        let kept = { (c: Character) in c != " " && c != "\t" && c != "\r" && c != "\u{3000}" }
        guard let first = s.firstIndex(where: kept), let last = s.lastIndex(where: kept) else { return "" }
        return String(s[first...last])
    }

    /// A document's lines, split at `\n` and `\r\n`, empty ones kept: line numbers count from them.
    static func lines(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    }

    /// `6.1.2` as `[6, 1, 2]`, or nil when the text is not a section number.
    static func number(_ text: String) -> [Int]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { $0.count <= 3 && $0.allSatisfy { $0.isASCII && $0.isNumber } ? Int($0) : nil }
        return numbers.count == parts.count && !numbers.isEmpty ? numbers : nil
    }

    /// A line such as `6.1.2. PIN` or `2.1 LAContext` split into its number and title; nil otherwise.
    static func numbered(_ line: String) -> (number: [Int], title: String)? {
        guard let (number, end) = scanNumber(Array(line), from: 0) else { return nil }
        let title = trimmed(String(line.dropFirst(end)))
        return title.isEmpty ? nil : (number, title)
    }

    /// A section number starting at `start`, followed by `.` and spaces, or by spaces, and then a non-digit: the
    /// numbers and the index where the title starts.
    static func scanNumber(_ chars: [Character], from start: Int) -> (number: [Int], titleStart: Int)? {
        var i = start
        var text = ""
        while i < chars.count, chars[i].isASCII, chars[i].isNumber || (chars[i] == "." && i + 1 < chars.count && chars[i + 1].isASCII && chars[i + 1].isNumber && !text.isEmpty) {
            text.append(chars[i])
            i += 1
        }
        guard let number = self.number(text), i < chars.count else { return nil }
        var j = i
        if chars[j] == "." { j += 1 }
        let spaces = j
        while j < chars.count, chars[j] == " " { j += 1 }
        let separated = chars[i] == "." || j > spaces
        guard separated, j < chars.count, !(chars[j].isASCII && chars[j].isNumber), chars[j] != "." else { return nil }
        return (number, j)
    }

    /// Whether `number` can be the next heading after `previous` in an outline: a later number, at most two steps on
    /// at the level where they part, and any deeper parts starting at 1 or 2 (documents skip a heading now and then).
    static func follows(_ number: [Int], after previous: [Int]) -> Bool {
        let common = zip(number, previous).prefix { $0 == $1 }.count
        guard common < number.count else { return false } // the same number, or a parent of the previous
        let step = number[common] - (common < previous.count ? previous[common] : 0)
        guard (1...2).contains(step) else { return false }
        return number.dropFirst(common + 1).allSatisfy { (1...2).contains($0) }
    }

    /// The title of a heading inside running text: up to the first sentence mark, at most 24 characters.
    static func runningTitle(_ chars: ArraySlice<Character>) -> String {
        let title = chars.prefix { !"。，,：:；;\n".contains($0) }
        return trimmed(String(title.prefix(24))) + (title.count > 24 ? "…" : "")
    }

    /// Whether a line reads as a title: 2 to 20 characters, not ending in sentence punctuation, no code marks, not a
    /// list item or table row.
    static func readsAsTitle(_ line: String) -> Bool {
        guard (2...20).contains(line.count), let first = line.first, let last = line.last else { return false }
        if "-*•|#/（(>".contains(first) || first.isNumber { return false }
        if "。.:：;；,，、!！?？".contains(last) { return false }
        return !line.contains { "{}|/=<>()[]`\"".contains($0) }
    }

    /// Whether a numbered line marks a heading rather than a sentence starting with a count (`1 秒…`): its number
    /// ends with a dot (`2.`, `6.1.2.`) or has several parts (`2.1 Title`).
    static func hasHeadingMark(_ line: String, _ number: [Int]) -> Bool {
        let digits = number.map(String.init).joined(separator: ".")
        return number.count > 1 || line.hasPrefix(digits + ".")
    }
}
