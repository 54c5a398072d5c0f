/// The business scenarios of article §5, each with its own policy and lockout handling.
public enum AuthScenario: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// §5.1 login: biometrics first, passcode fallback.
    case login
    /// §5.2 payment: biometrics only; a lockout refuses the transaction.
    case payment
    /// §5.3 sensitive operation (view private data, change password): passcode allowed, biometrics preferred.
    case sensitiveOperation

    /// The policy the scenario evaluates with (§2.1, §5).
    public var policy: AuthenticationPolicy {
        switch self {
        case .login, .sensitiveOperation: .deviceOwnerAuthentication
        case .payment: .deviceOwnerAuthenticationWithBiometrics
        }
    }

    /// The raw name.
    public var description: String { rawValue }
}
