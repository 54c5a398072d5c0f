/// The two LocalAuthentication policies (`LAPolicy`).
public enum AuthenticationPolicy: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Biometrics first, device passcode as fallback.
    case deviceOwnerAuthentication
    /// Biometrics only: no passcode fallback.
    case deviceOwnerAuthenticationWithBiometrics

    /// The raw name, e.g. `deviceOwnerAuthentication`.
    public var description: String { rawValue }
}
