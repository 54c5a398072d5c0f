extension DualPassword {
    /// Edits or submits the password field (D-DP-FIELD). The field exists on the lock screen only, so every field
    /// event outside `locked` does nothing. Submitting the field is `submit` with its content; the clear that every
    /// submission asks for (D-DP-CLEAR-INPUT) empties it.
    mutating func editField(_ event: DualPasswordEvent, now: DeviceTime) -> [DualPasswordEffect] {
        guard state == .locked else { return [] }
        switch event {
        case .typeCharacter(let character):
            field.append(character)
            return []
        case .deleteBackward:
            field.deleteBackward()
            return []
        case .clearField:
            return [.clearInput]
        case .submitField:
            return handle(.submit(field.content()), now: now)
        default:
            return []
        }
    }
}
