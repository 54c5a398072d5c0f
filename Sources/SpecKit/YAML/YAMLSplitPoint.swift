/// Where a large file may be parsed in two pieces at once: the start of a line, near the middle, that opens an item
/// of a top-level block sequence (`rows:` followed by `  - id: …` lines), so that the text after it is, on its own,
/// a block sequence of the remaining items.
///
/// This is only a guess from the text; `YAMLSplitLoad` keeps the two parses only when both are clean and have the
/// shapes the guess implies (the first ends in that sequence, the second is one sequence at the same column), and
/// otherwise parses the file in one pass.
struct YAMLSplitPoint: Equatable {
    /// The byte offset where the second piece starts (the first byte of its first line).
    var offset: Int
    /// The number of lines before `offset`, as libyaml counts them (every line break, not only LF).
    var lines: Int
    /// The items' indentation: the column of their `-`, 0-based.
    var indent: Int
    /// The 1-based line of the top-level key that the sequence is the value of.
    var keyLine: Int

    /// The split point of `bytes`, or nil when there is none: no top-level key whose block sequence spans the middle,
    /// or directives (`%`) at the top, which the second piece would not see.
    static func find(in bytes: UnsafeBufferPointer<UInt8>) -> YAMLSplitPoint? {
        guard bytes.count >= 64, !startsWithDirective(bytes) else { return nil }
        let middle = lineStart(atOrBefore: bytes.count / 2, in: bytes)
        guard let (keyStart, indent) = sequenceKey(before: middle, in: bytes),
              let offset = nextItem(from: middle, indent: indent, in: bytes) else { return nil }
        // One count of the lines up to the key, continued to the cut (the key comes first).
        let linesBeforeKey = newlines(in: bytes, from: 0, to: keyStart)
        return YAMLSplitPoint(offset: offset, lines: linesBeforeKey + newlines(in: bytes, from: keyStart, to: offset),
                              indent: indent, keyLine: linesBeforeKey + 1)
    }

    private static let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
    private static let space = UInt8(ascii: " "), hash = UInt8(ascii: "#")
    private static let dash = UInt8(ascii: "-"), colon = UInt8(ascii: ":"), percent = UInt8(ascii: "%")

    /// Whether a directive line (`%YAML`, `%TAG`) comes before the first content line.
    private static func startsWithDirective(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        while start < bytes.count {
            let end = lineEnd(from: start, in: bytes)
            if bytes[start] == percent { return true }
            if !isBlankOrComment(start, end, in: bytes) { return false }
            start = end + 1
        }
        return false
    }

    /// The nearest content line at column 0 before `limit`: it must be a plain key alone (`rows:`, perhaps with a
    /// comment), followed by items at one indentation; nil otherwise. Returns the key line's start and the indentation.
    private static func sequenceKey(before limit: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (Int, Int)? {
        var start = limit
        while start > 0 {
            start = lineStart(atOrBefore: start - 1, in: bytes)
            let end = lineEnd(from: start, in: bytes)
            guard bytes[start] != space, !isBlankOrComment(start, end, in: bytes) else { continue }
            // An item at column 0 (`- id: …` under `rows:`) belongs to the sequence: keep looking for its key.
            if bytes[start] == dash, start + 1 < end, bytes[start + 1] == space { continue }
            guard isBareKey(start, end, in: bytes), let indent = firstItemIndent(after: end, in: bytes) else { return nil }
            return (start, indent)
        }
        return nil
    }

    /// Whether the line is `name:` and nothing more (spaces or a comment may follow), with a plain name.
    private static func isBareKey(_ start: Int, _ end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = start
        while i < end, bytes[i] != colon {
            let byte = bytes[i]
            let plain = (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
                || byte == UInt8(ascii: "_") || byte == dash || byte == UInt8(ascii: ".")
            guard plain else { return false }
            i += 1
        }
        guard i > start, i < end else { return false }
        return isBlankOrComment(i + 1, end, in: bytes, afterContent: true)
    }

    /// The indentation of the first content line after the key line that ends at `keyEnd`, when that line is an
    /// item (`- `).
    private static func firstItemIndent(after keyEnd: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var start = keyEnd + 1
        while start < bytes.count {
            let end = lineEnd(from: start, in: bytes)
            if !isBlankOrComment(start, end, in: bytes) {
                let indent = indentation(start, end, in: bytes)
                return isItem(start + indent, end, in: bytes) ? indent : nil
            }
            start = end + 1
        }
        return nil
    }

    /// The start of the first line from `from` on that is an item at exactly `indent`, unless a line at a smaller
    /// indentation (the sequence ends there) comes first.
    private static func nextItem(from: Int, indent: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var start = from
        while start < bytes.count {
            let end = lineEnd(from: start, in: bytes)
            if !isBlankOrComment(start, end, in: bytes) {
                let own = indentation(start, end, in: bytes)
                if own == indent && isItem(start + own, end, in: bytes) { return start }
                if own < indent || (own == indent && !isItem(start + own, end, in: bytes)) { return nil }
            }
            start = end + 1
        }
        return nil
    }

    private static func isItem(_ at: Int, _ end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        at + 1 < end && bytes[at] == dash && bytes[at + 1] == space
    }

    private static func indentation(_ start: Int, _ end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var i = start
        while i < end, bytes[i] == space { i += 1 }
        return i - start
    }

    /// Whether bytes `start..<end` hold only spaces, or spaces and then a comment (after content, a comment needs a
    /// space before its `#`).
    private static func isBlankOrComment(_ start: Int, _ end: Int, in bytes: UnsafeBufferPointer<UInt8>, afterContent: Bool = false) -> Bool {
        var i = start
        while i < end, bytes[i] == space { i += 1 }
        if i == end || (bytes[i] == UInt8(ascii: "\r") && i + 1 == end) { return true }
        return bytes[i] == hash && (!afterContent || i > start)
    }

    private static func lineStart(atOrBefore offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var i = min(offset, bytes.count - 1)
        while i > 0, bytes[i - 1] != newline { i -= 1 }
        return i
    }

    private static func lineEnd(from start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var i = start
        while i < bytes.count, bytes[i] != newline { i += 1 }
        return i
    }

    /// The line breaks in `bytes[start..<end]` as libyaml counts them, so that the second piece's lines move up by
    /// the lines one pass has seen at the cut: LF; CR LF once; a CR alone; and NEL (U+0085), LS (U+2028) and PS
    /// (U+2029), which libyaml also takes for breaks (YAML 1.1). The bytes are valid UTF-8 (the loader checks before
    /// it splits), so these byte patterns are those characters. Counting LF alone put every line after a lone CR one
    /// line early in the joined document (a fuzz find, `Fuzz/crashers/split`).
    private static func newlines(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var count = 0
        for i in start..<end {
            switch bytes[i] {
            case newline: count += 1
            case carriageReturn where i + 1 >= bytes.count || bytes[i + 1] != newline: count += 1
            case 0xC2 where i + 1 < bytes.count && bytes[i + 1] == 0x85: count += 1
            case 0xE2 where i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9):
                count += 1
            default: break
            }
        }
        return count
    }
}
