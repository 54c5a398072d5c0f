/// The lock screen's password field: what the user has typed and not yet submitted, one character at a time.
///
/// §5 asks for the input in a controlled byte buffer released as soon as possible, so every character is its own
/// `SecretBytes` and is zeroed when deleted, cleared or submitted. Only the length is visible (the screen shows one
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

    /// The typed text as one secret, for a submission (the caller wipes it when done).
    func content() -> SecretBytes {
        SecretBytes(characters.flatMap { $0.copyBytes() })
    }
}
