/// The hint for a citation of a section a document does not have. A numbered section (`§12`, `§6.1.9`) is named
/// among its would-be siblings, since the nearest text is no guide there (`§1` is nearest to `§12` in a document
/// of nine); a section named by its title gets the nearest title as a did-you-mean.
enum SectionHint {
    /// The most sibling sections a hint lists before it names the first and the last.
    static let maximumListed = 12

    /// The hint for `cited` among `ids`, the document's section ids in order; nil when nothing helps.
    static func hint(for cited: String, among ids: [String]) -> String? {
        guard isNumbered(cited) else { return Suggest.closest(to: cited, in: Set(ids)).map { "did you mean '§\($0)'?" } }
        var parent = cited.split(separator: ".").dropLast().joined(separator: ".")
        if !parent.isEmpty, !ids.contains(parent) { parent = "" }
        let siblings = ids.filter { isNumbered($0) && $0.split(separator: ".").dropLast().joined(separator: ".") == parent }
        guard !siblings.isEmpty else { return nil }
        let listed = siblings.count <= maximumListed ? siblings.map { "§" + $0 }.joined(separator: ", ")
            : "§\(siblings[0]) … §\(siblings[siblings.count - 1])"
        return parent.isEmpty ? "its top-level sections are \(listed)" : "the sections of §\(parent) are \(listed)"
    }

    /// Whether a section id is a number (`12`, `6.1.2`), not a title.
    static func isNumbered(_ id: String) -> Bool {
        !id.isEmpty && id.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }
    }
}
