/// Double-quoted literals in the two languages LockSpec writes text into: JSON and YAML.
///
/// Both escape `"` and `\` with a backslash and name `\n`, `\r` and `\t`; they differ only in how another
/// control character is written, which each `Controls` gives.
public enum QuotedText {
    /// How a control character other than `\n`, `\r` and `\t` is written, or nil to keep a scalar as it is.
    public typealias Controls = @Sendable (Unicode.Scalar) -> String?

    /// JSON: C0 controls as `\u00XX`.
    public static let json: Controls = { $0.value < 0x20 ? "\\u" + hex($0.value, digits: 4) : nil }
    /// YAML double-quoted: every scalar YAML does not allow as it is, or reads as a line break, escaped. C0 controls,
    /// DEL and the C1 controls (NEL too) as `\xXX`; the line and paragraph separators, the byte order mark and
    /// U+FFFE, U+FFFF as `\uXXXX`.
    public static let yaml: Controls = { scalar in
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F: "\\x" + hex(scalar.value, digits: 2)
        case 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF: "\\u" + hex(scalar.value, digits: 4)
        default: nil
        }
    }

    /// `text` between double quotes, escaped with `controls`.
    public static func quote(_ text: String, _ controls: Controls) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if let escaped = controls(scalar) { out += escaped } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }

    /// Lowercase hexadecimal, zero-padded to `digits`.
    static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
