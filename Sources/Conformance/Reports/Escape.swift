import SpecKit

/// Escaping for the markup formats the reports write. Every piece of text from a spec or a run passes through here.
enum Escape {
    /// Whether a scalar may appear in an XML 1.0 document.
    static func allowedInXML(_ v: UInt32) -> Bool {
        v == 0x9 || v == 0xA || v == 0xD || (0x20...0xD7FF).contains(v) || (0xE000...0xFFFD).contains(v)
            || (0x10000...0x10FFFF).contains(v)
    }

    /// XML text or attribute content: the five specials escaped, line breaks and tabs kept as character references
    /// in attributes (so attribute normalisation does not eat them), and characters XML 1.0 forbids shown as `\u{…}`.
    static func xml(_ s: String, attribute: Bool = false) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += attribute ? "&#10;" : "\n"
            case "\r": out += "&#13;"
            case "\t": out += attribute ? "&#9;" : "\t"
            default:
                if allowedInXML(scalar.value) {
                    out.unicodeScalars.append(scalar)
                } else {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                }
            }
        }
        return out
    }

    /// HTML text or attribute content (`HTMLText.escape`).
    static func html(_ s: String) -> String { HTMLText.escape(s) }

    /// Text inside a Markdown table cell or list item, escaped for Markdown (not HTML: an apostrophe or a quote stays
    /// as written). Control characters are shown escaped (`VisibleText`, so a line break cannot end the cell or the
    /// item); a pipe is `\|`; and a backslash escape goes before each character that would start markup: a backtick,
    /// `*`, `~`, `[`, `]`, an underscore not inside a word, a `<` that could open a tag or an autolink, a `&` that could
    /// start an entity, and a backslash that would escape the next character.
    static func markdown(_ s: String) -> String {
        let characters = Array(VisibleText.escape(s))
        var out = ""
        out.reserveCapacity(characters.count)
        for (i, ch) in characters.enumerated() {
            let before = i > 0 ? characters[i - 1] : nil, after = i + 1 < characters.count ? characters[i + 1] : nil
            if startsMarkup(ch, before: before, after: after) { out += "\\" }
            out.append(ch)
        }
        return out
    }

    /// Whether a character, between `before` and `after`, would be read as Markdown markup (or break a table cell).
    private static func startsMarkup(_ ch: Character, before: Character?, after: Character?) -> Bool {
        let wordy = { (c: Character?) in c.map { $0.isLetter || $0.isNumber } ?? false }
        switch ch {
        case "|", "`", "*", "~", "[", "]": return true
        case "_": return !(wordy(before) && wordy(after))
        case "<": return after.map { $0.isASCII && ($0.isLetter || "/!?".contains($0)) } ?? false
        case "&": return after.map { $0.isASCII && ($0.isLetter || $0 == "#") } ?? false
        case "\\": return after.map { $0.isASCII && $0.isPunctuation || $0.isASCII && $0.isSymbol } ?? false
        default: return false
        }
    }

    /// A Markdown code span that survives backticks inside the text.
    static func markdownCode(_ s: String) -> String {
        let flat = VisibleText.escape(s).replacingAll("|", with: "\\|")
        var longest = 0, run = 0
        for ch in flat { if ch == "`" { run += 1; longest = max(longest, run) } else { run = 0 } }
        let fence = String(repeating: "`", count: longest + 1)
        let pad = flat.hasPrefix("`") || flat.hasSuffix("`") || flat.isEmpty ? " " : ""
        return fence + pad + flat + pad + fence
    }
}

extension String {
    /// Replaces every occurrence of a character (Foundation-free, so the reports need nothing beyond the stdlib).
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for ch in self { if ch == target { out += replacement } else { out.append(ch) } }
        return out
    }
}
