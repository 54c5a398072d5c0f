/// Inputs of the dual-password lock (§4, §9). Secrets are `SecretBytes` and print redacted.
public enum DualPasswordEvent: Sendable, CustomStringConvertible {
    /// A password submitted on the lock screen.
    case submit(SecretBytes)
    /// The Face ID quick-unlock prompt replied.
    case faceIDResult(AuthenticationReply)
    /// The lock screen's cancel.
    case cancel
    /// The app went to the background.
    case background
    /// Manual lock.
    case lock
    /// Inactivity timeout.
    case timeout
    /// Real profile settings: start enabling erase; needs the main password.
    case beginEnableErase(SecretBytes)
    /// The irreversible-action warning was acknowledged.
    case acknowledgeEraseWarning
    /// The second confirmation was given: erase becomes enabled.
    case confirmEnableErase
    /// The enable-erase flow was abandoned.
    case cancelEraseSetup
    /// Real profile settings: disable erase; needs the main password.
    case disableErase(SecretBytes)
    /// Real profile settings: allow or forbid Face ID quick unlock of Real.
    case setQuickUnlock(Bool)
    /// One character typed into the lock screen's password field (its UTF-8 bytes).
    case typeCharacter(SecretBytes)
    /// The field's delete key: removes the last character.
    case deleteBackward
    /// The field's clear button: empties it.
    case clearField
    /// The field's return key: submits what the field holds, as `submit` does.
    case submitField

    /// The event's name, secrets redacted.
    public var description: String {
        switch self {
        case .submit: "submit(<redacted>)"
        case .faceIDResult(let reply): "faceIDResult(\(reply))"
        case .cancel: "cancel"
        case .background: "background"
        case .lock: "lock"
        case .timeout: "timeout"
        case .beginEnableErase: "beginEnableErase(<redacted>)"
        case .acknowledgeEraseWarning: "acknowledgeEraseWarning"
        case .confirmEnableErase: "confirmEnableErase"
        case .cancelEraseSetup: "cancelEraseSetup"
        case .disableErase: "disableErase(<redacted>)"
        case .setQuickUnlock(let on): "setQuickUnlock(\(on))"
        case .typeCharacter: "typeCharacter(<redacted>)"
        case .deleteBackward: "deleteBackward"
        case .clearField: "clearField"
        case .submitField: "submitField"
        }
    }
}
