/// The versions of the spec language. A spec may say which one it is written in (`language: 2`); a spec that says
/// nothing is read as the current one. `lockspec migrate` brings an older spec up to date (`SpecMigration`).
public enum SpecLanguage {
    /// The version this build reads.
    public static let current = 3

    /// What each version changed against the one before it, for `lockspec migrate` and the docs.
    public static let changes: [(version: Int, change: String)] = [
        (2, "a decision or matrix spec names its fixture function with 'table:'; 'expect' on a repeated step is "
            + "'expect-each' or 'expect-last'; product values shared by a fixture's specs live in its product file"),
        (3, "versions and dates are written as values (min: \"1.10\", to: \"2026-05-01\"), not as names (v1_10); "
            + "a malformed version is marked (\"invalid 1.x\"); a spec's product values are its own, held "
            + "against the product file's only, not another spec's; specs may say 'language:'"),
    ]
}

extension ReadContext {
    /// Reads `language:`: absent or the current version is fine; an older version stops the reading with one
    /// finding that says how to migrate, so none of the findings its old constructs would give is reported.
    func languageIsCurrent(_ node: NodeView?) -> Bool {
        guard let node else { return true }
        // A list or a mapping is not a version: one finding (text(_:_:) would add a type error of its own).
        guard let text = node.scalar, let version = Int(text), (1...SpecLanguage.current).contains(version) else {
            error("spec.bad-language", "'language' is the spec language version this spec is written in: a whole number from 1 to "
                  + "\(SpecLanguage.current)", at: node.location, hint: "write language: \(SpecLanguage.current), or leave it out for the current version")
            return false
        }
        guard version == SpecLanguage.current else {
            error("spec.old-language", "this spec is written in language \(version); this lockspec reads language \(SpecLanguage.current)",
                  at: node.location, hint: "run 'lockspec migrate \(file)': it rewrites what it can and lists what needs your choice",
                  notes: SpecLanguage.changes.filter { $0.version > version }.map { "language \($0.version): \($0.change)" })
            return false
        }
        return true
    }
}
