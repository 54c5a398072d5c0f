/// A lock screen's secret field: what the user has typed and not yet submitted, one character at a time (the dual
/// password's field, and MedTime's PIN pad, one digit a character).
///
/// Dual-password §5 asks for the input in a controlled byte buffer released as soon as possible, so every character
/// is its own `SecretBytes` and is zeroed when deleted, cleared or submitted, through `wipe()`: a character the app
/// handed in (and may still hold) reads zero too. Only the length is visible (the screen shows one
/// masked dot per character); the text never is. The field lives in memory only: a kill loses it.
public struct PasswordField: Sendable {
    private var characters: [SecretBytes] = []

    /// An empty field.
    public init() {}

    /// The number of characters typed (the masked dots on screen).
    public var length: Int { characters.count }

    /// True when nothing is typed.
    public var isEmpty: Bool { characters.isEmpty }

    /// Appends one typed character (its UTF-8 bytes).
    mutating func append(_ character: SecretBytes) {
        characters.append(character)
    }

    /// Deletes the last character, if any.
    mutating func deleteBackward() {
        characters.popLast()?.wipe()
    }

    /// Empties the field, zeroing every character.
    mutating func clear() {
        characters.forEach { $0.wipe() }
        characters = []
    }

    /// The typed text as one secret of its own, for a submission (built in place; zeroed when the caller lets it go).
    func content() -> SecretBytes {
        SecretBytes.joined(characters)
    }
}
