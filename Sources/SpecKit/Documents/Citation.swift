/// One `<document> §<section>` of a row's `source`. A source may cite several sections: written as a YAML list, it is
/// kept as one text with the citations joined by `; `.
public struct Citation: Codable, Hashable, Sendable {
    /// The document's file name.
    public var document: String
    /// The section after `§`; empty when the citation names the whole document.
    public var section: String

    /// The text that joins several citations in one `source`.
    public static let separator = "; "

    /// Every citation of a source text, in order; none for nil or an empty text.
    public static func all(in source: String?) -> [Citation] {
        (source ?? "").split(separator: ";").compactMap { part in
            let text = OutlineText.trimmed(String(part))
            guard !text.isEmpty else { return nil }
            guard let mark = text.firstIndex(of: "§") else { return Citation(document: withoutMark(text)?.document ?? text, section: "") }
            return Citation(document: OutlineText.trimmed(String(text[..<mark])),
                            section: OutlineText.trimmed(String(text[text.index(after: mark)...])))
        }
    }

    /// A citation written with its `§` left out (`face-id-launch-lock.zh.md 2`): the document (up to the first word
    /// that ends in a file extension, such as `.md`) and, after white space, the section it most likely means; nil
    /// for any other text, such as a document alone or a text that names no file. `all(in:)` cites that document,
    /// with no section, so the document is not reported missing under a name it does not have.
    public static func withoutMark(_ text: String) -> (document: String, section: String)? {
        guard !text.contains("§") else { return nil }
        var end = text.startIndex
        for word in text.split(whereSeparator: \.isWhitespace) {
            end = word.endIndex
            guard let dot = word.lastIndex(of: "."), dot != word.startIndex else { continue }
            let suffix = word[word.index(after: dot)...]
            guard (1...5).contains(suffix.count), suffix.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
                  suffix.contains(where: \.isLetter) else { continue }
            let section = OutlineText.trimmed(String(text[end...]))
            return section.isEmpty ? nil : (String(text[..<end]), section)
        }
        return nil
    }

    /// Whether some citation of a source names no section: `all(in: source).contains { $0.section.isEmpty }`,
    /// answered without building the citations (the reader asks it of every row).
    ///
    /// Read byte by byte when every character of the text is a single Unicode scalar below U+0300 other than CR:
    /// no such scalar extends a grapheme, so splitting at `;` and trimming spaces and tabs by byte agrees with doing
    /// it by `Character` (the ideographic space, U+3000, cannot occur there). Any other text takes `all(in:)`.
    static func anyWithoutSection(in source: String) -> Bool {
        var text = source
        // U+0300 and above start with 0xCC or more; CR is 0x0D.
        if text.withUTF8({ bytes in bytes.contains { $0 >= 0xCC || $0 == 0x0D } }) {
            return all(in: source).contains { $0.section.isEmpty }
        }
        return text.withUTF8(anyWithoutSection(bytes:))
    }

    /// `anyWithoutSection(in:)` over text known to hold no scalar at or above U+0300 and no CR, byte by byte.
    private static func anyWithoutSection(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var content = false, mark = false, section = false
        var previous: UInt8 = 0
        for byte in bytes {
            defer { previous = byte }
            if byte == UInt8(ascii: ";") {
                if content && (!mark || !section) { return true }
                (content, mark, section) = (false, false, false)
                continue
            }
            if byte == 0xA7, previous == 0xC2, !mark {
                // `§` (C2 A7): its lead byte was taken for content, which it is (a part holding only `§` is not empty).
                mark = true
                continue
            }
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { continue }
            content = true
            if mark { section = true }
        }
        return content && (!mark || !section)
    }

    /// `document §section`, or the document alone.
    public var text: String { section.isEmpty ? document : "\(document) §\(section)" }
}
