/// Shows the control characters of a text visibly, so that text taken from a spec (or from a result file) can never
/// start a line of its own, move the cursor or colour a terminal when it is printed.
///
/// Every human-readable output (diagnostics as text and GitHub annotations, the console run report, Markdown) passes
/// spec text through `escape`. A backslash is left as it is: the escapes only need to be visible, not reversible.
public enum VisibleText {
    /// Whether a scalar is written as an escape: the C0 controls (newline, tab, ESC…), DEL, the C1 controls, the
    /// Unicode line and paragraph separators, and the bidirectional embeddings, overrides and isolates (which can
    /// make a line read differently from what it holds).
    public static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The text with every escaped scalar written as `\n`, `\r`, `\t`, or `\u{1B}` (hexadecimal, upper case).
    public static func escape(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isEscaped) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            guard isEscaped(scalar) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return out
    }
}
