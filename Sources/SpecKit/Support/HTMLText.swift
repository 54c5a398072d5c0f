/// Text for an HTML page, shared by every report that writes one (the compliance report, the mutation report).
public enum HTMLText {
    /// HTML text or attribute content: `&`, `<`, `>`, `"` and `'` as references; control characters other than tab
    /// and newline (C0, DEL, C1) shown as `\u{…}`, so a page never carries one raw.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
