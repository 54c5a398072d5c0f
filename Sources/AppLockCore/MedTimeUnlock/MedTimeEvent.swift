/// Inputs of the MedTime unlock screen (§4.2 gestures, §4.3, §6.2).
public enum MedTimeEvent: Hashable, Sendable, CustomStringConvertible {
    /// The app opened; `sessionValid` is the session check of §4.1.
    case open(sessionValid: Bool)
    /// The biometric prompt replied.
    case biometricResult(AuthenticationReply)
    /// "Usar PIN" on the biometric prompt.
    case usePIN
    /// A key 0-9 on the PIN pad (other values are ignored). Never printed.
    case digit(Int)
    /// The X key: remove the last digit.
    case delete
    /// Long press on X: remove every digit.
    case clearAll
    /// The one-second countdown refresh (§6.2).
    case tick
    /// "Iniciar sesion nuevamente" on the blocked screen.
    case tapLogin
    /// "Olvidaste tu PIN?".
    case forgotPIN

    /// The event's name; a digit prints as `digit` with no value.
    public var description: String {
        switch self {
        case .open(let valid): "open(sessionValid=\(valid))"
        case .biometricResult(let reply): "biometricResult(\(reply))"
        case .usePIN: "usePIN"
        case .digit: "digit"
        case .delete: "delete"
        case .clearAll: "clearAll"
        case .tick: "tick"
        case .tapLogin: "tapLogin"
        case .forgotPIN: "forgotPIN"
        }
    }
}
