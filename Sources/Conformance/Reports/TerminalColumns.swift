/// How many columns a text takes in a terminal: a character of the East Asian wide or fullwidth ranges (`关闭`, `ｔ`)
/// takes two, any other one (a combining mark goes with the character before it). The console's tables pad by it, so a
/// column of Chinese values lines up with one of Latin values (a trial found `expected 关闭` pushing `actual` left).
enum TerminalColumns {
    /// The columns of `text`.
    static func of(_ text: String) -> Int {
        text.reduce(0) { total, character in total + (character.unicodeScalars.first.map(isWide) == true ? 2 : 1) }
    }

    /// `text` padded with spaces to `width` columns (as it is when it is that wide or wider).
    static func pad(_ text: String, _ width: Int) -> String {
        let columns = of(text)
        return columns >= width ? text : text + String(repeating: " ", count: width - columns)
    }

    /// The wide and fullwidth blocks: Hangul Jamo, CJK radicals to Yi (less U+303F), Hangul syllables, CJK
    /// compatibility ideographs and forms, fullwidth forms and signs, the emoji blocks, and the supplementary
    /// ideographic planes.
    static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3040...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
        0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD,
    ]

    static func isWide(_ scalar: Unicode.Scalar) -> Bool { wide.contains { $0.contains(scalar.value) } }
}
