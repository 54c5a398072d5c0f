/// The numbers a text states, as a reader would take them: durations with a unit (`59s`, `60S` in an id, `60 秒`,
/// `1 minute`, `60.001 s`, `0.5s`) and whole numbers standing alone (`PIN-5` in an id, `7 characters`, `the 5th`).
///
/// Not numbers here: digits inside a word (`ACC3`, `8PLUS`), a section (`§6.1.2`), a dotted version or number
/// (`1.2.0`), or digits grouped by commas (`1,700`). A decimal without a unit is no whole number.
enum WrittenNumbers {
    /// The duration a text states and nothing else (`90 sec`, `2 minutes`, `1.5m`), or nil.
    static func duration(_ text: String) -> Value? {
        let words = all(in: text)
        guard words.count == 1, words[0].written == text.trimmingSpaces, case .duration = words[0].value else { return nil }
        return words[0].value
    }

    /// Each number `text` states, in order, with the characters that state it.
    static func all(in text: String) -> [(written: String, value: Value)] {
        let chars = Array(text)
        var found: [(written: String, value: Value)] = []
        var i = 0
        while i < chars.count {
            guard chars[i].isASCIIDigit, i == 0 || !blocksNumber(after: chars[i - 1], at: i - 1, in: chars) else { i += 1; continue }
            var end = i
            while end < chars.count, chars[end].isASCIIDigit { end += 1 }
            let whole = String(chars[i..<end])
            var fraction = ""
            if end + 1 < chars.count, chars[end] == ".", chars[end + 1].isASCIIDigit {
                var f = end + 1
                while f < chars.count, chars[f].isASCIIDigit { f += 1 }
                fraction = String(chars[(end + 1)..<f])
                end = f
            }
            // A dotted run (`1.2.0`, `6.1.2`) is a version or a section, and `1,700` a grouped number: neither is one.
            if end + 1 < chars.count, chars[end] == "." || chars[end] == ",", chars[end + 1].isASCIIDigit {
                while end < chars.count, chars[end].isASCIIDigit || chars[end] == "." || chars[end] == "," { end += 1 }
                i = end
                continue
            }
            if let (unitEnd, milliseconds) = unit(in: chars, from: end),
               let ms = Self.milliseconds(whole: whole, fraction: fraction, unit: milliseconds) {
                found.append((String(chars[i..<unitEnd]), .duration(milliseconds: ms)))
                i = unitEnd
                continue
            }
            let ordinal = fraction.isEmpty ? ordinalSuffix(in: chars, from: end) : nil
            if fraction.isEmpty, ordinal != nil || end == chars.count || !isLatinLetter(chars[end]), whole.count <= 18, let n = Int(whole) {
                found.append((String(chars[i..<(ordinal ?? end)]), .int(n)))
            }
            i = ordinal ?? end
        }
        return found
    }

    /// Whether `c`, just before a digit, makes the digit part of something else: a longer number, a word (`ACC3`), a
    /// section (`§6`), or a group after a comma (`1,700`).
    private static func blocksNumber(after c: Character, at index: Int, in chars: [Character]) -> Bool {
        if c.isASCIIDigit || c == "." || c == "§" || isLatinLetter(c) { return true }
        return c == "," && index > 0 && chars[index - 1].isASCIIDigit
    }

    /// The unit after a number ending at `start` (one space or hyphen may come between): where it ends and how many
    /// milliseconds it is. A Latin unit is a whole word (`5ms` is not `5m`); a Chinese one may run on into the text.
    private static func unit(in chars: [Character], from start: Int) -> (end: Int, milliseconds: Int)? {
        var k = start
        if k < chars.count, chars[k] == " " || chars[k] == "-" { k += 1 }
        var wordEnd = k
        while wordEnd < chars.count, isLatinLetter(chars[wordEnd]) { wordEnd += 1 }
        if wordEnd > k {
            return latinUnits[String(chars[k..<wordEnd]).lowercased()].map { (wordEnd, $0) }
        }
        return chineseUnits.first { chars[k...].starts(with: $0.word) }.map { (k + $0.word.count, $0.milliseconds) }
    }

    /// Where an English ordinal's suffix after a number ends (`5th`, `3rd`, `1st`, `2nd`), if one follows as a whole word.
    private static func ordinalSuffix(in chars: [Character], from start: Int) -> Int? {
        guard start + 2 <= chars.count, ["st", "nd", "rd", "th"].contains(String(chars[start..<start + 2]).lowercased()),
              start + 2 == chars.count || !isLatinLetter(chars[start + 2]) else { return nil }
        return start + 2
    }

    /// `whole.fraction` of a unit of `unit` milliseconds, when it is a whole number of milliseconds that fits.
    private static func milliseconds(whole: String, fraction: String, unit: Int) -> Int? {
        guard whole.count <= 15, fraction.count <= 6, let w = Int(whole) else { return nil }
        let scale = fraction.reduce(1) { scale, _ in scale * 10 }
        let f = Int(fraction) ?? 0
        let (base, o1) = w.multipliedReportingOverflow(by: unit)
        let (part, o2) = f.multipliedReportingOverflow(by: unit)
        guard !o1, !o2, part % scale == 0 else { return nil }
        return base + part / scale
    }

    private static func isLatinLetter(_ c: Character) -> Bool {
        c.isLetter && c.unicodeScalars.allSatisfy { $0.value < 0x250 }
    }

    /// Unit words in the languages of the specs and their documents (English, Spanish), lowercased.
    private static let latinUnits: [String: Int] = [
        1: ["ms", "msec", "msecs", "millisecond", "milliseconds", "milisegundo", "milisegundos"],
        1_000: ["s", "sec", "secs", "second", "seconds", "segundo", "segundos"],
        60_000: ["m", "min", "mins", "minute", "minutes", "minuto", "minutos"],
        3_600_000: ["h", "hr", "hrs", "hour", "hours", "hora", "horas"],
        86_400_000: ["d", "day", "days", "dia", "dias", "día", "días"],
    ].reduce(into: [:]) { units, unit in for name in unit.value { units[name] = unit.key } }

    /// Chinese units, the longer first (`毫秒` before `秒`).
    private static let chineseUnits: [(word: String, milliseconds: Int)] = [("毫秒", 1), ("秒", 1_000), ("分钟", 60_000), ("小时", 3_600_000), ("天", 86_400_000)]
}
