import SpecKit

/// The sentence for a `--row` or `--spec` id that names nothing in the specs read: a did-you-mean when an id is close
/// to it, else where the ids are to be found, so the command line's one-line error always says what to try next.
enum UnknownSelection {
    /// `no row 'ID'` with the closest row or case id, or, when none is close, where a row's id is written.
    static func row(_ id: String, known: Set<String>) -> String {
        if let guess = Suggest.closest(to: id, in: known) { return "no row '\(id)' (did you mean '\(guess)'?)" }
        return "no row '\(id)', and no row id is close to it: --row takes the id written after 'id:' in a row of the specs"
    }

    /// `no spec 'ID'` with the closest spec id, or, when none is close, what lists the spec ids.
    static func spec(_ id: String, known: Set<String>) -> String {
        if let guess = Suggest.closest(to: id, in: known) { return "no spec '\(id)' (did you mean '\(guess)'?)" }
        return "no spec '\(id)', and no spec id is close to it: 'lockspec lint --summary' of the same paths lists the \(known.count) spec ids"
    }
}
