/// A list of names for a message, cut at `most`: `a, b, c` or `a, b, c and 4 more`. Lint's notes, the reports and the
/// watch loop all count what they leave out this one way.
public func listedNames<Names: Collection<String>>(_ names: Names, most: Int) -> String {
    names.prefix(most).joined(separator: ", ") + (names.count > most ? " and \(names.count - most) more" : "")
}

/// Parts of a sentence joined as a list is said: `a`, `a and b`, `a, b and c`.
func joinedWithAnd(_ parts: [String]) -> String {
    parts.count < 2 ? parts.joined() : parts.dropLast().joined(separator: ", ") + " and " + parts[parts.count - 1]
}

/// A count and its noun, the noun plural unless the count is one (`1 spec`, `2 specs`); for nouns that take an `s`.
public func counted(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
