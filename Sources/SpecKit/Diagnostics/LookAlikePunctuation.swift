/// Punctuation that looks like YAML's or the spec language's but is another character: the full-width colon and
/// comma of Chinese and Japanese input methods (`：`, `，`, `、`), typographic quotes (`“ ” ‘ ’`), full-width
/// brackets and digits (`６０s`). To the eye `on： inactive` has a colon, so a finding about it says which character it is and what to
/// write instead.
enum LookAlikePunctuation {
    /// Each look-alike, the character to write instead, and its name.
    static let characters: [Character: (ascii: String, name: String)] = [
        "：": (":", "a full-width colon"), "，": (",", "a full-width comma"), "、": (",", "an ideographic comma"),
        "“": ("\"", "a typographic quote"), "”": ("\"", "a typographic quote"),
        "‘": ("'", "a typographic quote"), "’": ("'", "a typographic quote"),
        "［": ("[", "a full-width bracket"), "］": ("]", "a full-width bracket"),
        "｛": ("{", "a full-width brace"), "｝": ("}", "a full-width brace"),
    ].merging((0...9).compactMap { d in Unicode.Scalar(0xFF10 + UInt32(d)).map { (Character($0), ("\(d)", "a full-width digit")) } }) { first, _ in first }

    /// The first look-alike in `text`.
    static func first(in text: Substring) -> Character? {
        text.first { characters[$0] != nil }
    }

    /// `'：' is a full-width colon (U+FF1A), which YAML does not read as ':': write ':'`.
    static func advice(_ c: Character) -> String {
        guard let (ascii, name) = characters[c], let scalar = c.unicodeScalars.first else { return "" }
        let code = String(scalar.value, radix: 16, uppercase: true)
        return "'\(c)' is \(name) (U+\(code)), which YAML does not read as '\(ascii)': write '\(ascii)'"
    }

    /// The finding with the advice about the first look-alike its message quotes (as a hint when it has none, else as
    /// a note), or as it is when it quotes none.
    static func explained(_ d: Diagnostic) -> Diagnostic {
        guard let c = first(in: Substring(d.message)) else { return d }
        var d = d
        if d.hint == nil { d.hint = advice(c) } else { d.notes.append(advice(c)) }
        return d
    }
}
